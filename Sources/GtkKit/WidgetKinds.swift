// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// New widgets of the kinds the app builds most, and what is done with each kind. A new widget is
/// floating: the container it goes into takes it (see `ObjectOwner` for one kept without a parent).
/// Each member checks the kind through GTK's cast, which logs a critical on the wrong widget.
extension UnsafeMutablePointer where Pointee == GtkWidget {
  // MARK: Boxes
  public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> Widget {
    gtk_box_new(orientation, spacing)
  }

  /// Adds `child` at the end of this GtkBox.
  public func append(_ child: Widget) { gtk_box_append(gtkkit_box(self), child) }

  /// Lays this GtkBox (or any GtkOrientable) out along `orientation`.
  public func setOrientation(_ orientation: GtkOrientation) {
    gtk_orientable_set_orientation(gtkkit_orientable(self), orientation)
  }

  // MARK: Labels
  public static func label(_ text: String? = nil) -> Widget { gtk_label_new(text) }

  /// This GtkLabel's text (no markup).
  public var text: String {
    get { String(cString: gtk_label_get_text(gtkkit_label(self))) }
    nonmutating set { gtk_label_set_text(gtkkit_label(self), newValue) }
  }

  /// Where this GtkLabel's text sits in its width: 0 starts, 1 ends.
  public var textAlignment: Float {
    get { gtk_label_get_xalign(gtkkit_label(self)) }
    nonmutating set { gtk_label_set_xalign(gtkkit_label(self), newValue) }
  }

  public var wrapsText: Bool {
    get { gtk_label_get_wrap(gtkkit_label(self)) != 0 }
    nonmutating set { gtk_label_set_wrap(gtkkit_label(self), newValue ? 1 : 0) }
  }

  public func ellipsize(_ mode: PangoEllipsizeMode) { gtk_label_set_ellipsize(gtkkit_label(self), mode) }

  public func setMaxWidthChars(_ count: Int32) { gtk_label_set_max_width_chars(gtkkit_label(self), count) }

  /// How this GtkLabel's lines line up with each other (not the label in its space).
  public var justification: GtkJustification {
    get { gtk_label_get_justify(gtkkit_label(self)) }
    nonmutating set { gtk_label_set_justify(gtkkit_label(self), newValue) }
  }

  // MARK: Editables (entries, search entries)
  /// This GtkEditable's text.
  public var editableText: String {
    get { String(cString: gtk_editable_get_text(gtkkit_editable(self))) }
    nonmutating set { gtk_editable_set_text(gtkkit_editable(self), newValue) }
  }

  // MARK: Overlays
  public static func overlay() -> Widget { gtk_overlay_new() }

  /// This GtkOverlay's main child, which sizes it.
  public func setOverlayChild(_ child: Widget?) { gtk_overlay_set_child(gtkkit_overlay(self), child) }

