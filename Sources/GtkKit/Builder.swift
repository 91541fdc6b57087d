// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A widget kind a `Builder` hands out: the GType a .ui file must give the object (or a subtype of
/// it), and the wrapper over an object already checked to be one.
public protocol BuildableWidget {
  /// The GType the object must be, or derive from.
  static var gtkType: GType { get }
  /// Wraps `widget`, whose type the builder has checked.
  init(built widget: Widget)
}

/// Why a .ui file did not give the code what it asked for: the file, the id and the type are named,
/// so the message alone says which line of which file to fix.
public struct BuilderError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}

/// A GtkBuilder over one .ui file's XML, handing out its objects as typed wrappers: `object("id",
/// as: Button.self)` is a Button or an error naming the id, the type asked for and the type found.
/// Signals are connected in Swift (`Signal.connect`), not by the file: GtkBuilder finds handlers by
/// symbol name, which Swift closures do not have.
///
/// The builder holds a reference to every object at the file's top level that is not a window
/// (GTK's window list holds those): keep it until they are in a parent, or for as long as the
/// objects are used.
public final class Builder {
  /// The file's name, for messages.
  public let fileName: String
  private let owner: ObjectOwner

  /// Builds the objects of `xml` (a .ui file's bytes, `fileName` naming it in messages), its
  /// strings marked translatable="yes" translated in `translationDomain`: every object, or only
  /// those named in `objects` (with their children), for a file that holds trees built at
  /// different times.
  public convenience init(
    xml: UnsafeBufferPointer<CChar>, named fileName: String, translationDomain: String,
    objects: [String]? = nil
  ) throws(BuilderError) {
    try self.init(named: fileName, translationDomain: translationDomain) { builder, error in
      guard let objects else {
        return gtk_builder_add_from_string(builder, xml.baseAddress, xml.count, &error)
      }
      return Self.withIDs(objects) {
        gtk_builder_add_objects_from_string(builder, xml.baseAddress, xml.count, $0, &error)
      }
    }
  }

  /// Builds the objects of the .ui file at `path` in a registered GResource bundle (see
  /// `ResourceBundle`), as `init(xml:named:translationDomain:objects:)` builds a file's bytes.
  public convenience init(
    resource path: String, named fileName: String, translationDomain: String, objects: [String]? = nil
  ) throws(BuilderError) {
    try self.init(named: fileName, translationDomain: translationDomain) { builder, error in
      guard let objects else { return gtk_builder_add_from_resource(builder, path, &error) }
      return Self.withIDs(objects) { gtk_builder_add_objects_from_resource(builder, path, $0, &error) }
    }
  }

  /// A new builder, filled by `build` (one of GtkBuilder's add functions), or an error with GTK's
  /// reason when the file could not be built.
  private init(
    named fileName: String, translationDomain: String,
    build: (OpaquePointer, inout UnsafeMutablePointer<GError>?) -> gboolean
  ) throws(BuilderError) {
    self.fileName = fileName
    owner = ObjectOwner(taking: gtk_builder_new())
    gtk_builder_set_translation_domain(owner.opaque, translationDomain)
    var error: UnsafeMutablePointer<GError>?
    guard build(owner.opaque, &error) != 0 else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw BuilderError("\(fileName) could not be built: \(message)")
    }
  }

  /// `body` given `ids` as the NULL-terminated array of C strings GTK reads, freed once it has.
  private static func withIDs<Result>(
    _ ids: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
  ) -> Result {
    var strings: [UnsafePointer<CChar>?] = ids.map { UnsafePointer(g_strdup($0)) } + [nil]
    defer { for string in strings { g_free(UnsafeMutablePointer(mutating: string)) } }
    return strings.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
  }

  private var builder: OpaquePointer { owner.opaque }

  /// The object `id` as a `kind`, or an error naming the id, the type expected and what is there.
  public func object<Kind: BuildableWidget>(_ id: String, as kind: Kind.Type = Kind.self) throws(BuilderError)
    -> Kind
  {
    Kind(built: try widget(id, ofType: Kind.gtkType))
  }

  /// A type name with its article: "a GtkBox", "an AdwActionRow".
  static func article(_ typeName: String) -> String {
    (typeName.first.map { "AEIOU".contains($0) } ?? false ? "an " : "a ") + typeName
  }

  /// The object `id`, a widget of `type` or a subtype; an error naming both otherwise.
  public func widget(_ id: String, ofType type: GType = gtk_widget_get_type()) throws(BuilderError) -> Widget
  {
    let expected = String(cString: g_type_name(type))
    guard let object = gtk_builder_get_object(builder, id) else {
      throw BuilderError("\(fileName) has no object “\(id)” (the code expects \(Self.article(expected)))")
    }
    guard gtkkit_is_a(object, type) != 0 else {
      let found = String(cString: g_type_name(gtkkit_type_of(object)))
      throw BuilderError(
        "\(fileName): object “\(id)” is \(Self.article(found)), where the code expects \(Self.article(expected))"
      )
    }
    return gtkkit_widget(object)
  }
}
