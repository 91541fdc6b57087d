// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// The text boxes from the keyboard: Add Text, typing into a box's field, and the keys of a selected
/// box. A box is handled the way a text frame is in a slides or drawing app: focusing its field
/// selects it; Escape leaves typing but keeps it selected, and a selected box takes Delete (with
/// Undo in a toast), the arrow keys (nudges; with Alt they resize it, Ctrl with Left and Right turns
/// it), Enter (type again), any letter and a paste (replace its text); Escape again deselects and
/// leaves the focus on Add Text. Tab and Shift+Tab go through the captions in Caption N order, then
/// on through the window, the same controls both ways (`TabOrder`); Ctrl+Tab and Ctrl+Shift+Tab go
/// round the captions alone.
final class TextBoxEditing {
  /// A nudge moves a box by this many screen pixels; with Shift, by `largeNudge`.
  static let smallNudge = 1.0
  static let largeNudge = 10.0

  /// The "Text box deleted" toast while its Undo still undoes the deletion (see `deleteBox(at:)`).
  private(set) var deletionToast: Toast?

  private unowned let host: any EditorHost
  private let boxHandles: BoxHandles
  private let stylePanel: StylePanel
  private let toasts: ToastOverlay
  /// Where the focus lands when a box lets it go: the control the boxes came from.
  private let addTextButton: UnsafeMutablePointer<GtkWidget>
  /// Whether crop mode is on: the caption fields are hidden then.
  private let isCropping: () -> Bool
  /// Tab's way through the window: the caption fields in Caption N order, wherever they lie.
  private var tabOrder: TabOrder?
  /// Whether the arrow keys move the tail of the comic bubble at an index (its Move Tail is on),
  /// and how that mode ends (see `BubbleActions`).
  var movesTail: (Int) -> Bool = { _ in false }
  var stopMovingTail: () -> Void = {}

  init(
    host: any EditorHost, boxHandles: BoxHandles, stylePanel: StylePanel, toasts: ToastOverlay,
    addTextButton: UnsafeMutablePointer<GtkWidget>, isCropping: @escaping () -> Bool
  ) {
    self.host = host
    self.boxHandles = boxHandles
    self.stylePanel = stylePanel
    self.toasts = toasts
    self.addTextButton = addTextButton
    self.isCropping = isCropping
    connect()
  }

  private var document: EditorDocument { host.document }
  private var canvas: EditorCanvas { host.canvas }

  private func connect() {
    stylePanel.onAlignmentChange = { [weak self] alignment in
      guard let self, let index = document.selectedLayerIndex, let box = document.selectedBox else { return }
      document.setStyle(box.style, alignment: alignment, ofBoxAt: index)
    }
    canvas.fields.onBoxEntryMade = { [weak self] entry in self?.connectBoxEntry(entry) }
    for entry in [canvas.fields.topEntry, canvas.fields.bottomEntry] {
      // Typing into a classic caption leaves the box that was selected.
      entry.onFocus = { [weak self] in self?.document.selectLayer(at: nil) }
    }
    tabOrder = TabOrder(
      window: host.window, region: canvas.widget,
      orderedStops: { [weak self] in self?.canvas.fields.captionEntries.map(\.widget) ?? [] },
      focusStop: { [weak self] widget in self?.tabbed(to: widget) ?? false })
  }

  /// Add Text: a box in the middle of the picture, selected, its placeholder ready to be typed over.
  func addText() {
    guard document.image != nil, !isCropping() else { return }
    let index = document.addNewBox()
    canvas.fields.typeInBox(at: index)
  }

  /// Moves the selected box in the drawing order; its field follows it (see `followSelection`).
  func reorderSelectedLayer(_ order: LayerOrder) {
    guard let index = document.selectedLayerIndex else { return }
    let typing = canvas.fields.boxEntry(at: index)?.isTyping ?? false
    document.endTyping()
    document.reorderLayer(at: index, order)
    if typing, let moved = document.selectedLayerIndex { canvas.fields.typeInBox(at: moved) }
  }

  /// The selected box's field has the focus, so its keys reach it: a box selected on the canvas, a
  /// box moved in the drawing order. Without a selected box, a box's field keeps no focus.
  func followSelection() {
    if let index = document.selectedLayerIndex, let entry = canvas.fields.boxEntry(at: index) {
      if !entry.isFocused { entry.focus(typing: false) }
      return
    }
    if let focused = canvas.fields.boxEntries.first(where: \.isFocused) {
      focused.isTyping = false
      // Never on nothing: on Add Text, where Escape leaves it too.
      _ = gtk_widget_grab_focus(addTextButton)
    }
  }