  /// Puts `child` over this GtkOverlay's main child.
  public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(gtkkit_overlay(self), child) }

  /// Takes `child`, added with `addOverlay`, off this GtkOverlay (which drops its reference).
  public func removeOverlay(_ child: Widget) { gtk_overlay_remove_overlay(gtkkit_overlay(self), child) }

  // MARK: Header bars
  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(gtkkit_header_bar(self), child) }
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(gtkkit_header_bar(self), child) }

  public static func headerBar() -> Widget { gtk_header_bar_new() }

  /// Whether this GtkHeaderBar shows the window's close (and other) buttons.
  public var showsTitleButtons: Bool {
    get { gtk_header_bar_get_show_title_buttons(gtkkit_header_bar(self)) != 0 }
    nonmutating set { gtk_header_bar_set_show_title_buttons(gtkkit_header_bar(self), newValue ? 1 : 0) }
  }

  // MARK: Buttons and pictures
  public static func button(label: String) -> Widget { gtk_button_new_with_label(label) }

  /// A button showing the icon `name` (give it an accessible label and a tooltip).
  public static func iconButton(_ name: String) -> Widget { gtk_button_new_from_icon_name(name) }

  /// An image of the icon `name`.
  public static func icon(_ name: String) -> Widget { gtk_image_new_from_icon_name(name) }

  /// A button showing `child` (a picture, a box of an icon and a label).
  public static func button(child: Widget) -> Widget {
    let button = gtk_button_new()!
    button.setButtonChild(child)
    return button
  }

  /// What this GtkButton shows (a box of an icon and a label, a picture).
  public func setButtonChild(_ child: Widget) { gtk_button_set_child(gtkkit_button(self), child) }

  public static func picture() -> Widget { gtk_picture_new() }

  /// A GtkPicture showing the image file at `path` (decoded now: for small files, as thumbnails).
  public static func picture(path: String) -> Widget { gtk_picture_new_for_filename(path) }

  /// How this GtkPicture fits its paintable into its space.
  public var contentFit: GtkContentFit {
    get { gtk_picture_get_content_fit(gtkkit_picture(self)) }
    nonmutating set { gtk_picture_set_content_fit(gtkkit_picture(self), newValue) }
  }

  /// Whether this GtkPicture may be smaller than its paintable.
  public var canShrink: Bool {
    get { gtk_picture_get_can_shrink(gtkkit_picture(self)) != 0 }
    nonmutating set { gtk_picture_set_can_shrink(gtkkit_picture(self), newValue ? 1 : 0) }
  }

  // MARK: Grids
  public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
    gtk_grid_attach(gtkkit_grid(self), child, column, row, width, height)
  }

  // MARK: Revealers
  /// Whether this GtkRevealer shows its child (with its transition).
  public var revealsChild: Bool {
    get { gtk_revealer_get_reveal_child(gtkkit_revealer(self)) != 0 }
    nonmutating set { gtk_revealer_set_reveal_child(gtkkit_revealer(self), newValue ? 1 : 0) }
  }

  public func setRevealerTransition(_ transition: GtkRevealerTransitionType) {
    gtk_revealer_set_transition_type(gtkkit_revealer(self), transition)
  }

  public func setRevealerChild(_ child: Widget?) { gtk_revealer_set_child(gtkkit_revealer(self), child) }

  // MARK: Toggles, switches, spinners
  /// Whether this GtkToggleButton is pressed in.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(gtkkit_toggle_button(self)) != 0 }
    nonmutating set { gtk_toggle_button_set_active(gtkkit_toggle_button(self), newValue ? 1 : 0) }
  }

  /// Whether this GtkSwitch is on.
  public var isSwitchedOn: Bool {
    get { gtk_switch_get_active(gtkkit_switch(self)) != 0 }
    nonmutating set { gtk_switch_set_active(gtkkit_switch(self), newValue ? 1 : 0) }
  }

  public func startSpinning() { gtk_spinner_start(gtkkit_spinner(self)) }
  public func stopSpinning() { gtk_spinner_stop(gtkkit_spinner(self)) }

  // MARK: Menu buttons
  public static func menuButton() -> Widget { gtk_menu_button_new() }

  /// Whether this GtkMenuButton is the window's primary menu (F10 opens it).
  public var isPrimaryMenu: Bool {
    get { gtk_menu_button_get_primary(gtkkit_menu_button(self)) != 0 }
    nonmutating set { gtk_menu_button_set_primary(gtkkit_menu_button(self), newValue ? 1 : 0) }
  }

  public func setMenuIconName(_ name: String) {
    gtk_menu_button_set_icon_name(gtkkit_menu_button(self), name)
  }

  /// A plain button's icon, by its name in the icon theme.
  public func setButtonIconName(_ name: String) {
    gtk_button_set_icon_name(gtkkit_button(self), name)
  }

  // MARK: Windows
  /// The clock that paces this widget's frames; nil until it is realized.
  public var frameClock: OpaquePointer? { gtk_widget_get_frame_clock(self) }

  /// A new toplevel GtkWindow; GTK's toplevel list holds it until it is destroyed.
  public static func window() -> Widget { gtkkit_widget(gtk_window_new())! }

  /// The application this GtkWindow belongs to, which lists it and keeps running while it is open.
  public var application: UnsafeMutablePointer<GtkApplication>? {
    get { gtk_window_get_application(gtkkit_window(self)) }
    nonmutating set { gtk_window_set_application(gtkkit_window(self), newValue) }
  }

  /// Makes `keyval` without modifiers activate `action` (e.g. "window.close") while the focus is in
  /// this widget.
  public func addShortcut(keyval: UInt32, action: String) {
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      gtkkit_shortcut_controller(shortcuts.raw),
      gtk_shortcut_new(gtk_keyval_trigger_new(keyval, GdkModifierType(0)), gtk_named_action_new(action)))
    addController(shortcuts)
  }

  public func present() { gtk_window_present(gtkkit_window(self)) }

  /// Asks this GtkWindow to close, as its close button does (close-request handlers may refuse).
  public func close() { gtk_window_close(gtkkit_window(self)) }

  public var title: String? {
    get { gtk_window_get_title(gtkkit_window(self)).map { String(cString: $0) } }
    nonmutating set { gtk_window_set_title(gtkkit_window(self), newValue) }
  }

  /// Destroys this GtkWindow at once (no close-request): GTK's toplevel list drops it.
  public func destroyWindow() { gtk_window_destroy(gtkkit_window(self)) }

  /// Sets this GtkWindow's title bar (usually a header bar).
  public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(gtkkit_window(self), titlebar) }

  /// Sets this GtkWindow's content.
  public func setWindowChild(_ child: Widget?) { gtk_window_set_child(gtkkit_window(self), child) }

  /// This GtkWindow's size when not maximised (-1 where unset).
  public var defaultSize: (width: Int32, height: Int32) {
    get {
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(gtkkit_window(self), &width, &height)
      return (width, height)
    }
    nonmutating set { gtk_window_set_default_size(gtkkit_window(self), newValue.width, newValue.height) }
  }

  /// Whether this GtkWindow is maximised; setting it maximises or restores the window.
  public var isMaximized: Bool {
    get { gtk_window_is_maximized(gtkkit_window(self)) != 0 }
    nonmutating set {
      if newValue {
        gtk_window_maximize(gtkkit_window(self))
      } else {
        gtk_window_unmaximize(gtkkit_window(self))
      }
    }
  }

  /// Makes this GtkWindow a modal dialog of `parent`, destroyed with it.
  public func makeModal(over parent: UnsafeMutablePointer<GtkWindow>?) {
    let window = gtkkit_window(self)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
  }

  /// Makes this GtkWindow a modal dialog of the window `parent`, destroyed with it.
  public func makeModal(over parent: Widget) { makeModal(over: gtkkit_window(parent)) }

  /// The widget with the keyboard focus in this GtkWindow.
  public var focusedWidget: Widget? {
    get { gtk_window_get_focus(gtkkit_window(self)) }
    nonmutating set { gtk_window_set_focus(gtkkit_window(self), newValue) }
  }

  // MARK: Property bindings
  /// Keeps `property` of this widget and `targetProperty` of `target` equal (both ways when
  /// `isMutual`); the binding ends with either widget.
  public func bind(_ property: String, to target: Widget, _ targetProperty: String, isMutual: Bool = false) {
    g_object_bind_property(
      gtkkit_object(self), property, gtkkit_object(target), targetProperty,
      isMutual ? G_BINDING_BIDIRECTIONAL : G_BINDING_DEFAULT)
  }

  // MARK: Scrolled windows
  public func setScrolledChild(_ child: Widget?) {
    gtk_scrolled_window_set_child(gtkkit_scrolled_window(self), child)
  }
}
