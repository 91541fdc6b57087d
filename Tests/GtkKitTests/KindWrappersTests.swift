// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// GtkKit's typed wrappers for buttons, menu buttons, pictures, title bars, labels and windows: GTK's
/// own getters read back what they set.
@Suite(.serialized) struct KindWrappersTests {
  @Test func buttonsPicturesAndHeaderBarsReadBack() throws {
    try DisplayHarness.requireDisplay()
    let button = Button(label: "Take Photo")
    let buttonOwner = ObjectOwner(taking: button.widget)
    #expect(String(cString: gtk_button_get_label(gtkkit_button(button.widget))) == "Take Photo")

    let menuButton = MenuButton()
    let menuOwner = ObjectOwner(taking: menuButton.widget)
    #expect(gtk_menu_button_get_primary(gtkkit_menu_button(menuButton.widget)) == 0)
    menuButton.isPrimary = true
    #expect(gtk_menu_button_get_primary(gtkkit_menu_button(menuButton.widget)) != 0)
    #expect(menuButton.isPrimary)
    menuButton.setIconName("open-menu-symbolic")
    #expect(
      String(cString: gtk_menu_button_get_icon_name(gtkkit_menu_button(menuButton.widget)))
        == "open-menu-symbolic")

    let picture = Picture()
    let pictureOwner = ObjectOwner(taking: picture.widget)
    picture.contentFit = GTK_CONTENT_FIT_COVER
    #expect(gtk_picture_get_content_fit(gtkkit_picture(picture.widget)) == GTK_CONTENT_FIT_COVER)
    picture.canShrink = false
    #expect(gtk_picture_get_can_shrink(gtkkit_picture(picture.widget)) == 0)
    picture.canShrink = true
    #expect(gtk_picture_get_can_shrink(gtkkit_picture(picture.widget)) != 0 && picture.canShrink)

    let headerBar = TitleBar()
    let headerOwner = ObjectOwner(taking: headerBar.widget)
    #expect(headerBar.showsTitleButtons)
    headerBar.showsTitleButtons = false
    #expect(gtk_header_bar_get_show_title_buttons(gtkkit_header_bar(headerBar.widget)) == 0)

    let label = Label("two\nlines")
    let labelOwner = ObjectOwner(taking: label.widget)
    label.justification = GTK_JUSTIFY_CENTER
    #expect(gtk_label_get_justify(gtkkit_label(label.widget)) == GTK_JUSTIFY_CENTER)
    #expect(label.justification == GTK_JUSTIFY_CENTER)
    label.setWidthChars(5)
    #expect(gtk_label_get_width_chars(gtkkit_label(label.widget)) == 5)
    _ = (buttonOwner, menuOwner, pictureOwner, headerOwner, labelOwner)
  }

  @Test func windowsJoinTheirParentsApplicationAndModality() throws {
    try DisplayHarness.requireDisplay()
    let application = ObjectOwner(
      taking: gtk_application_new("org.example.KindWrappersTests", G_APPLICATION_NON_UNIQUE))
    let gtkApplication = gtkkit_application(application.raw)
    // GTK takes windows only into an application that has started (registering emits startup).
    #expect(g_application_register(gtkkit_g_application(gtkApplication), nil, nil) != 0)
    let parent = Window()
    defer { parent.destroy() }
    let dialog = Window()
    defer { dialog.destroy() }
    #expect(
      gtk_widget_get_parent(dialog.widget) == nil
        && gtk_window_get_application(gtkkit_window(dialog.widget)) == nil)

    parent.application = gtkApplication
    #expect(gtk_window_get_application(gtkkit_window(parent.widget)) == gtkApplication)
    dialog.application = parent.application
    #expect(dialog.application == gtkApplication)

    dialog.makeModal(over: parent.widget)
    let window = gtkkit_window(dialog.widget)
    #expect(gtk_window_get_transient_for(window) == gtkkit_window(parent.widget))
    #expect(gtk_window_get_modal(window) != 0 && gtk_window_get_destroy_with_parent(window) != 0)
    dialog.application = nil
    parent.application = nil
  }

  @Test func aWidgetHasAFrameClockOnceRealized() throws {
    try DisplayHarness.requireDisplay()
    let window = Window()
    defer { window.destroy() }
    #expect(window.widget.frameClock == nil)
    window.present()
    #expect(DisplayHarness.waitForFrames(window.widget))
    let clock = try #require(window.widget.frameClock)
    #expect(clock == gtk_widget_get_frame_clock(window.widget))
  }

  @Test func aShortcutTriggersTheNamedAction() throws {
    try DisplayHarness.requireDisplay()
    let toplevel = Window()
    defer { toplevel.destroy() }
    let window = toplevel.widget
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
