// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// A GVariant: the values D-Bus messages carry. Immutable, so any thread may read one.
///
/// The Swift object holds one strong reference (a floating one from a `g_variant_new_*` is sunk), so
/// a value handed to a C container (a tuple, an array, a reply) is referenced by it and released here.
nonisolated public final class Variant: @unchecked Sendable {
  /// `GVariant *`, one reference owned.
  public let pointer: OpaquePointer

  /// Sinks a new, floating value (what the `g_variant_new_*` functions return).
  public init(sinking floating: OpaquePointer) {
    pointer = g_variant_ref_sink(floating)
  }

  /// Adopts a transfer-full, non-floating reference (what `g_icon_serialize` and call replies give).
  public init(adopting pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    g_variant_unref(pointer)
  }

  // MARK: - Making values

  public convenience init(_ string: String) {
    self.init(sinking: g_variant_new_string(string))
  }

  public convenience init(_ value: UInt32) {
    self.init(sinking: g_variant_new_uint32(value))
  }

  /// An `as`.
  public convenience init(strings: [String]) {
    let made = withCStringArray(strings) { array in
      g_variant_new_strv(
        UnsafeRawPointer(array).assumingMemoryBound(to: UnsafePointer<CChar>?.self), gssize(strings.count))
    }
    self.init(sinking: made!)
  }

  /// A tuple of `values` (the parameters or the reply of a D-Bus method).
  public convenience init(tuple values: [Variant]) {
    var children: [OpaquePointer?] = values.map(\.pointer)
    let made = children.withUnsafeMutableBufferPointer { buffer in
      g_variant_new_tuple(buffer.baseAddress, gsize(values.count))
    }
    self.init(sinking: made!)
  }

  /// An `a{sv}` (a "vardict"): each value boxed in a variant.
  public convenience init(dictionary: [(key: String, value: Variant)]) {
    let entries = dictionary.map { entry in
      Variant(
        sinking: g_variant_new_dict_entry(
          g_variant_new_string(entry.key), g_variant_new_variant(entry.value.pointer)))
    }
    self.init(array: entries, elementType: "{sv}")
  }

  /// An array of `elements`, all of `elementType` (a GVariant type string; needed when it is empty).
  public convenience init(array elements: [Variant], elementType: String) {
    let type = g_variant_type_new(elementType)
    defer { g_variant_type_free(type) }
    var children: [OpaquePointer?] = elements.map(\.pointer)
    let made = children.withUnsafeMutableBufferPointer { buffer in
      g_variant_new_array(type, buffer.baseAddress, gsize(elements.count))
    }
    self.init(sinking: made!)
  }

  /// The serialised GIcon (`g_icon_serialize`) of the image file at `url`: what GNOME Shell's search
  /// results take as their `icon`, and turn back into an icon with `g_icon_deserialize`.
  public static func fileIcon(_ url: URL) -> Variant? {
    let file = FileURL.file(for: url)
    defer { g_object_unref(file.raw) }
    let icon = g_file_icon_new(file)!
    defer { g_object_unref(icon.raw) }
    return g_icon_serialize(icon).map { Variant(adopting: $0) }
  }

  // MARK: - Reading values

  /// The GVariant type string ("s", "as", "(as)", "aa{sv}").
  public var typeString: String { String(cString: g_variant_get_type_string(pointer)) }

  /// The children of a tuple, an array or a dictionary entry.
  public var children: [Variant] {
    guard g_variant_is_container(pointer) != 0 else { return [] }
    return (0..<Int(g_variant_n_children(pointer))).map { index in
      Variant(adopting: g_variant_get_child_value(pointer, gsize(index)))
    }
  }

  /// A string's text (`s`, `o` or `g`); nil for any other type.
  public var string: String? {
    guard ["s", "o", "g"].contains(typeString) else { return nil }
    return String(cString: g_variant_get_string(pointer, nil))
  }

  public var uint32: UInt32? {
    typeString == "u" ? g_variant_get_uint32(pointer) : nil
  }

  /// An `as`'s strings; nil for any other type.
  public var strings: [String]? { strings(upTo: .max) }

  /// The first `limit` strings of an `as`, without reading the others (a caller may send a hundred
  /// thousand); nil for any other type.
  public func strings(upTo limit: Int) -> [String]? {
    guard typeString == "as" else { return nil }
    let count = min(max(0, limit), Int(g_variant_n_children(pointer)))
    return (0..<count).compactMap { index in
      Variant(adopting: g_variant_get_child_value(pointer, gsize(index))).string
    }
  }

  /// An `a{sv}`'s entries, each value unboxed; nil for any other type.
  public var dictionary: [String: Variant]? {
    guard typeString == "a{sv}" else { return nil }
    var result: [String: Variant] = [:]
    for entry in children {
      let parts = entry.children
      guard parts.count == 2, let key = parts[0].string else { continue }
      let boxed = parts[1]
      result[key] = withExtendedLifetime(boxed) { Variant(adopting: g_variant_get_variant(boxed.pointer)) }
    }
    return result
  }

  /// The local file of the icon this value serialises (`g_icon_deserialize`, as GNOME Shell reads a
  /// search result's icon); nil when it is not an icon or not one made of a local file.
  public var iconFile: URL? {
    guard let icon = g_icon_deserialize(pointer) else { return nil }
    defer { g_object_unref(icon.raw) }
    guard gtkkit_is_a(icon.raw, g_file_icon_get_type()) != 0, let file = g_file_icon_get_file(icon) else {
      return nil
    }
    return FileURL.url(of: file)
  }

  /// The value in GVariant's text format (for messages).
  public var text: String {
    let printed = g_variant_print(pointer, 1)!
    defer { g_free(printed) }
    return String(cString: printed)
  }
}
