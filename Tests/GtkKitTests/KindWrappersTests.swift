// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The constructors and kind-specific members GtkKit adds for buttons, pictures, header bars and
/// windows: GTK's own getters read back what they set.
@Suite(.serialized) struct WidgetKindsTests {
  @Test func buttonsPicturesAndHeaderBarsReadBack() throws {
    try DisplayHarness.requireDisplay()
    let button = Widget.button(label: "Take Photo")
    let buttonOwner = ObjectOwner(taking: button)
    #expect(String(cString: gtk_button_get_label(gtkkit_button(button))) == "Take Photo")

    let menuButton = Widget.menuButton()
    let menuOwner = ObjectOwner(taking: menuButton)
    #expect(gtk_menu_button_get_primary(gtkkit_menu_button(menuButton)) == 0)
    menuButton.isPrimaryMenu = true
    #expect(gtk_menu_button_get_primary(gtkkit_menu_button(menuButton)) != 0)
    #expect(menuButton.isPrimaryMenu)

    let picture = Widget.picture()
    let pictureOwner = ObjectOwner(taking: picture)
    picture.contentFit = GTK_CONTENT_FIT_COVER
    #expect(gtk_picture_get_content_fit(gtkkit_picture(picture)) == GTK_CONTENT_FIT_COVER)
    picture.canShrink = false
    #expect(gtk_picture_get_can_shrink(gtkkit_picture(picture)) == 0)
    picture.canShrink = true
    #expect(gtk_picture_get_can_shrink(gtkkit_picture(picture)) != 0 && picture.canShrink)

    let headerBar = Widget.headerBar()
    let headerOwner = ObjectOwner(taking: headerBar)
    #expect(headerBar.showsTitleButtons)
    headerBar.showsTitleButtons = false
    #expect(gtk_header_bar_get_show_title_buttons(gtkkit_header_bar(headerBar)) == 0)

    let label = Widget.label("two\nlines")
    let labelOwner = ObjectOwner(taking: label)
    label.justification = GTK_JUSTIFY_CENTER
    #expect(gtk_label_get_justify(gtkkit_label(label)) == GTK_JUSTIFY_CENTER)
    #expect(label.justification == GTK_JUSTIFY_CENTER)
    _ = (buttonOwner, menuOwner, pictureOwner, headerOwner, labelOwner)
  }

  @Test func windowsJoinTheirParentsApplicationAndModality() throws {
    try DisplayHarness.requireDisplay()
    let application = ObjectOwner(
      taking: gtk_application_new("org.example.WidgetKindsTests", G_APPLICATION_NON_UNIQUE))
    let gtkApplication = gtkkit_application(application.raw)
    let parent = Widget.window()
    defer { parent.destroyWindow() }
    let dialog = Widget.window()
    defer { dialog.destroyWindow() }
    #expect(gtk_widget_get_parent(dialog) == nil && gtk_window_get_application(gtkkit_window(dialog)) == nil)

    parent.application = gtkApplication
    #expect(gtk_window_get_application(gtkkit_window(parent)) == gtkApplication)
    dialog.application = parent.application
    #expect(dialog.application == gtkApplication)

    dialog.makeModal(over: parent)
    let window = gtkkit_window(dialog)
    #expect(gtk_window_get_transient_for(window) == gtkkit_window(parent))
    #expect(gtk_window_get_modal(window) != 0 && gtk_window_get_destroy_with_parent(window) != 0)
    dialog.application = nil
    parent.application = nil
  }

  @Test func aWidgetHasAFrameClockOnceRealized() throws {
    try DisplayHarness.requireDisplay()
    let window = Widget.window()
    defer { window.destroyWindow() }
    #expect(window.frameClock == nil)
    window.present()
    #expect(DisplayHarness.waitForFrames(window))
    let clock = try #require(window.frameClock)
    #expect(clock == gtk_widget_get_frame_clock(window))
  }

  @Test func aShortcutTriggersTheNamedAction() throws {
    try DisplayHarness.requireDisplay()
    let window = Widget.window()
    defer { window.destroyWindow() }
    let escapeCloses = Shortcut(trigger: "Escape", action: "action(window.close)")
    // GTK's own controllers on a window do not bind Escape to closing it.
    #expect(!Self.shortcuts(of: window).contains(escapeCloses))
    window.addShortcut(keyval: UInt32(GDK_KEY_Escape), action: "window.close")
    #expect(Self.shortcuts(of: window).filter { $0 == escapeCloses }.count == 1)
  }

  private struct Shortcut: Equatable {
    let trigger: String
    let action: String
  }

  /// Every shortcut in `widget`'s shortcut controllers, as GTK prints its trigger and action.
  private static func shortcuts(of widget: Widget) -> [Shortcut] {
    let controllers = ObjectOwner(taking: gtk_widget_observe_controllers(widget)!)
    let model = gtkkit_list_model(controllers.raw)
    return (0..<g_list_model_get_n_items(model)).flatMap { index -> [Shortcut] in
      let controller = ObjectOwner(taking: g_list_model_get_item(model, index)!)
      let instance = controller.raw.assumingMemoryBound(to: GTypeInstance.self)
      guard g_type_check_instance_is_a(instance, gtk_shortcut_controller_get_type()) != 0 else { return [] }
      let shortcuts = gtkkit_list_model(controller.raw)
      return (0..<g_list_model_get_n_items(shortcuts)).map { position in
        let shortcut = ObjectOwner(taking: g_list_model_get_item(shortcuts, position)!)
        let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut.opaque))!
        let action = gtk_shortcut_action_to_string(gtk_shortcut_get_action(shortcut.opaque))!
        defer {
          g_free(trigger)
          g_free(action)
        }
        return Shortcut(trigger: String(cString: trigger), action: String(cString: action))
      }
    }
  }
}
