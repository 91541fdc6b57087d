// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Editing the text boxes placed anywhere: adding, changing, removing and ordering them, and which
/// one is selected. Every change is one undo step, except runs that share a coalescing key (typing
/// into one box, or one drag of it), which make one step until `endTyping()`.
extension EditorDocument {
  /// The boxes placed anywhere, in drawing order (the last is drawn on top).
  public var boxes: [TextBox] { state.boxes }

  /// The selected box, if it still exists.
  public var selectedBox: TextBox? {
    selectedBoxIndex.flatMap { boxes.indices.contains($0) ? boxes[$0] : nil }
  }

  /// Selects the box at `index` (nil: none). Selection is not a change undo restores.
  public func selectBox(at index: Int?) {
    let valid = index.flatMap { boxes.indices.contains($0) ? $0 : nil }
    guard valid != selectedBoxIndex else { return }
    history.endCoalescing()
    selectedBoxIndex = valid
    onChange(.selection)
  }

  /// Adds `box` on top of the others and selects it (one undo step); returns its index.
  @discardableResult
  public func addBox(_ box: TextBox) -> Int {
    var next = state
    next.boxes.append(box)
    apply(next, changed: .captions)
    selectBox(at: next.boxes.count - 1)
    return next.boxes.count - 1
  }

  /// Replaces the box at `index`. Changes sharing `coalescingKey` (one drag, one run of typing) make
  /// one undo step.
  public func updateBox(at index: Int, to box: TextBox, coalescingKey: String? = nil) {
    guard boxes.indices.contains(index), boxes[index] != box else { return }
    var next = state
    next.boxes[index] = box
    apply(next, changed: .captions, coalescingKey: coalescingKey)
  }

  /// Removes the box at `index` (one undo step); nothing stays selected.
  public func removeBox(at index: Int) {
    guard boxes.indices.contains(index) else { return }
    var next = state
    next.boxes.remove(at: index)
    selectedBoxIndex = nil
    apply(next, changed: [.captions, .selection])
  }

  /// The box selected once undo or redo turns `old` into `new`, as in drawing apps, so the user can
  /// act on it at once: the box that reappeared, or the one box that changed; otherwise the selected
  /// box wherever the change took it (nil when it was undone away).
  static func selection(after old: [TextBox], _ new: [TextBox], selected: Int?) -> Int? {
    let changed = new.indices.filter { !old.indices.contains($0) || new[$0] != old[$0] }
    if new.count > old.count { return changed.first }
    if new.count == old.count, changed.count == 1 { return changed[0] }
    guard let selected, old.indices.contains(selected) else { return nil }
    if new.count < old.count {
      // One box gone: the others after it move down a place. More at once: nothing to follow.
      guard old.count - new.count == 1 else { return nil }
      let removed = old.indices.first { !new.indices.contains($0) || new[$0] != old[$0] } ?? old.count - 1
      return selected == removed ? nil : selected > removed ? selected - 1 : selected
    }
    // Reordered: the selected box moved with the order.
    return changed.contains(selected) ? changed.first { new[$0] == old[selected] } ?? selected : selected
  }

  /// Moves the box at `index` to `newIndex` in drawing order (one undo step), keeping it selected
  /// if it was.
  public func moveBox(at index: Int, to newIndex: Int) {
    guard boxes.indices.contains(index), boxes.indices.contains(newIndex), index != newIndex else { return }
    var next = state
    next.boxes.insert(next.boxes.remove(at: index), at: newIndex)
    if selectedBoxIndex == index { selectedBoxIndex = newIndex }
    apply(next, changed: [.captions, .selection])
  }
}

/// The commands the editor's keyboard and menus give a box: a new one, a nudge, a resize, a turn, a
/// place in the drawing order, a style.
extension EditorDocument {
  /// Where a box moves in the drawing order.
  public enum BoxOrder: Sendable, CaseIterable {
    /// One place up, over the box that was above it.
    case forward
    /// One place down.
    case backward
    /// Over all the others.
    case front
    /// Under all the others (still over the picture).
    case back
  }

  /// A new box as Add Text places it: across the middle of the picture, in the captions' current
  /// style, with no text (the editor shows its placeholder, which the first keystroke replaces). Where a box already lies exactly
  /// there, the new one goes a step down and to the right (as new windows cascade), so boxes added
  /// one after another do not hide each other.
  public var newBox: TextBox {
    var frame = EditorState.newBoxFrame
    var steps = 0
    while steps < EditorState.newBoxCascadeSteps, boxes.contains(where: { $0.frame == frame }) {
      frame.x += EditorState.newBoxCascadeStep.x
      frame.y += EditorState.newBoxCascadeStep.y
      steps += 1
    }
    return TextBox(text: "", frame: frame, style: state.style)
  }

