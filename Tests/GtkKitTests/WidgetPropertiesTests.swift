// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// What GtkKit's typed widget API sets is what GTK's own getters read back, in a real window.
@Suite(.serialized) struct WidgetPropertiesTests {
  /// A tooltip set while a window is being built leaves each widget shown or hidden as it was (a
  /// widget not on screen is hidden only while its tooltip is set), and one set on a widget on
  /// screen reaches GTK as well.
  @Test func tooltipsSetBeforeAndAfterTheWindowIsShown() throws {
    try DisplayHarness.requireDisplay()
    let (window, box) = windowWithBox()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let shown = gtk_button_new_with_label("Shown")!
    let hidden = gtk_button_new_with_label("Hidden")!
    hidden.isVisible = false
    box.append(shown)
    box.append(hidden)
    shown.tooltip = "Before"
    hidden.tooltip = "Hidden before"
    #expect(shown.isVisible && !hidden.isVisible)
    #expect(shown.tooltip == "Before" && hidden.tooltip == "Hidden before")
    #expect(gtk_widget_get_has_tooltip(shown) != 0 && gtk_widget_get_has_tooltip(hidden) != 0)

    gtk_window_present(gtkkit_window(window))
    #expect(MainContext.iterate { gtk_widget_get_mapped(shown) != 0 })
    shown.tooltip = "After"
    #expect(shown.isVisible && gtk_widget_get_mapped(shown) != 0 && shown.tooltip == "After")
  }

  /// A new window (not yet shown) holding a horizontal box with 4 pixels between its children.
  private func windowWithBox() -> (window: Widget, box: Box) {
    let window = gtk_window_new()!
    let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
    gtk_window_set_child(gtkkit_window(window), box.widget)
    return (window, box)
  }

