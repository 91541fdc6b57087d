// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// One reference of its own to a GObject, released when the owner goes: the one place where a Swift
/// object takes and drops GObject references, so no call site pairs g_object_ref with g_object_unref.
///
/// A widget inside a parent is owned by that parent and needs no owner; hold one only for what no
/// container keeps (a GMenu, a texture, a list store, a widget taken out of its parent for a while).
///
/// Main-actor isolated in so many words, not only by the module's default: an `isolated deinit` in a
/// class isolated by default alone is rejected by importing modules in release builds.
@MainActor public final class ObjectOwner {
  /// The object, as GLib's untyped pointer; cast it with the shim's `gtkkit_*` helpers.
  public let raw: gpointer

  /// Owns the reference a constructor or a transfer-full call returned: a floating one (a new
  /// widget) is sunk, a full one is taken over without another reference.
  public init(taking object: gpointer) {
    raw = object
    if g_object_is_floating(object) != 0 { g_object_ref_sink(object) }
  }

  /// Takes a reference of its own to an object someone else owns (GTK, a parent, a caller).
  public init(retaining object: gpointer) {
    raw = object
    g_object_ref_sink(object)
  }

  public convenience init(taking object: OpaquePointer) { self.init(taking: object.raw) }
  public convenience init(retaining object: OpaquePointer) { self.init(retaining: object.raw) }

  /// The object as the OpaquePointer that final GTK types (GtkStringList, GMenu, GdkTexture) import as.
  public var opaque: OpaquePointer { OpaquePointer(raw) }

  /// A new full reference for a C function documented as taking ownership of its argument
  /// (e.g. `gtk_single_selection_new`'s model).
  public func newReference() -> gpointer { g_object_ref(raw) }

  isolated deinit { g_object_unref(raw) }
}

/// A GMenu the app builds (menu buttons and popover menus take their own references to it).
public final class Menu {
  private let owner = ObjectOwner(taking: g_menu_new())

  public init() {}

  /// A menu of `items`, each a label and the detailed action it activates.
  public convenience init(_ items: [(label: String, action: String)]) {
    self.init()
    for item in items { append(item.label, action: item.action) }
  }

  /// The menu as a `GMenuModel *`.
  public var model: UnsafeMutablePointer<GMenuModel> { gtkkit_menu_model(owner.raw) }

  public func append(_ label: String, action: String) { g_menu_append(owner.opaque, label, action) }

  /// Appends an item that the menu leaves out while its action is disabled (rather than greying it):
  /// one that has no meaning for what the menu is about, such as a received meme's item on a meme
  /// of the user's own.
  public func appendHiddenWhenDisabled(_ label: String, action: String) {
    let item = g_menu_item_new(label, action)!
    g_menu_item_set_attribute_value(item, "hidden-when", g_variant_new_string("action-disabled"))
    g_menu_append_item(owner.opaque, item)
    g_object_unref(item.raw)  // the menu holds its own reference
  }

  /// Appends `section`'s items as a section (drawn with separators around it).
  public func appendSection(_ section: Menu, label: String? = nil) {
    g_menu_append_section(owner.opaque, label, section.model)
  }

  /// Appends `submenu` as an item labelled `label` that opens it.
  public func appendSubmenu(_ submenu: Menu, label: String) {
    g_menu_append_submenu(owner.opaque, label, submenu.model)
  }

  /// A menu of `sections`, each drawn with separators around it.
  public convenience init(sections: [Menu]) {
    self.init()
    for section in sections { appendSection(section) }
  }

  /// Removes every item, sections and submenus included: a GMenu item's label cannot change, so a
  /// section whose labels follow a setting is emptied and filled again.
  public func removeAll() { g_menu_remove_all(owner.opaque) }

  /// The number of items at this level (sections count as one).
  public var count: Int { Int(g_menu_model_get_n_items(model)) }
}

/// A GdkTexture the app made (a frame, a thumbnail, a drag icon); pictures and drag sources take
/// their own references to it.
public final class Texture {
  private let owner: ObjectOwner

  /// Owns a texture a constructor returned (`gdk_texture_new_*`, `gdk_memory_texture_new`).
  public init(taking texture: OpaquePointer) { owner = ObjectOwner(taking: texture) }

  /// Takes a reference of its own to a texture someone else owns (a dropped value, a clipboard's).
  public init(retaining texture: gpointer) { owner = ObjectOwner(retaining: texture) }

  /// A texture decoded from encoded image bytes (PNG, JPEG…), or nil when GDK cannot read them.
  public convenience init?(encoded bytes: some ContiguousBytes) {
    guard let texture = Clipboard.texture(fromEncoded: bytes) else { return nil }
    self.init(taking: texture)
  }

