// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// One caption field over the picture: a classic caption's, or a text box's (see `CaptionSlot`).
///
/// Its own text, caret and selection are transparent (see `EditorStyleSheet`): the engine draws the
/// caption on the canvas exactly as export will, the canvas draws the caret and the selection on the
/// drawn letters (see `CaptionCursor`), and the field contributes the keyboard, the input method and
/// a focus outline. Clicks and drags are mapped through the drawn caption too (`hitTest`).
///
/// Behaviour from the original app: a field showing its placeholder (TOP, BOTTOM; see `EditorState`)
/// is cleared when focused, and a field left empty shows it again. The placeholder is what the field
/// shows, never the caption's text: `caption` is empty meanwhile, and focusing or leaving the field
/// changes nothing in the meme. Enter in the top field moves on to the bottom one;
/// Enter in the bottom one leaves the fields with the meme shown. Coming back with Tab puts the caret
/// at the end rather than selecting everything, so typing adds to the caption instead of replacing it.
///
/// A box's field differs in two ways, as a text frame in a slides or drawing app does: its
/// placeholder is selected rather than cleared (the box stays visible, and the first keystroke
/// replaces it), and it can hold the focus without typing (`isTyping` false): the box is then
/// selected, and its keys move, order or remove it (see `TextBoxEditing`).
final class CaptionEntry {
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The field, as GtkKit's typed entry (`widget` is its widget).
  private let entry: Entry
  /// The message shown on the canvas when an edit went beyond what a caption holds.
  let limitMessage = CaptionEntry.makeLimitLabel()
  var limitLabel: Widget { limitMessage.widget }
  let slot: CaptionSlot
  /// The classic caption this field edits, nil for a box's.
  var position: CaptionPosition? { slot.position }
  /// Whether keys edit the text; false while a box is selected with its field focused. The canvas
  /// draws the caret and selection only while typing.
  var isTyping = true {
    didSet {
      if isTyping, !acceptsText { isTyping = false }
      if isTyping != oldValue { onCursorChange() }
    }
  }
  /// Whether the field takes text: false over a layer without text (a sticker), whose field is there
  /// for its keys, its focus outline and its name for screen readers alone, and shows nothing.
  var acceptsText = true {
    didSet {
      guard acceptsText != oldValue else { return }
      entry.setEditable(acceptsText)
      if !acceptsText { isTyping = false }
      showPlaceholder(true)
    }
  }
  /// Called instead of the default move on when Enter is pressed (a box's field).
  var onEnter: (() -> Void)?
  /// Called with the caption's new text after every edit the user makes.
  var onEdit: (String) -> Void = { _ in }
  /// Called when what the field shows changes without an edit: its placeholder shown or cleared.
  var onPlaceholderChange: () -> Void = {}
  /// Called when editing ends (focus left the field, or Enter).
  var onCommit: () -> Void = {}
  /// Called when the focus has come to the field (`isFocused` is already true).
  var onFocus: () -> Void = {}
  /// Called when the caret, the selection or the focus changes: the canvas draws them.
  var onCursorChange: () -> Void = {}
  /// The field position a point in the field (its own coordinates) falls on in the drawn caption.
  var hitTest: (_ x: Double, _ y: Double) -> Int? = { _, _ in nil }
  /// Where Enter goes next; nil leaves the fields.
  weak var next: CaptionEntry?
  private(set) var isFocused = false
  /// Whether the field shows its placeholder: the caption itself is empty.
  private(set) var isShowingPlaceholder = false
  /// Set while `focus()` grabs the focus, and from focus arriving otherwise until GTK's own select-all.
  private var isFocusingWithoutSelecting = false
  private var undoesSelectAll = false
  private var isUpdatingFromModel = false
  /// The press a drag started with: what stays selected while the pointer moves.
  private var dragAnchor: (x: Double, y: Double, offset: Int)?
  private var lastPress: (time: Int, count: Int)?

