// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSearchBar around a search entry: hidden until a search starts (a key typed over the capture
/// widget, `isSearching` set by a shortcut or a toggle button); Escape in the entry clears it and
/// closes the bar, as GNOME apps do.
public struct SearchBar {
  public let widget: Widget
  public let entry: SearchEntry

  /// A bar holding `entry`, `maximumWidth` pixels wide at most on a wide window.
  public init(entry: SearchEntry, maximumWidth: Int32) {
    self.entry = entry
    widget = gtk_search_bar_new()
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(gtkkit_adw_clamp(clamp), maximumWidth)
    adw_clamp_set_child(gtkkit_adw_clamp(clamp), entry.widget)
    entry.widget.expandsHorizontally = true
    gtk_search_bar_set_child(gtkkit_search_bar(widget), clamp)
    // The bar then opens for the entry's keys, and closes (clearing it) on its Escape.
    gtk_search_bar_connect_entry(gtkkit_search_bar(widget), gtkkit_editable(entry.widget))
  }

  /// Whether the bar is shown. Turning it off clears the entry.
  public var isSearching: Bool {
    get { gtk_search_bar_get_search_mode(gtkkit_search_bar(widget)) != 0 }
    nonmutating set { gtk_search_bar_set_search_mode(gtkkit_search_bar(widget), newValue ? 1 : 0) }
  }

  /// Keys typed while the focus is anywhere in `widget` open the bar and go to its entry, and, once
  /// the bar is open and the focus has moved on (to a result), add to the search again.
  ///
  /// GtkSearchBar itself forwards keys only to open the bar: GTK 4.8 ties the entry's own key capture
  /// to the bar. So a second controller forwards text while it is open, and only text (a character
  /// with no Ctrl, Alt or Super held; not Space): Enter, Delete, Escape and the arrows stay with the
  /// focused widget.
  public func captureKeys(from widget: Widget) {
    gtk_search_bar_set_key_capture_widget(gtkkit_search_bar(self.widget), widget)
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [self] keyval, _, state in
      guard isSearching, !entryHasFocus, Self.isText(keyval, state) else { return false }
      _ = entry.widget.grabFocus()
      let editable = gtkkit_editable(entry.widget)
      // Focusing selects the whole text, which the character would replace: it goes at the end.
      gtk_editable_set_position(editable, -1)
      // To the entry's GtkText, which types (through the input method) what its own keys type.
      guard let text = textWidget else { return false }
      return gtk_event_controller_key_forward(gtkkit_event_controller_key(keys.raw), text) != 0
    }
    widget.addController(keys)
  }

  /// The GtkText inside the search entry.
  private var textWidget: Widget? {
    var child = gtk_widget_get_first_child(entry.widget)
    while let current = child, gtkkit_is_a(current, gtk_text_get_type()) == 0 {
      child = gtk_widget_get_next_sibling(current)
    }
    return child
  }

  /// Whether the focus is in the entry (on its text, a child of the GtkSearchEntry).
  private var entryHasFocus: Bool {
    guard let root = gtk_widget_get_root(entry.widget), let focus = gtk_root_get_focus(root) else {
      return false
    }
    return focus == entry.widget || gtk_widget_is_ancestor(focus, entry.widget) != 0
  }

  private static func isText(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
    let commands = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
    guard state.rawValue & commands == 0, let scalar = Unicode.Scalar(gdk_keyval_to_unicode(keyval)) else {
      return false
    }
    return scalar != " " && scalar.properties.generalCategory != .control
  }

  /// Runs `handler` when the bar opens or closes.
  public func onSearchingChanged(_ handler: @escaping () -> Void) {
    Signal.connectNotify(widget, property: "search-mode-enabled", handler)
  }
}