  /// A texture over `pixels` in Cairo's ARGB32 (premultiplied, native byte order), without a copy.
  ///
  /// The pixels belong to `keeper`, which stays alive until GDK drops the texture's bytes; nothing
  /// may draw on them afterwards.
  public convenience init(
    cairoPixels pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, keeping keeper: AnyObject
  ) {
    let bytes = g_bytes_new_with_free_func(
      pixels, gsize(stride * height),
      { data in
        guard let data else { return }
        // Balances the passRetained below, once GDK has released the texture's bytes.
        Unmanaged<AnyObject>.fromOpaque(data).release()
      }, Unmanaged.passRetained(keeper).toOpaque())
    defer { g_bytes_unref(bytes) }
    self.init(
      taking: gdk_memory_texture_new(Int32(width), Int32(height), Self.cairoFormat, bytes, gsize(stride)))
  }

  /// Cairo's ARGB32 (premultiplied, native byte order) as GDK names it.
  private static var cairoFormat: GdkMemoryFormat {
    #if _endian(little)
      GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
      GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif
  }

  /// The texture's pixels as PNG bytes.
  public func pngBytes() -> [UInt8]? { Clipboard.pngBytes(of: owner.opaque) }

  /// The texture as a `GdkTexture *`.
  public var texture: OpaquePointer { owner.opaque }
  /// The texture as the `GdkPaintable *` pictures and drag icons draw.
  public var paintable: OpaquePointer { gtkkit_paintable(owner.raw) }
  public var width: Int { Int(gdk_texture_get_width(owner.opaque)) }
  public var height: Int { Int(gdk_texture_get_height(owner.opaque)) }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// A new GtkPopoverMenu showing `menu` (it keeps its own reference), named `name` for assistive
  /// technologies: GTK 4.8 announces an unnamed menu by its type name, "GtkPopoverMenu".
  public static func popoverMenu(_ menu: Menu, named name: String) -> Widget {
    let popover: Widget = gtk_popover_menu_new_from_model(menu.model)
    Accessible.setLabel(popover, name)
    return popover
  }

  /// Shows `menu` when this GtkMenuButton is pressed; the button keeps its own reference.
  ///
  /// The popover and its item widgets are built the first time the menu opens (by pointer, key
  /// or F10), not now: a window's menus cost nothing on the way to its first frame.
  ///
  /// `name` is the menu's accessible name: GTK 4.8 announces an unnamed menu by its type name,
  /// "GtkPopoverMenu".
  public func setMenu(_ menu: Menu, named name: String? = nil) {
    g_object_set_data_full(gtkkit_object(self), pendingMenuKey, g_object_ref(menu.model), g_object_unref)
    if let name { g_object_set_data_full(gtkkit_object(self), menuNameKey, g_strdup(name), g_free) }
    gtk_menu_button_set_create_popup_func(
      gtkkit_menu_button(self),
      { button, _ in
        guard let button else { return }
        _ = gtkkit_widget(UnsafeMutableRawPointer(button))?.menuPopover
      }, nil, nil)
  }

  /// The menu this GtkMenuButton shows, whether or not it has been opened yet.
  public var menuModel: UnsafeMutablePointer<GMenuModel>? {
    gtk_menu_button_get_menu_model(gtkkit_menu_button(self))
      ?? g_object_get_data(gtkkit_object(self), pendingMenuKey)?.assumingMemoryBound(to: GMenuModel.self)
  }

  /// This GtkMenuButton's popover, built now if the menu has not been opened yet.
  public var menuPopover: UnsafeMutablePointer<GtkPopover>? {
    let button = gtkkit_menu_button(self)
    if gtk_menu_button_get_popover(button) == nil,
      let pending = g_object_get_data(gtkkit_object(self), pendingMenuKey)
    {
      gtk_menu_button_set_menu_model(button, pending.assumingMemoryBound(to: GMenuModel.self))
      g_object_set_data(gtkkit_object(self), pendingMenuKey, nil)
      if let name = g_object_get_data(gtkkit_object(self), menuNameKey),
        let popover = gtk_menu_button_get_popover(button)
      {
        Accessible.setLabel(popover, String(cString: name.assumingMemoryBound(to: CChar.self)))
      }
    }
    return gtk_menu_button_get_popover(button)
  }
}

/// The object-data key under which a GtkMenuButton keeps the menu it builds on first opening.
private let pendingMenuKey = "gtkkit-pending-menu"
/// The object-data key under which a GtkMenuButton keeps its menu's accessible name until it builds it.
private let menuNameKey = "gtkkit-menu-name"
