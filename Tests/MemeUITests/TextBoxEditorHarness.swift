// SPDX-License-Identifier: GPL-3.0-or-later
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Editors holding free text boxes, for the tests that press, drag and type on them.
enum TextBoxEditorHarness {
  /// A box off both centre lines, clear of the classic captions' bands.
  static let box = TextBox(
    text: "a box to move", frame: RelativeRect(x: 0.1, y: 0.45, width: 0.35, height: 0.2))

  /// An editor showing a 1200 × 800 picture with `boxes`, none selected.
  static func makeEditor(boxes: [TextBox] = [box]) -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    for box in boxes { editor.document.addBox(box) }
    editor.document.selectLayer(at: nil)
    EditorHarness.settle(editor)
    return editor
  }

  /// Where the box at `index` lies on the canvas now.
  static func shown(_ index: Int, in editor: EditorWindow) throws -> BoxOnScreen {
    let mapping = try #require(editor.boxHandles.mapping)
    return mapping.onScreen(editor.document.textBoxes[index])
  }
}