  @Test func commonPropertiesReachGTK() throws {
    try DisplayHarness.requireDisplay()
    let (window, box) = windowWithBox()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let button = gtk_button_new_with_label("Press")!
    box.append(button)
    #expect(gtk_widget_get_parent(button) == box.widget)
    #expect(button.parent == box.widget)
    #expect(gtk_box_get_spacing(gtkkit_box(box.widget)) == 4)

    button.name = "press-button"
    #expect(String(cString: gtk_widget_get_name(button)) == "press-button")
    button.isVisible = false
    #expect(gtk_widget_get_visible(button) == 0)
    button.isVisible = true
    #expect(gtk_widget_get_visible(button) != 0)
    button.isSensitive = false
    #expect(gtk_widget_get_sensitive(button) == 0 && !button.isSensitive)
    button.tooltip = "Presses"
    #expect(gtk_widget_get_tooltip_text(button).map { String(cString: $0) } == "Presses")
    button.tooltip = nil
    #expect(gtk_widget_get_tooltip_text(button) == nil)
    button.horizontalAlignment = GTK_ALIGN_END
    button.verticalAlignment = GTK_ALIGN_CENTER
    #expect(
      gtk_widget_get_halign(button) == GTK_ALIGN_END && gtk_widget_get_valign(button) == GTK_ALIGN_CENTER)
    button.expandsHorizontally = true
    #expect(gtk_widget_get_hexpand(button) != 0 && gtk_widget_get_vexpand(button) == 0)
    button.setMargins(top: 3, end: 7)
    #expect(gtk_widget_get_margin_top(button) == 3 && gtk_widget_get_margin_end(button) == 7)
    #expect(gtk_widget_get_margin_bottom(button) == 0)
    button.addCSSClass("suggested-action")
    #expect(gtk_widget_has_css_class(button, "suggested-action") != 0)
    button.setCSSClass("suggested-action", false)
    #expect(gtk_widget_has_css_class(button, "suggested-action") == 0)
    button.actionName = "win.press"
    #expect(
      gtk_actionable_get_action_name(gtkkit_actionable(button)).map { String(cString: $0) } == "win.press")
    box.setOrientation(GTK_ORIENTATION_VERTICAL)
    #expect(gtk_orientable_get_orientation(gtkkit_orientable(box.widget)) == GTK_ORIENTATION_VERTICAL)

    let toplevel = Window(wrapping: window)
    toplevel.title = "Widgets"
    #expect(String(cString: gtk_window_get_title(gtkkit_window(window))) == "Widgets")
    toplevel.defaultSize = (420, 300)
    var (width, height): (Int32, Int32) = (0, 0)
    gtk_window_get_default_size(gtkkit_window(window), &width, &height)
    #expect(width == 420 && height == 300)
    #expect(toplevel.defaultSize == (420, 300))

    let parent = gtk_window_new()!
    toplevel.makeModal(over: gtkkit_window(parent))
    #expect(gtk_window_get_transient_for(gtkkit_window(window)) == gtkkit_window(parent))
    #expect(gtk_window_get_modal(gtkkit_window(window)) != 0)
    #expect(gtk_window_get_destroy_with_parent(gtkkit_window(window)) != 0)
    // Without a parent again, so destroying the parent leaves this window to its own defer.
    toplevel.makeModal(over: nil)
    gtk_window_destroy(gtkkit_window(parent))
    toplevel.present()
    #expect(DisplayHarness.waitForFrames(window))
    #expect(button.width > 0 && button.width == Int(gtk_widget_get_width(button)))
  }

  @Test func labelsRevealersAndTogglesReadBack() throws {
    try DisplayHarness.requireDisplay()
    let typedLabel = Label("first")
    let label = typedLabel.widget
    let owner = ObjectOwner(taking: label)
    typedLabel.text = "second"
    #expect(String(cString: gtk_label_get_text(gtkkit_label(label))) == "second")
    #expect(typedLabel.text == "second")
    typedLabel.textAlignment = 0
    typedLabel.wrapsText = true
    typedLabel.ellipsize(PANGO_ELLIPSIZE_END)
    typedLabel.setMaxWidthChars(12)
    #expect(gtk_label_get_xalign(gtkkit_label(label)) == 0 && gtk_label_get_wrap(gtkkit_label(label)) != 0)
    #expect(gtk_label_get_ellipsize(gtkkit_label(label)) == PANGO_ELLIPSIZE_END)
    #expect(gtk_label_get_max_width_chars(gtkkit_label(label)) == 12)

    let typedRevealer = Revealer(child: label)
    let revealer = typedRevealer.widget
    let revealerOwner = ObjectOwner(taking: revealer)
    #expect(gtk_revealer_get_child(gtkkit_revealer(revealer)) == label)
    #expect(
      gtk_revealer_get_transition_type(gtkkit_revealer(revealer)) == GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    typedRevealer.setTransition(GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    #expect(
      gtk_revealer_get_transition_type(gtkkit_revealer(revealer)) == GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    typedRevealer.revealsChild = true
    #expect(gtk_revealer_get_reveal_child(gtkkit_revealer(revealer)) != 0)

    // A mutual binding: the toggle drives the revealer, and the revealer the toggle.
    typedRevealer.revealsChild = false
    let toggle = ToggleButton(label: "Toggle")
    let toggleOwner = ObjectOwner(taking: toggle.widget)
    toggle.widget.bind("active", to: revealer, "reveal-child", isMutual: true)
    toggle.isActive = true
    #expect(gtk_revealer_get_reveal_child(gtkkit_revealer(revealer)) != 0)
    gtk_revealer_set_reveal_child(gtkkit_revealer(revealer), 0)
    #expect(gtk_toggle_button_get_active(gtkkit_toggle_button(toggle.widget)) == 0)
    #expect(!toggle.isActive)
    // One way: the target follows the source, not the other way round.
    let follower = ToggleButton(label: "Follower")
    let followerOwner = ObjectOwner(taking: follower.widget)
    toggle.widget.bind("active", to: follower.widget, "active")
    toggle.isActive = true
    #expect(follower.isActive)
    follower.isActive = false
    #expect(toggle.isActive)

    let toggleSwitch = Switch()
    let switchOwner = ObjectOwner(taking: toggleSwitch.widget)
    toggleSwitch.isOn = true
    #expect(gtk_switch_get_active(gtkkit_switch(toggleSwitch.widget)) != 0 && toggleSwitch.isOn)

    let entry = Entry()
    let entryOwner = ObjectOwner(taking: entry.widget)
    entry.text = "typed"
    #expect(String(cString: gtk_editable_get_text(gtkkit_editable(entry.widget))) == "typed")
    _ = (owner, revealerOwner, toggleOwner, followerOwner, switchOwner, entryOwner)
  }

  @Test func gesturesListenToTheirButton() throws {
    try DisplayHarness.requireDisplay()
    let click = Gesture.click(button: 3)
    let drag = Gesture.drag(button: 2)
    #expect(gtk_gesture_single_get_button(gtkkit_gesture_single(click.raw)) == 3)
    #expect(gtk_gesture_single_get_button(gtkkit_gesture_single(drag.raw)) == 2)
    #expect(Gesture.center(of: drag) == nil, "no touch point while idle")
    let area = gtk_drawing_area_new()!
    let areaOwner = ObjectOwner(taking: area)
    area.addController(click)
    area.addController(drag)
    #expect(gtk_event_controller_get_widget(gtkkit_event_controller(click.raw)) == area)
    _ = areaOwner
  }

  @Test func listAndGridViewsTakeTheirOwnReferences() throws {
    try DisplayHarness.requireDisplay()
    let strings = ObjectOwner(taking: gtk_string_list_new(nil))
    let selection = SingleSelection(over: strings)
    let factory = ObjectOwner(taking: gtk_signal_list_item_factory_new())
    let references = { gtkkit_object(factory.raw).pointee.ref_count }
    #expect(references() == 1)
    let list = ObjectOwner(taking: Widget.listView(of: selection, factory: factory))
    let grid = ObjectOwner(taking: Widget.gridView(of: selection, factory: factory))
    #expect(references() == 3, "one reference for each view")
    #expect(gtk_list_view_get_model(gtkkit_list_view(list.raw)) == gtkkit_selection_model(selection.raw))
    #expect(gtk_grid_view_get_factory(gtkkit_grid_view(grid.raw)) == gtkkit_list_item_factory(factory.raw))
  }
}
