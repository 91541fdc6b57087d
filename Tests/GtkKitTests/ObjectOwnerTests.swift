// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// Watches a GObject through GLib's own weak pointer, which GLib clears when the object is finalised.
private final class Finalization {
  private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

  init(of object: gpointer) {
    slot.initialize(to: object)
    g_object_add_weak_pointer(gtkkit_object(object), slot)
  }

  isolated deinit {
    if let object = slot.pointee { g_object_remove_weak_pointer(gtkkit_object(object), slot) }
    slot.deallocate()
  }

  var isFinalized: Bool { slot.pointee == nil }
  /// The object's reference count as GLib keeps it.
  var references: UInt32 { slot.pointee.map { gtkkit_object($0).pointee.ref_count } ?? 0 }
}

/// Classes that hold the only reference to something else, to see when GDK lets go of it.
private final class Keeper {}

@Suite(.serialized) struct ObjectOwnerTests {
  @Test func anOwnedNewWidgetIsSunkAndFreedWithItsOwner() throws {
    try DisplayHarness.requireDisplay()
    let label = gtk_label_new("floating")!
    let watch = Finalization(of: label)
    var owner: ObjectOwner? = ObjectOwner(taking: label)
    #expect(g_object_is_floating(label) == 0, "the floating reference became the owner's")
    #expect(watch.references == 1)
    _ = owner
    owner = nil
    #expect(watch.isFinalized)
  }

  @Test func aRetainedChildOutlivesItsParentUntilItsOwnerGoes() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    let box = Box(GTK_ORIENTATION_VERTICAL)
    let child = Label("kept").widget
    box.append(child)
    gtk_window_set_child(gtkkit_window(window), box.widget)
    let watch = Finalization(of: child)
    var owner: ObjectOwner? = ObjectOwner(retaining: child)
    #expect(watch.references == 2, "the parent's reference and the owner's")
    gtk_window_destroy(gtkkit_window(window))
    #expect(!watch.isFinalized, "the owner still holds the child")
    #expect(gtk_widget_get_parent(child) == nil)
    #expect(watch.references == 1)
    _ = owner
    owner = nil
    #expect(watch.isFinalized)
  }

  @Test func aTakenFullReferenceIsNotTakenTwice() {
    // A GMenu is not floating: its owner adopts the constructor's reference (no display needed).
    let menu = g_menu_new()!
    let watch = Finalization(of: menu.raw)
    var owner: ObjectOwner? = ObjectOwner(taking: menu)
    #expect(watch.references == 1)
    let extra = owner?.newReference()
    #expect(watch.references == 2)
    g_object_unref(extra)
    _ = owner
    owner = nil
    #expect(watch.isFinalized)
  }

  @Test func aMenuReadsBackThroughGMenuModel() throws {
    let menu = Menu([("Open", "win.open"), ("Delete", "win.delete")])
    menu.appendSection(Menu([("Quit", "app.quit")]))
    let model = menu.model
    #expect(g_menu_model_get_n_items(model) == 3)
    #expect(menu.count == 3)
    func attribute(_ index: Int32, _ name: String, in model: UnsafeMutablePointer<GMenuModel>) -> String? {
      guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return nil }
      defer { g_variant_unref(value) }
      return String(cString: g_variant_get_string(value, nil))
    }
    #expect(attribute(0, "label", in: model) == "Open")
    #expect(attribute(1, "action", in: model) == "win.delete")
    let link = g_menu_model_get_item_link(model, 2, "section")
    let section = try #require(link, "the third item is a section")
    #expect(attribute(0, "label", in: section) == "Quit")
    #expect(attribute(0, "action", in: section) == "app.quit")
    g_object_unref(section)
  }

  @Test func aMenuButtonKeepsItsMenuAfterTheMenuObjectGoes() throws {
    try DisplayHarness.requireDisplay()
    let button = gtk_menu_button_new()!
    let owner = ObjectOwner(taking: button)
    do { button.setMenu(Menu([("Undo", "win.undo")])) }
    let model = try #require(button.menuModel)
    #expect(g_menu_model_get_n_items(model) == 1)
    // Built on first opening, not before, and then over that same menu.
    #expect(gtk_menu_button_get_popover(gtkkit_menu_button(button)) == nil)
    #expect(gtk_widget_get_sensitive(gtk_widget_get_first_child(button)) != 0, "it can still be opened")
    let popover = try #require(button.menuPopover)
    #expect(gtk_popover_menu_get_menu_model(gtkkit_popover_menu(popover)) == model)
    #expect(gtk_menu_button_get_menu_model(gtkkit_menu_button(button)) == model)
    _ = owner
  }

  @Test func aTextureOverCairoPixelsShowsThemAndReleasesTheirKeeper() throws {
    try DisplayHarness.requireDisplay()
    weak var weakKeeper: Keeper?
    let width = 3
    let height = 2
    let stride = width * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 4)
    defer { pixels.deallocate() }
    // Opaque pixels, each a different colour: native-endian ARGB32 words.
    for index in 0..<(width * height) {
      pixels.storeBytes(
        of: UInt32(0xFF00_0000) | UInt32(index * 40) << 16 | 0x30, toByteOffset: index * 4, as: UInt32.self)
    }
    let picture = Picture()
    let pictureOwner = ObjectOwner(taking: picture.widget)
    do {
      let keeper = Keeper()
      weakKeeper = keeper
      let texture = Texture(
        cairoPixels: pixels, width: width, height: height, stride: stride, keeping: keeper)
      #expect(texture.width == width && texture.height == height)
      var downloaded = [UInt8](repeating: 0, count: stride * height)
      gdk_texture_download(texture.texture, &downloaded, gsize(stride))
      #expect(downloaded == Array(UnsafeRawBufferPointer(start: pixels, count: stride * height)))
      picture.setPaintable(texture)
    }
    #expect(weakKeeper != nil, "the picture's texture still reads the keeper's pixels")
    picture.setPaintable(nil)
    #expect(weakKeeper == nil, "the pixels' keeper goes with the last texture reference")
    _ = pictureOwner
  }

  @Test func aSingleSelectionSelectsAndKeepsItsModel() throws {
    let strings = ObjectOwner(taking: gtk_string_list_new(nil))
    for name in ["one", "two", "three"] { gtk_string_list_append(OpaquePointer(strings.raw), name) }
    let modelWatch = Finalization(of: strings.raw)
    var selection: SingleSelection? = SingleSelection(over: strings)
    #expect(modelWatch.references == 2, "the selection holds a reference of its own")
    try check(#require(selection))
    selection = nil
    #expect(modelWatch.references == 1, "the selection's reference to the model went with it")
  }

  private func check(_ current: SingleSelection) {
    current.selectsAutomatically = false
    current.allowsNoSelection = true
    #expect(gtk_single_selection_get_autoselect(gtkkit_single_selection(current.raw)) == 0)
    current.selectedPosition = nil
    #expect(
      gtk_single_selection_get_selected(gtkkit_single_selection(current.raw)) == GTK_INVALID_LIST_POSITION)
    #expect(current.selectedPosition == nil)
    gtk_single_selection_set_selected(gtkkit_single_selection(current.raw), 2)
    #expect(current.selectedPosition == 2)
    current.selectedPosition = 1
    #expect(gtk_single_selection_get_selected(gtkkit_single_selection(current.raw)) == 1)
    #expect(current.count == 3)
    #expect((0..<current.count).compactMap(current.string(at:)) == ["one", "two", "three"])
    #expect(current.string(at: 3) == nil)
  }
}
