// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GTK widget as GTK hands it out. Its parent (or, for a window, GTK itself) owns it; a Swift
/// object that must keep one alive on its own holds an `ObjectOwner` instead.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// The GtkWidget properties every widget file sets, as Swift properties: the casts and the
/// gboolean/String conversions live here once instead of at every call.
extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The widget's name (`gtk_widget_set_name`): the CSS `#name` and what tests look widgets up by.
  public var name: String {
    get { String(cString: gtk_widget_get_name(self)) }
    nonmutating set { gtk_widget_set_name(self, newValue) }
  }

  /// Device pixels a logical pixel: 2 on a HiDPI screen.
  public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(self)) }

  public var isVisible: Bool {
    get { gtk_widget_get_visible(self) != 0 }
    nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
  }

  /// Whether the widget is on screen: visible, and every parent up to its window mapped (a list
  /// view's rows scrolled out of sight are not).
  public var isMapped: Bool { gtk_widget_get_mapped(self) != 0 }

  /// Whether the pointer can reach the widget: off, clicks go to what lies under it.
  /// Whether the widget takes the keyboard focus (a drawing area does not unless told).
  public var isFocusable: Bool {
    get { gtk_widget_get_focusable(self) != 0 }
    nonmutating set { gtk_widget_set_focusable(self, newValue ? 1 : 0) }
  }

  public var canTarget: Bool {
    get { gtk_widget_get_can_target(self) != 0 }
    nonmutating set { gtk_widget_set_can_target(self, newValue ? 1 : 0) }
  }

  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(self) != 0 }
    nonmutating set { gtk_widget_set_sensitive(self, newValue ? 1 : 0) }
  }

  /// The tooltip, plain text; nil removes it.
  ///
  /// GTK 4.8 asks the display where the pointer is whenever the tooltip of a visible widget is set,
  /// so that a tooltip being shown changes at once: two round trips to the X server for every
  /// tooltip of a window being built, before anything is on screen. A widget that is not on screen
  /// is hidden while its tooltip is set, which skips the question and changes nothing else.
  public var tooltip: String? {
    get { gtk_widget_get_tooltip_text(self).map { String(cString: $0) } }
    nonmutating set {
      guard isVisible, gtk_widget_get_mapped(self) == 0 else {
        gtk_widget_set_tooltip_text(self, newValue)
        return
      }
      isVisible = false
      gtk_widget_set_tooltip_text(self, newValue)
      isVisible = true
    }
  }

  public var horizontalAlignment: GtkAlign {
    get { gtk_widget_get_halign(self) }
    nonmutating set { gtk_widget_set_halign(self, newValue) }
  }

  public var verticalAlignment: GtkAlign {
    get { gtk_widget_get_valign(self) }
    nonmutating set { gtk_widget_set_valign(self, newValue) }
  }

  /// Whether the widget takes the extra width its parent has to give.
  public var expandsHorizontally: Bool {
    get { gtk_widget_get_hexpand(self) != 0 }
    nonmutating set { gtk_widget_set_hexpand(self, newValue ? 1 : 0) }
  }

  /// Whether the widget takes the extra height its parent has to give.
  public var expandsVertically: Bool {
    get { gtk_widget_get_vexpand(self) != 0 }
    nonmutating set { gtk_widget_set_vexpand(self, newValue ? 1 : 0) }
  }

  /// The allocated width and height in pixels (0 before the first layout).
  public var width: Int { Int(gtk_widget_get_width(self)) }
  public var height: Int { Int(gtk_widget_get_height(self)) }

  public var parent: Widget? { gtk_widget_get_parent(self) }

  /// The width the widget asks for to show all of itself, whatever it is given now.
  public var naturalWidth: Int32 {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(self, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    return natural
  }

  public func addCSSClass(_ name: String) { gtk_widget_add_css_class(self, name) }
  public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(self, name) }
  public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(self, name) != 0 }

  /// Adds or removes the CSS class `name`.
  public func setCSSClass(_ name: String, _ isOn: Bool) {
    if isOn { addCSSClass(name) } else { removeCSSClass(name) }
  }

  /// Sets the outer margins; a side left out keeps its margin.
  public func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
    if let top { gtk_widget_set_margin_top(self, top) }
    if let bottom { gtk_widget_set_margin_bottom(self, bottom) }
    if let start { gtk_widget_set_margin_start(self, start) }
    if let end { gtk_widget_set_margin_end(self, end) }
  }

  /// The least size the widget is given (-1: its own); it can still grow.
  public func setSizeRequest(width: Int32, height: Int32) { gtk_widget_set_size_request(self, width, height) }

  /// Hands `controller` (any event controller or gesture) to the widget, which owns it from then on.
  public func addController(_ controller: OpaquePointer) {
    gtk_widget_add_controller(self, gtkkit_event_controller(controller.raw))
  }

  public func queueDraw() { gtk_widget_queue_draw(self) }

  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(self) != 0 }

  /// Shows the CSS cursor `name` ("crosshair", "move") over the widget; nil: its parent's.
  public func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(self, name) }

  /// The action this actionable widget (a button, a menu item) activates, e.g. `win.share`.
  public var actionName: String? {
    get { gtk_actionable_get_action_name(gtkkit_actionable(self)).map { String(cString: $0) } }
    nonmutating set { gtk_actionable_set_action_name(gtkkit_actionable(self), newValue) }
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// This widget as the `GtkWindow *` a dialog is made modal over (it must be a window).
  public var asWindow: UnsafeMutablePointer<GtkWindow> { gtkkit_window(self) }
}

/// What any widget can do that is not a property: its frame clock, a key shortcut, a property
/// binding. These stay on the pointer (not on a kind's wrapper) because they are GtkWidget's or
/// GObject's own, valid on every kind.
extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The clock that paces this widget's frames; nil until it is realized.
  public var frameClock: OpaquePointer? { gtk_widget_get_frame_clock(self) }

  /// Makes `keyval` without modifiers activate `action` (e.g. "window.close") while the focus is in
  /// this widget.
  public func addShortcut(keyval: UInt32, action: String) {
    let shortcuts = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      gtkkit_shortcut_controller(shortcuts.raw),
      gtk_shortcut_new(gtk_keyval_trigger_new(keyval, GdkModifierType(0)), gtk_named_action_new(action)))
    addController(shortcuts)
  }

  /// Keeps `property` of this widget and `targetProperty` of `target` equal (both ways when
  /// `isMutual`); the binding ends with either widget.
  public func bind(_ property: String, to target: Widget, _ targetProperty: String, isMutual: Bool = false) {
    g_object_bind_property(
      gtkkit_object(self), property, gtkkit_object(target), targetProperty,
      isMutual ? G_BINDING_BIDIRECTIONAL : G_BINDING_DEFAULT)
  }
}
