// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkEntry: a one-line text field. Positions are in characters; -1 is the end.
public struct Entry {
  public let widget: Widget

  public init() {
    widget = gtk_entry_new()
  }

  /// An entry made elsewhere (a dialog's field, found by its name).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var entry: UnsafeMutablePointer<GtkEntry> { gtkkit_entry(widget) }

  public var text: String {
    get { String(cString: gtk_editable_get_text(gtkkit_editable(widget))) }
    nonmutating set { gtk_editable_set_text(gtkkit_editable(widget), newValue) }
  }

  /// The grey text the field shows while it is empty.
  public func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(entry, text) }

  /// Whether Enter in the field activates the default widget (a dialog's default response).
  public func setActivatesDefault(_ activates: Bool) {
    gtk_entry_set_activates_default(entry, activates ? 1 : 0)
  }

  /// Characters in the field now.
  public var length: Int { Int(gtk_entry_buffer_get_length(gtk_entry_get_buffer(entry))) }

  /// Where the text sits in the field's width: 0 starts, 0.5 centres, 1 ends.
  public func setTextAlignment(_ alignment: Float) { gtk_entry_set_alignment(entry, alignment) }

  /// The most characters the field takes: GTK cuts a longer insertion before laying it out.
  public func setMaximumLength(_ characters: Int) { gtk_entry_set_max_length(entry, Int32(characters)) }

  /// Whether typing changes the text (a field kept for its focus, keys and name is not editable).
  public func setEditable(_ isEditable: Bool) {
    gtk_editable_set_editable(gtkkit_editable(widget), isEditable ? 1 : 0)
  }

  /// Whether the field keeps an undo stack of its own (off where undo belongs to a document).
  public func setUndoEnabled(_ isEnabled: Bool) {
    gtk_editable_set_enable_undo(gtkkit_editable(widget), isEnabled ? 1 : 0)
  }

  /// The caret's position.
  public var cursorPosition: Int {
    get { Int(gtk_editable_get_position(gtkkit_editable(widget))) }
    nonmutating set { gtk_editable_set_position(gtkkit_editable(widget), Int32(newValue)) }
  }

  /// The caret at the end of the text, nothing selected.
  public func moveCursorToEnd() { cursorPosition = -1 }

  /// Selects from `start` to `end` (either way round; -1 is the end).
  public func select(from start: Int, to end: Int) {
    gtk_editable_select_region(gtkkit_editable(widget), Int32(start), Int32(end))
  }

  public func selectAll() { select(from: 0, to: -1) }

  /// The selected characters; nil when nothing is.
  public var selection: Range<Int>? {
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_editable_get_selection_bounds(gtkkit_editable(widget), &start, &end) != 0, start != end else {
      return nil
    }
    return Int(min(start, end))..<Int(max(start, end))
  }

  /// Takes the keyboard focus without selecting the text, as a click would.
  @discardableResult
  public func grabFocusWithoutSelecting() -> Bool { gtk_entry_grab_focus_without_selecting(entry) != 0 }
}