  init(slot: CaptionSlot) {
    self.slot = slot
    entry = Entry()
    widget = entry.widget
    let label = slot.accessibleLabel
    widget.name = slot.widgetName
    widget.addCSSClass("caption-entry")
    // No tooltip: the caption under the pointer says what the field is, and a tooltip left over the
    // meme after a share covered the caption being shared.
    Accessible.setLabel(widget, label)
    entry.setTextAlignment(0.5)
    // Undo belongs to the document (it also covers style and picture changes), so the field's own
    // undo stack is off and Ctrl+Z reaches win.undo.
    entry.setUndoEnabled(false)
    // A caption holds at most this many characters: GTK cuts a longer paste before it lays it out
    // (a megabyte of text laid out in the field held the window up for seconds).
    entry.setMaximumLength(CaptionLimits.maximumCharacters)
    isTyping = slot.position != nil
    connectSignals()
    showPlaceholder(true)
  }

  /// What the field shows: the caption's text, or its placeholder.
  var text: String { entry.text }

  /// The caption's own text: empty while the placeholder shows.
  var caption: String { isShowingPlaceholder ? "" : text }

  var placeholder: String { slot.placeholder }

  /// Shows the document's text of this caption, without calling `onEdit`: its placeholder when the
  /// caption is empty, unless the field is cleared for typing (a focused classic field).
  func show(caption newCaption: String) {
    guard newCaption != caption else { return }
    if newCaption.isEmpty {
      showPlaceholder(!(isFocused && slot.position != nil))
    } else {
      isShowingPlaceholder = false
      setTextQuietly(newCaption)
    }
  }

  /// Shows the placeholder (`shown`) or an empty field, without calling `onEdit`: the caption stays
  /// empty either way.
  private func showPlaceholder(_ shown: Bool) {
    isShowingPlaceholder = shown
    setTextQuietly(shown && acceptsText ? placeholder : "")
    onPlaceholderChange()
  }

  private func setTextQuietly(_ newText: String) {
    guard newText != text else { return }
    isUpdatingFromModel = true
    entry.text = newText
    isUpdatingFromModel = false
  }

  private func connectSignals() {
    Signal.connect(widget, "changed") { [weak self] in
      guard let self else { return }
      guard !isUpdatingFromModel else { return }
      isShowingPlaceholder = false
      onEdit(text)
    }
    // Enter: commit, and move on to the next field or leave the fields so the default-text rules
    // apply at once.
    Signal.connect(widget, "activate") { [weak self] in
      guard let self else { return }
      if let onEnter {
        onEnter()
      } else if let next {
        next.focus()
      } else if let root = gtk_widget_get_root(widget) {
        gtk_root_set_focus(root, nil)
      }
    }
    // A paste (Ctrl+V, Shift+Insert, the context menu) on a selected box not being typed in
    // replaces its text, as a letter typed on it does. The text widget inside the field emits it.
    if let text = gtk_editable_get_delegate(gtkkit_editable(widget)) {
      Signal.connect(UnsafeMutableRawPointer(text), "paste-clipboard") { [weak self] in self?.pasteArrives() }
      Signal.connectInsertText(UnsafeMutableRawPointer(text)) { [weak self] text, length, position in
        self?.textArrives(text, length: length, at: position)
      }
    }
    for property in ["cursor-position", "selection-bound"] {
      Signal.connectNotify(widget, property: property) { [weak self] in self?.cursorMoved() }
    }
    let focus = gtk_event_controller_focus_new()!
    Signal.connect(focus.raw, "enter") { [weak self] in self?.focusEntered() }
    Signal.connect(focus.raw, "leave") { [weak self] in self?.focusLeft() }
    widget.addController(focus)
    connectPointer()
  }