  /// The style panel shows, and changes, the selected box's (or comic bubble's) style; without one,
  /// the captions'.
  func showStyleOfSelection(layout: MemeLayout?) {
    if let index = document.selectedLayerIndex, let bubble = document.speechBubbles.comic(at: index) {
      stylePanel.show(style: bubble.style, layout: layout)
      return
    }
    guard let box = document.selectedBox else {
      stylePanel.show(style: document.captions.style, layout: layout)
      return
    }
    stylePanel.show(style: box.style, layout: layout, boxAlignment: box.alignment)
  }

  // MARK: - A box's field

  private func connectBoxEntry(_ entry: CaptionEntry) {
    guard let index = entry.slot.boxIndex else { return }
    canvas.fields.connectEdits(of: entry) { [weak self] text in self?.document.setText(text, ofBoxAt: index) }
    entry.onCommit = { [weak self] in self?.document.endTyping() }
    // Enter ends typing and leaves the box selected, as Escape does.
    entry.onEnter = { [weak entry] in entry?.stopTyping() }
    entry.onFocus = { [weak self] in self?.document.selectLayer(at: index) }
    onKey(of: entry) { [weak self, weak entry] keyval, state in
      guard let self, let entry else { return false }
      return handleBoxKey(keyval, state, in: entry, index: index)
    }
    // The turning keys show the angle while Ctrl is held; letting go of it ends the turn.
    let releases = gtk_event_controller_key_new()!
    Signal.connectKeyReleased(releases.raw) { [weak self] keyval in
      guard Int32(keyval) == GDK_KEY_Control_L || Int32(keyval) == GDK_KEY_Control_R else { return }
      self?.boxHandles.angleBadge.hide()
    }
    entry.widget.addController(releases)
  }

  /// Escape while typing stops typing; the keys of a selected box not being typed in.
  func handleBoxKey(_ keyval: UInt32, _ state: GdkModifierType, in entry: CaptionEntry, index: Int)
    -> Bool
  {
    let key = Int32(keyval)
    if entry.isTyping {
      guard key == GDK_KEY_Escape else { return false }
      entry.stopTyping()
      return true
    }
    let command = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0
    // Escape, Enter and F2 end Move Tail first: the bubble's keys are its own again.
    let endsTailMode = [GDK_KEY_Escape, GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_F2]
    if movesTail(index), endsTailMode.contains(key) {
      stopMovingTail()
      return true
    }
    switch key {
    case GDK_KEY_Escape:
      document.selectLayer(at: nil)
      // The box's field lets the focus go; a keyboard user lands on Add Text, the control the
      // boxes came from and the next stop after them in Tab's order, rather than on nothing.
      _ = gtk_widget_grab_focus(addTextButton)
    case GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace:
      deleteBox(at: index)
      _ = gtk_widget_grab_focus(addTextButton)  // as after Escape
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_F2:
      entry.startTyping()
    case _ where ArrowKey.direction(of: keyval) != nil:
      return handleBoxArrow(keyval, state, index: index)
    default:
      // A letter typed on a selected box replaces its text, as in slides apps; other keys
      // (shortcuts) pass on.
      guard !command, gdk_keyval_to_unicode(keyval) >= 0x20 else { return false }
      entry.startTyping()
      gtk_editable_select_region(gtkkit_editable(entry.widget), 0, -1)
      return false
    }
    return true
  }

  /// Deletes the box at `index`. A toast offers Undo (the editor's own undo) for as long as that
  /// undoes the deletion: the next change to the meme takes the toast away.
  func deleteBox(at index: Int) {
    guard document.layers.indices.contains(index) else { return }
    let title =
      switch document.layers[index] {
      case .text: localized("Text box deleted")
      case .sticker: localized("Sticker deleted")
      case .hidden: localized("Hidden area deleted")
      case .bubble: localized("Speech bubble deleted")
      }
    document.removeLayer(at: index)  // dismisses an earlier deletion's toast: a change
    let toast = Toast(title)
    toast.buttonLabel = localized("Undo")
    toast.actionName = EditorAction.undo.detailedName
    toast.onDismissed { [weak self, weak toast] in
      guard let self, let toast, deletionToast === toast else { return }
      deletionToast = nil
    }
    deletionToast = toast
    // In place of a share's confirmation, shown or waiting: Undo is worth something now or never.
    toasts.show(toast, replacingOthers: true)
  }

