// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkTextView for prose: several lines, wrapped between words (inside a word only when one
/// word is wider than the field), Enter a new line, Tab on to the next control.
public struct TextView {
  public let widget: Widget

  public init() {
    widget = gtk_text_view_new()
    gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
    // A paragraph has no tabs; the keyboard must be able to leave the field.
    gtk_text_view_set_accepts_tab(view, 0)
  }

  /// A text view made elsewhere (a dialog's field, found by its name).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var view: UnsafeMutablePointer<GtkTextView> { gtkkit_text_view(widget) }
  private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(view) }

  /// The whole text.
  public var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
      defer { g_free(text) }  // transfer full
      return String(cString: text)
    }
    nonmutating set { gtk_text_buffer_set_text(buffer, newValue, -1) }
  }

  /// Room around the text, in pixels, inside the field's frame.
  public func setMargins(_ margin: Int32) {
    gtk_text_view_set_left_margin(view, margin)
    gtk_text_view_set_right_margin(view, margin)
    gtk_text_view_set_top_margin(view, margin)
    gtk_text_view_set_bottom_margin(view, margin)
  }

  /// Calls `handler` after every change of the text (typing, pasting, setting `text`).
  public func onChange(_ handler: @escaping () -> Void) {
    Signal.connect(buffer, "changed", handler)
  }

  /// Calls `handler` on Ctrl+Enter, which commits the text as a dialog's default button would
  /// (Enter itself starts a new line, as in any prose field).
  public func onControlEnter(_ handler: @escaping () -> Void) {
    let keys = gtk_event_controller_key_new()!
    // Before the view's own key handling, which would insert the line break.
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { keyval, _, state in
      let isEnter = [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].contains(Int32(keyval))
      let modifiers = state.rawValue & gtk_accelerator_get_default_mod_mask().rawValue
      guard isEnter, modifiers == GDK_CONTROL_MASK.rawValue else { return false }
      handler()
      return true
    }
    gtk_widget_add_controller(widget, keys)
  }
}