  /// Focuses the field with the caret at the end of its text, selecting nothing (a box's
  /// placeholder, all of it). `typing` false focuses a box's field with the box selected instead.
  func focus(typing: Bool = true) {
    isTyping = typing
    isFocusingWithoutSelecting = true
    entry.grabFocusWithoutSelecting()
    isFocusingWithoutSelecting = false
    entry.moveCursorToEnd()
    if typing { selectPlaceholder() }
  }

  /// Starts typing in a focused box's field: the caret at the end, or its placeholder selected.
  func startTyping() {
    guard !isTyping else { return }
    isTyping = true
    entry.moveCursorToEnd()
    selectPlaceholder()
  }

  /// Stops typing but keeps the focus (a box's field: Escape or Enter). An emptied box shows its
  /// placeholder again, as a field left empty does.
  func stopTyping() {
    guard isTyping else { return }
    if text.isEmpty { showPlaceholder(true) }
    entry.moveCursorToEnd()
    isTyping = false
    onCommit()
  }

  /// The limit the last insertion went beyond (GTK cut it to the characters the field holds, or
  /// `textArrives` to the marks and lines a caption holds), until the edit it made is reported.
  private var cutOnArrival: CaptionLimits.Excess?
  private var isInsertingBoundedText = false

  /// Called with the limit an edit went beyond, or `nil` after an edit within the limits: the field
  /// says so (see `EditorCanvas.showLimitMessage`).
  var onLimit: (CaptionLimits.Excess?) -> Void = { _ in }

