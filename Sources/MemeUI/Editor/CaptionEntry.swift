// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// One caption field over the picture.
///
/// Its own text is transparent (see `EditorStyleSheet`): the engine draws the caption on the
/// canvas exactly as export will, and the field only contributes the caret, the selection and a
/// focus outline. Behaviour from the original app: a field still holding its default text is cleared
/// when focused, Enter commits and leaves the field, and a field left empty gets its default back.
final class CaptionEntry {
  let widget: UnsafeMutablePointer<GtkWidget>
  let position: CaptionPosition
  /// Called with the new text after every edit the user makes.
  var onEdit: (String) -> Void = { _ in }
  /// Called when editing ends (focus left the field, or Enter).
  var onCommit: () -> Void = {}
  private var isUpdatingFromModel = false

  init(position: CaptionPosition) {
    self.position = position
    widget = gtk_entry_new()
    let name = position == .top ? "top-caption" : "bottom-caption"
    let label = position == .top ? tr("Top caption") : tr("Bottom caption")
    gtk_widget_set_name(widget, name)
    gtk_widget_add_css_class(widget, "caption-entry")
    Accessible.setLabel(widget, label)
    gtk_widget_set_tooltip_text(widget, label)
    gtk_entry_set_alignment(gtkkit_entry(widget), 0.5)
    // Undo belongs to the document (it also covers style and picture changes), so the field's own
    // undo stack is off and Ctrl+Z reaches win.undo.
    gtk_editable_set_enable_undo(gtkkit_editable(widget), 0)
    text = EditorState.defaultText(at: position)
    connectSignals()
  }

  /// The field's text. Setting it does not call `onEdit`.
  var text: String {
    get { String(cString: gtk_editable_get_text(gtkkit_editable(widget))) }
    set {
      guard newValue != text else { return }
      isUpdatingFromModel = true
      gtk_editable_set_text(gtkkit_editable(widget), newValue)
      isUpdatingFromModel = false
    }
  }

  var defaultText: String { EditorState.defaultText(at: position) }

  private func connectSignals() {
    Signal.connect(widget, "changed") { [weak self] in
      guard let self, !isUpdatingFromModel else { return }
      onEdit(text)
    }
    // Enter: commit and move focus away so the default-text rules apply at once.
    Signal.connect(widget, "activate") { [weak self] in
      guard let self, let root = gtk_widget_get_root(widget) else { return }
      gtk_window_set_focus(gtkkit_window(root.raw), nil)
    }
    let focus = gtk_event_controller_focus_new()!
    Signal.connect(focus.raw, "enter") { [weak self] in self?.focusEntered() }
    Signal.connect(focus.raw, "leave") { [weak self] in self?.focusLeft() }
    gtk_widget_add_controller(widget, focus)
  }

  private func focusEntered() {
    guard text == defaultText else { return }
    gtk_editable_set_text(gtkkit_editable(widget), "")  // an edit: the model follows
  }

  private func focusLeft() {
    if text.isEmpty { gtk_editable_set_text(gtkkit_editable(widget), defaultText) }
    onCommit()
  }
}
