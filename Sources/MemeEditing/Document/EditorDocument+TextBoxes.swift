// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The text boxes among the layers: what only a layer with text has.
extension EditorDocument {
  /// The text boxes among the layers, in drawing order.
  public var textBoxes: [TextBox] { state.captions.textBoxes }

  /// The text box at layer `index`, or nil when there is none or the layer is of another kind.
  public func textBox(at index: Int) -> TextBox? {
    layers.indices.contains(index) ? layers[index].textBox : nil
  }

  /// The selected layer when it is a text box.
  public var selectedBox: TextBox? { selectedLayer?.textBox }

  /// Adds `box` on top of the other layers and selects it (one undo step); returns its index.
  @discardableResult
  public func addBox(_ box: TextBox) -> Int { addLayer(.text(box)) }

  /// Replaces the layer at `index` with `box`. Changes sharing `coalescingKey` (one drag, one run
  /// of typing) make one undo step.
  public func updateBox(at index: Int, to box: TextBox, coalescingKey: String? = nil) {
    updateLayer(at: index, to: .text(box), coalescingKey: coalescingKey)
  }
}

/// The commands the editor's keyboard and menus give a layer: a nudge, a resize, a turn, a place in
/// the drawing order; and a text box: a new one, its text, its style.
extension EditorDocument {
  /// A new box as Add Text places it (see `EditorState.newBox`).
  public var newBox: TextBox { state.newBox }

  /// Adds `newBox` on top of the others and selects it (one undo step); returns its index.
  @discardableResult
  public func addNewBox() -> Int { addBox(newBox) }

  /// A keystroke in the field of the layer with text at `index`, one run of them one undo step; cut
  /// to `CaptionLimits` (a caption's, or the meme's budget), returning the limit it went beyond.
  @discardableResult
  public func setText(_ text: String, ofBoxAt index: Int) -> CaptionLimits.Excess? {
    let (text, excess) = captions.bounded(text, inPlaceOf: CaptionPosition.allCases.count + index)
    guard var layer = layers.indices.contains(index) ? layers[index] : nil, layer.kind.editing.hasText
    else { return excess }
    layer.text = text
    updateLayer(at: index, to: layer, coalescingKey: "typing-box-\(index)")
    return excess
  }

  /// Moves the layer at `index` (see `MemeLayer.nudged`). Nudges of one layer in a row make one
  /// undo step.
  public func nudgeLayer(at index: Int, dx: Double, dy: Double) {
    guard layers.indices.contains(index) else { return }
    updateLayer(at: index, to: layers[index].nudged(dx: dx, dy: dy), coalescingKey: "nudge-box-\(index)")
  }

  /// Resizes the layer at `index` (see `MemeLayer.resized`). Resizes of one layer in a row make one
  /// undo step, as its nudges do.
  public func resizeLayer(at index: Int, by dWidth: Double, _ dHeight: Double, on mapping: BoxMapping) {
    guard layers.indices.contains(index), mapping.isUsable else { return }
    let layer = layers[index].resized(by: dWidth, dHeight, on: mapping)
    updateLayer(at: index, to: layer, coalescingKey: "resize-box-\(index)")
  }

  /// Turns the layer at `index` as a key press does (see `MemeLayer.turned`). Turns of one layer in
  /// a row make one undo step. Returns whether the turn stopped on a snap angle.
  @discardableResult
  public func turnLayer(at index: Int, by degrees: Double) -> Bool {
    guard layers.indices.contains(index) else { return false }
    let turn = layers[index].turned(by: degrees)
    updateLayer(at: index, to: turn.layer, coalescingKey: "turn-box-\(index)")
    return turn.snapped
  }

  /// Moves the layer at `index` in the drawing order (one undo step; nothing when it is already
  /// there).
  public func reorderLayer(at index: Int, _ order: LayerOrder) {
    guard let target = order.targetIndex(from: index, among: layers.count) else { return }
    moveLayer(at: index, to: target)
  }

  /// Whether the layer at `index` can move that way: menus and shortcuts are off when it cannot.
  public func canReorderLayer(at index: Int, _ order: LayerOrder) -> Bool {
    order.targetIndex(from: index, among: layers.count) != nil
  }

  /// Gives the text box at `index` `style` and `alignment` (one undo step).
  public func setStyle(_ style: CaptionStyle, alignment: TextBox.Alignment, ofBoxAt index: Int) {
    guard var box = textBox(at: index) else { return }
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

  /// A new box as Add Text places it: across the middle of the picture, in the captions' current
  /// style, with no text (the editor shows its placeholder, which the first keystroke replaces).
  /// Where a layer already lies exactly there, the new one goes a step down and to the right (as new
  /// windows cascade), so boxes added one after another do not hide each other.
  var newBox: TextBox {
    var frame = Self.newBoxFrame
    var steps = 0
    while steps < Self.newBoxCascadeSteps, self.layers.contains(where: { $0.frame == frame }) {
      frame.x += Self.newBoxCascadeStep.x
      frame.y += Self.newBoxCascadeStep.y
      steps += 1
    }
    return TextBox(text: "", frame: frame, style: self.style)
  }
}
