// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import Testing

@testable import MemeEditing

/// The commands the editor's Add Text, fields, keyboard and menus give a text box: each changes the
/// model as asked and undo takes it back.
@MainActor @Suite struct TextBoxCommandTests {
  /// A document with `count` boxes whose texts name them ("0", "1", ...), no step undoable before.
  static func document(boxes count: Int) -> EditorDocument {
    let document = EditorDocument()
    document.setLayers(
      (0..<count).map {
        .text(
          TextBox(text: "\($0)", frame: RelativeRect(x: 0.1 * Double($0), y: 0.2, width: 0.3, height: 0.1)))
      })
    return document
  }

  @Test func addTextPlacesTheSelectedPlaceholderBoxInTheMiddleInTheCurrentStyle() {
    let document = EditorDocument()
    var style = CaptionStyle.classic
    style.isUppercase = false
    style.fontFamily = "DejaVu Serif"
    document.setStyle(style)
    let index = document.addNewBox()
    #expect(index == 0)
    #expect(document.selectedLayerIndex == 0)
    let box = document.textBoxes[0]
    #expect(box.text.isEmpty, "no text of its own: the editor shows the placeholder")
    #expect(box.style == style, "the new box takes the captions' current style")
    #expect(abs(box.frame.x + box.frame.width / 2 - 0.5) < 1e-9, "centred across")
    #expect(abs(box.frame.y + box.frame.height / 2 - 0.5) < 1e-9, "centred down")
    #expect(document.addNewBox() == 1, "a second box goes on top")
    #expect(document.selectedLayerIndex == 1)
    document.undo()
    #expect(document.textBoxes.count == 1)
    #expect(document.selectedLayerIndex == nil, "the undone box is no longer selected")
  }

