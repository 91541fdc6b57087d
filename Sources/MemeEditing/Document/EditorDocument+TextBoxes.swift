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