  /// Takes the "Text box deleted" toast away: its Undo would no longer undo the deletion (any
  /// change after the deletion, Undo included, is what Undo would undo instead).
  func dismissDeletionToast() {
    guard let toast = deletionToast else { return }
    deletionToast = nil
    toast.dismiss()
  }

  /// An arrow key on a selected box: alone it nudges the box, with Alt it resizes it (Right and
  /// Down larger, Left and Up smaller), with Ctrl Left and Right turn it (anticlockwise and
  /// clockwise), Shift making each press larger. Ctrl+Alt passes on: GNOME switches workspaces
  /// with it.
  private func handleBoxArrow(_ keyval: UInt32, _ state: GdkModifierType, index: Int) -> Bool {
    guard let direction = ArrowKey.direction(of: keyval) else { return false }
    let far = ArrowKey.holds(state, GDK_SHIFT_MASK)
    switch (ArrowKey.holds(state, GDK_CONTROL_MASK), ArrowKey.holds(state, GDK_ALT_MASK)) {
    case (false, false):
      nudge(index, dx: direction.x, dy: direction.y, far: far, tail: movesTail(index))
    case (false, true):
      guard let mapping = boxHandles.mapping else { return true }
      let step = far ? Self.largeNudge : Self.smallNudge
      document.resizeLayer(at: index, by: direction.x * step, direction.y * step, on: mapping)
    case (true, false):
      guard direction.x != 0 else { return false }
      document.turnLayer(at: index, by: direction.x * (far ? BoxAngle.largeStep : BoxAngle.smallStep))
      // Shown while Ctrl is held (see `connectBoxEntry`).
      boxHandles.showAngle(ofBoxAt: index)
    case (true, true):
      return false
    }
    return true
  }

  /// Moves the box at `index` (or, with `tail`, its tail's tip) by one step (`far`: ten) of screen
  /// pixels in direction (`dx`, `dy`).
  private func nudge(_ index: Int, dx: Double, dy: Double, far: Bool, tail: Bool) {
    guard let frame = canvas.captionFrame, frame.rect.width > 0, frame.rect.height > 0 else { return }
    let step = far ? Self.largeNudge : Self.smallNudge
    let (x, y) = (dx * step / frame.rect.width, dy * step / frame.rect.height)
    if tail {
      document.speechBubbles.nudgeTail(ofBubbleAt: index, dx: x, dy: y)
    } else {
      document.nudgeLayer(at: index, dx: x, dy: y)
    }
  }

  // MARK: - Tab through the captions

  /// Tab or Shift+Tab reached the caption field `widget` (see `tabOrder`): the field left stops
  /// typing, and the caret goes in as Ctrl+Tab puts it there. False for a control that is no field.
  private func tabbed(to widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let entries = canvas.fields.captionEntries
    guard let entry = entries.first(where: { $0.widget == widget }) else { return false }
    if let here = entries.first(where: \.isFocused), here !== entry, here.isTyping { here.stopTyping() }
    focus(entry)
    return true
  }

  /// Ctrl+Tab (`forwards`) and Ctrl+Shift+Tab: the next or previous caption field in Caption N
  /// order, all round (after the last box the top caption), from wherever the focus is (from
  /// outside the captions, the first or the last).
  func focusCaption(after forwards: Bool) {
    guard !isCropping() else { return }
    let entries = canvas.fields.captionEntries
    let here = entries.firstIndex { $0.isFocused }
    let count = entries.count
    let there = here.map { ($0 + (forwards ? 1 : -1) + count) % count } ?? (forwards ? 0 : count - 1)
    if let here, entries[here].isTyping { entries[here].stopTyping() }
    focus(entries[there])
  }

  /// Puts the caret in `entry`; a box's field also selects its box.
  private func focus(_ entry: CaptionEntry) {
    if let index = entry.slot.boxIndex {
      document.selectLayer(at: index)
      canvas.fields.typeInBox(at: index)
    } else {
      entry.focus()
    }
  }

  /// Keys reach `handler` before the field sees them (capture phase); true when handled.
  private func onKey(of entry: CaptionEntry, _ handler: @escaping (UInt32, GdkModifierType) -> Bool) {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { keyval, _, state in handler(keyval, state) }
    entry.widget.addController(keys)
  }
}