  @Test func boxesAddedOneAfterAnotherCascadeOnThePictureInsteadOfHidingEachOther() {
    let document = EditorDocument()
    for _ in 0..<8 { document.addNewBox() }
    let frames = document.textBoxes.map(\.frame)
    let distinct = Set(frames.map { "\($0.x),\($0.y)" })
    #expect(
      distinct.count == EditorState.newBoxCascadeSteps + 1, "each step a new place, then the last again")
    for (earlier, later) in zip(frames, frames.dropFirst()) where earlier != later {
      #expect(later.x > earlier.x && later.y > earlier.y, "down and to the right")
      #expect(later.width == earlier.width && later.height == earlier.height)
    }
    for frame in frames {
      let onThePicture = 0.0...(1 + 1e-9)
      #expect(onThePicture.contains(frame.x) && onThePicture.contains(frame.x + frame.width))
      #expect(onThePicture.contains(frame.y) && onThePicture.contains(frame.y + frame.height))
    }
    // Moving the first box away frees the middle for the next one.
    var moved = document.textBoxes[0]
    moved.frame.y = 0
    document.updateBox(at: 0, to: moved)
    document.addNewBox()
    #expect(document.textBoxes.last?.frame == EditorState.newBoxFrame)
  }

  @Test func aRunOfTypingIntoOneBoxIsOneUndoStep() {
    let document = Self.document(boxes: 2)
    for text in ["h", "he", "hey"] { document.setText(text, ofBoxAt: 1) }
    #expect(document.textBoxes.map(\.text) == ["0", "hey"])
    document.undo()
    #expect(document.textBoxes.map(\.text) == ["0", "1"])
    document.redo()
    document.endTyping()
    document.setText("hey!", ofBoxAt: 1)
    document.undo()
    #expect(document.textBoxes[1].text == "hey", "a new run after the field was left is its own step")
  }

  @Test func nudgesMoveTheBoxAndARunOfThemIsOneStep() {
    let document = Self.document(boxes: 1)
    let before = document.textBoxes[0].frame
    document.nudgeLayer(at: 0, dx: 0.01, dy: 0)
    document.nudgeLayer(at: 0, dx: 0.01, dy: -0.05)
    let after = document.textBoxes[0].frame
    #expect(abs(after.x - (before.x + 0.02)) < 1e-9)
    #expect(abs(after.y - (before.y - 0.05)) < 1e-9)
    #expect(after.width == before.width && after.height == before.height, "a nudge keeps the size")
    document.undo()
    #expect(document.textBoxes[0].frame == before)
    for _ in 0..<500 { document.nudgeLayer(at: 0, dx: -0.1, dy: 0.1) }
    // Not off the picture: the centre stops on its bottom left corner, the box hanging over it.
    let far = document.textBoxes[0].frame
    #expect(abs(far.x + far.width / 2) < 1e-9 && abs(far.y + far.height / 2 - 1) < 1e-9, "\(far)")
    #expect(far.width == before.width && far.height == before.height)
    // One nudge of many picture widths (a very thin picture on the screen) stops there too.
    document.nudgeLayer(at: 0, dx: 25, dy: 0)
    #expect(abs(document.textBoxes[0].frame.x + before.width / 2 - 1) < 1e-9)
  }

  @Test(arguments: [
    (LayerOrder.forward, 1, ["0", "2", "1", "3"]),
    (.backward, 1, ["1", "0", "2", "3"]),
    (.front, 1, ["0", "2", "3", "1"]),
    (.back, 2, ["2", "0", "1", "3"]),
  ])
  func reorderingMovesTheBoxAndKeepsItSelected(
    order: LayerOrder, index: Int, expected: [String]
  ) {
    let document = Self.document(boxes: 4)
    document.selectLayer(at: index)
    let moved = document.textBoxes[index]
    document.reorderLayer(at: index, order)
    #expect(document.textBoxes.map(\.text) == expected)
    #expect(document.selectedBox == moved, "the moved box stays selected")
    document.undo()
    #expect(document.textBoxes.map(\.text) == ["0", "1", "2", "3"])
  }

  @Test func reorderingPastTheEndsIsOffAndChangesNothing() {
    let document = Self.document(boxes: 3)
    #expect(!document.canReorderLayer(at: 2, .forward))
    #expect(!document.canReorderLayer(at: 2, .front))
    #expect(!document.canReorderLayer(at: 0, .backward))
    #expect(!document.canReorderLayer(at: 0, .back))
    #expect(document.canReorderLayer(at: 1, .front) && document.canReorderLayer(at: 1, .back))
    let undoable = document.canUndo
    document.reorderLayer(at: 2, .forward)
    document.reorderLayer(at: 0, .back)
    #expect(document.textBoxes.map(\.text) == ["0", "1", "2"])
    #expect(document.canUndo == undoable)
  }

  @Test func aBoxsStyleChangesOnlyThatBoxAndUndoes() {
    let document = Self.document(boxes: 2)
    var style = CaptionStyle.classic
    style.textColor = RGBAColor(red: 1, green: 0.8, blue: 0, alpha: 1)
    document.setStyle(style, alignment: .left, ofBoxAt: 1)
    #expect(document.textBoxes[1].style == style && document.textBoxes[1].alignment == .left)
    #expect(document.textBoxes[0].style == .classic && document.textBoxes[0].alignment == .center)
    #expect(document.captions.style == .classic, "the classic captions keep theirs")
    document.undo()
    #expect(document.textBoxes[1].style == .classic && document.textBoxes[1].alignment == .center)
  }

  @Test func removingTheSelectedBoxDeselectsAndUndoBringsItBack() {
    let document = Self.document(boxes: 3)
    document.selectLayer(at: 1)
    document.removeLayer(at: 1)
    #expect(document.textBoxes.map(\.text) == ["0", "2"])
    #expect(document.selectedLayerIndex == nil)
    document.undo()
    #expect(document.textBoxes.map(\.text) == ["0", "1", "2"])
    #expect(document.selectedLayerIndex == 1, "the box undo brought back is selected, ready to act on")
    document.redo()
    #expect(document.selectedLayerIndex == nil, "redo takes it away again")
  }

  @Test func undoAndRedoSelectTheBoxTheyChange() {
    let document = Self.document(boxes: 3)
    document.setText("typed", ofBoxAt: 2)
    document.endTyping()
    document.selectLayer(at: nil)
    document.undo()
    #expect(document.textBoxes[2].text == "2")
    #expect(document.selectedLayerIndex == 2, "undo selects the box whose text it restored")
    document.selectLayer(at: 0)
    document.redo()
    #expect(document.selectedLayerIndex == 2, "and so does redo")

    // A box sent back: undo brings it forward again, and the selection goes with it.
    document.selectLayer(at: 2)
    document.reorderLayer(at: 2, .back)
    #expect(document.textBoxes.map(\.text) == ["typed", "0", "1"] && document.selectedLayerIndex == 0)
    document.undo()
    #expect(document.textBoxes.map(\.text) == ["0", "1", "typed"])
    #expect(document.selectedLayerIndex == 2)

    // A box undone away leaves nothing selected.
    document.addNewBox()
    document.undo()
    #expect(document.textBoxes.count == 3 && document.selectedLayerIndex == nil)
  }
}