  /// Adds `newBox` on top of the others and selects it (one undo step); returns its index.
  @discardableResult
  public func addNewBox() -> Int {
    addBox(newBox)
  }

  /// A keystroke in the field of the box at `index`; a run of keystrokes in one box is one undo step.
  /// Text beyond `CaptionLimits` (a caption's, or the meme's budget) is cut to them, and the limit it
  /// went beyond returned.
  @discardableResult
  public func setText(_ text: String, ofBoxAt index: Int) -> CaptionLimits.Excess? {
    let (text, excess) = bounded(text, inPlaceOf: CaptionPosition.allCases.count + index)
    guard boxes.indices.contains(index) else { return excess }
    var box = boxes[index]
    box.text = text
    updateBox(at: index, to: box, coalescingKey: "typing-box-\(index)")
    return excess
  }

  /// Moves the box at `index` by (`dx`, `dy`), in fractions of the picture's width and height, as
  /// far as a box may reach. Nudges of one box in a row make one undo step.
  public func nudgeBox(at index: Int, dx: Double, dy: Double) {
    guard boxes.indices.contains(index) else { return }
    var box = boxes[index]
    box.frame.x += dx
    box.frame.y += dy
    // On a picture far thinner than the screen one nudge is many picture widths.
    box.frame = box.frame.withCentreOnPicture.clampedToAllowed
    updateBox(at: index, to: box, coalescingKey: "nudge-box-\(index)")
  }

  /// Resizes the box at `index` about its centre, along its own (turned) sides, by `dWidth` and
  /// `dHeight` canvas pixels as `mapping` shows it, never below `BoxDrag.minimumSide` (nor below
  /// the box's own side where that is smaller already). Resizes of one box in a row make one undo
  /// step, as its nudges do.
  public func resizeBox(at index: Int, by dWidth: Double, _ dHeight: Double, on mapping: BoxMapping) {
    guard boxes.indices.contains(index), mapping.isUsable else { return }
    var box = boxes[index]
    var shown = mapping.onScreen(box)
    shown.width = max(min(shown.width, BoxDrag.minimumSide), shown.width + dWidth)
    shown.height = max(min(shown.height, BoxDrag.minimumSide), shown.height + dHeight)
    box.frame = mapping.frame(of: shown)
    updateBox(at: index, to: box, coalescingKey: "resize-box-\(index)")
  }

  /// Turns the box at `index` by `degrees` (negative: anticlockwise) as a key press does, stopping
  /// on a multiple of 45° it reaches (see `BoxAngle.turned`). Turns of one box in a row make one
  /// undo step. Returns whether the turn stopped on a snap angle.
  @discardableResult
  public func turnBox(at index: Int, by degrees: Double) -> Bool {
    guard boxes.indices.contains(index) else { return false }
    var box = boxes[index]
    let turn = BoxAngle.turned(box.angle, by: degrees)
    box.angle = turn.angle
    updateBox(at: index, to: box, coalescingKey: "turn-box-\(index)")
    return turn.snapped
  }

  /// Moves the box at `index` in the drawing order (one undo step; nothing when it is already there).
  public func reorderBox(at index: Int, _ order: BoxOrder) {
    guard let target = targetIndex(ofBoxAt: index, order) else { return }
    moveBox(at: index, to: target)
  }

  /// Whether the box at `index` can move that way: menus and shortcuts are off when it cannot.
  public func canReorderBox(at index: Int, _ order: BoxOrder) -> Bool {
    targetIndex(ofBoxAt: index, order) != nil
  }

  private func targetIndex(ofBoxAt index: Int, _ order: BoxOrder) -> Int? {
    guard boxes.indices.contains(index) else { return nil }
    let target =
      switch order {
      case .forward: index + 1
      case .backward: index - 1
      case .front: boxes.count - 1
      case .back: 0
      }
    return boxes.indices.contains(target) && target != index ? target : nil
  }

  /// Gives the box at `index` `style` and `alignment` (one undo step).
  public func setStyle(_ style: CaptionStyle, alignment: TextBox.Alignment, ofBoxAt index: Int) {
    guard boxes.indices.contains(index) else { return }
    var box = boxes[index]
    box.style = style
    box.alignment = alignment
    updateBox(at: index, to: box)
  }
}

extension EditorState {
  /// A new box: most of the picture's width, a fifth of its height, centred.
  public static let newBoxFrame = RelativeRect(x: 0.15, y: 0.4, width: 0.7, height: 0.2)
  /// How far each cascaded new box lies from the one before it, in fractions of the picture.
  static let newBoxCascadeStep = (x: 0.03, y: 0.05)
  /// After this many steps a new box stays where it is: the fifth still lies on the picture.
  static let newBoxCascadeSteps = 5
}