  /// Before text is inserted (typed, pasted, dropped or from the input method): text beyond the
  /// limits is cut before GTK lays it out, and the cut noted for the field's message.
  private func textArrives(
    _ bytes: UnsafePointer<CChar>, length: Int, at position: UnsafeMutablePointer<Int32>
  ) {
    guard !isInsertingBoundedText, let editable = gtk_editable_get_delegate(gtkkit_editable(widget)) else {
      return
    }
    let characters = Int(g_utf8_strlen(bytes, length < 0 ? -1 : length))
    let room = CaptionLimits.maximumCharacters - entry.length
    if characters > room { cutOnArrival = CaptionLimits.Excess.characters }
    // Only as much as the field can hold is read: a megabyte costs no more than the limit.
    let end = g_utf8_offset_to_pointer(bytes, glong(min(characters, CaptionLimits.maximumCharacters)))!
    let prefixBytes = UnsafePointer(end) - bytes
    let incoming = String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: prefixBytes).bindMemory(to: UInt8.self),
      as: UTF8.self)
    guard let excess = CaptionLimits.excess(in: incoming), excess != CaptionLimits.Excess.characters else {
      return
    }
    cutOnArrival = excess
    g_signal_stop_emission_by_name(UnsafeMutableRawPointer(editable), "insert-text")
    isInsertingBoundedText = true
    gtk_editable_insert_text(editable, CaptionLimits.bounded(incoming), -1, position)
    isInsertingBoundedText = false
  }

  /// Reports an edit to the field's message: the limit the edit (or the document, cutting what the
  /// field held) went beyond.
  func reportLimit(_ excess: CaptionLimits.Excess?) {
    onLimit(excess ?? cutOnArrival)
    cutOnArrival = nil
  }

  /// Before a paste lands in a selected box's field: the box starts typing with all its text selected,
  /// so the paste replaces it.
  private func pasteArrives() {
    guard slot.boxIndex != nil, isFocused, !isTyping else { return }
    startTyping()
    entry.selectAll()
  }

  /// A box's placeholder is selected, so the first keystroke replaces it and the box stays in view.
  private func selectPlaceholder() {
    guard slot.boxIndex != nil, isShowingPlaceholder else { return }
    entry.selectAll()
  }

  private func cursorMoved() {
    // Focus arriving by Tab selects all the text (GTK does so right after focus arrives): typing
    // would then replace the caption. The caret goes to the end instead.
    if undoesSelectAll, let selection, selection == 0..<text.unicodeScalars.count {
      undoesSelectAll = false
      entry.moveCursorToEnd()
    }
    onCursorChange()
  }

  /// The caret's position, in characters.
  var cursorPosition: Int { entry.cursorPosition }

  /// The selected characters, nil when nothing is selected.
  var selection: Range<Int>? { entry.selection }

  private func focusEntered() {
    isFocused = true
    // Not an edit: the caption was empty and stays so.
    if isShowingPlaceholder, slot.position != nil { showPlaceholder(false) }
    // GTK selects all once this handler has returned, in the same call; see `cursorMoved`. A box's
    // placeholder stays selected.
    undoesSelectAll = !isFocusingWithoutSelecting && !(slot.boxIndex != nil && isShowingPlaceholder)
    MainLoop.post { [weak self] in self?.undoesSelectAll = false }
    onFocus()
    onCursorChange()
  }

  private func focusLeft() {
    isFocused = false
    if text.isEmpty { showPlaceholder(true) }
    isTyping = slot.position != nil
    // A selection left behind would come back with the focus; nothing stays selected.
    entry.select(from: cursorPosition, to: cursorPosition)
    onCommit()
    onCursorChange()
  }

  // MARK: - Pointer

  /// A press puts the caret where it falls on the drawn caption, a drag selects from there, a double
  /// press selects the word and a triple press the whole caption. The field's own handling would
  /// measure against its invisible text, so the press is taken before it sees it (capture phase).
  /// Other buttons (the context menu) are left to the field.
  private func connectPointer() {
    let drag = gtk_gesture_drag_new()!
    gtk_event_controller_set_propagation_phase(gtkkit_event_controller(drag.raw), GTK_PHASE_CAPTURE)
    Signal.connectPoint(drag.raw, "drag-begin") { [weak self] x, y in
      guard let self else { return }
      gtk_gesture_set_state(gtkkit_gesture(drag.raw), GTK_EVENT_SEQUENCE_CLAIMED)
      press(atX: x, y: y)
    }
    Signal.connectPoint(drag.raw, "drag-update") { [weak self] dx, dy in self?.dragged(dx: dx, dy: dy) }
    Signal.connectPoint(drag.raw, "drag-end") { [weak self] _, _ in self?.dragAnchor = nil }
    widget.addController(drag)
  }

  /// A press at (`x`, `y`) in the field.
  func press(atX x: Double, y: Double) {
    let now = g_get_monotonic_time()
    let count = lastPress.map { now - $0.time < Self.multiPressInterval ? $0.count % 3 + 1 : 1 } ?? 1
    lastPress = (now, count)
    if !isFocused { focus() }
    isTyping = true
    let offset = hitTest(x, y) ?? cursorPosition
    switch count {
    case 2:
      let word = wordRange(around: offset)
      entry.select(from: word.lowerBound, to: word.upperBound)
      dragAnchor = nil
    case 3:
      entry.selectAll()
      dragAnchor = nil
    default:
      entry.cursorPosition = offset
      dragAnchor = (x, y, offset)
    }
  }

  /// The pointer moved by (`dx`, `dy`) since a press: select from the press to here.
  func dragged(dx: Double, dy: Double) {
    guard let dragAnchor, let offset = hitTest(dragAnchor.x + dx, dragAnchor.y + dy) else { return }
    entry.select(from: dragAnchor.offset, to: offset)
  }

  /// The run of non-space characters around `offset` (or the spaces, between two words).
  private func wordRange(around offset: Int) -> Range<Int> {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return 0..<0 }
    let probe = min(max(0, offset == scalars.count ? offset - 1 : offset), scalars.count - 1)
    let isSpace = scalars[probe].properties.isWhitespace
    var start = probe
    while start > 0, scalars[start - 1].properties.isWhitespace == isSpace { start -= 1 }
    var end = probe + 1
    while end < scalars.count, scalars[end].properties.isWhitespace == isSpace { end += 1 }
    return start..<end
  }

  /// Presses closer together than this (microseconds) count as a double or triple press.
  private static let multiPressInterval = 400_000
}
