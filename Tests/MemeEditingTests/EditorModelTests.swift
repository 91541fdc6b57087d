// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import Testing

@testable import MemeEditing

/// The editor's model and geometry: no display needed.
struct EditorModelTests {
  @Test(arguments: [
    ((1200, 800), (360.0, 640.0)), ((600, 900), (1600.0, 900.0)), ((1000, 1000), (500.0, 300.0)),
  ])
  func aspectFitKeepsTheRatioAndCentres(image: (Int, Int), view: (Double, Double)) {
    let (width, height) = image
    let rect = AspectFit.rect(imageWidth: width, imageHeight: height, inWidth: view.0, height: view.1)
    #expect(abs(rect.width / rect.height - Double(width) / Double(height)) < 1e-9)
    #expect(rect.width <= view.0 + 1e-9 && rect.height <= view.1 + 1e-9)
    #expect(abs(rect.width - view.0) < 1e-9 || abs(rect.height - view.1) < 1e-9, "touches two edges")
    #expect(abs((view.0 - rect.maxX) - rect.x) <= 1 && abs((view.1 - rect.maxY) - rect.y) <= 1, "centred")
  }

  @Test func previewIsBoundedAndKeepsTheRatio() {
    let size = EditorImage.previewSize(width: 8000, height: 6000)
    #expect(max(size.width, size.height) == EditorImage.previewLimit)
    #expect(abs(Double(size.width) / Double(size.height) - 8000.0 / 6000.0) < 0.001)
    #expect(EditorImage.previewSize(width: 640, height: 480) == (640, 480))
  }

  @Test func typingCoalescesUntilCommitted() {
    var history = UndoHistory<String>()
    history.record("", coalescingKey: "top")
    history.record("H", coalescingKey: "top")
    history.record("He", coalescingKey: "top")
    #expect(history.undo(from: "Hey") == "")
    #expect(!history.canUndo)
    #expect(history.redo(from: "") == "Hey")
    history.endCoalescing()
    history.record("Hey", coalescingKey: "top")
    #expect(history.undo(from: "Hey!") == "Hey")
  }

  @Test func aNewChangeClearsRedoAndTheLimitDropsTheOldest() {
    var history = UndoHistory<Int>(limit: 3)
    for value in 0..<5 { history.record(value) }
    #expect(history.undo(from: 5) == 4)
    history.record(4)
    #expect(!history.canRedo)
    var undone: [Int] = []
    var current = 9
    while let previous = history.undo(from: current) {
      undone.append(previous)
      current = previous
    }
    #expect(undone == [4, 3, 2])
  }

  @Test func documentChangesReportWhatChangedAndResetReturnsToLaunchState() {
    let document = EditorDocument()
    var changes: [EditorDocument.Change] = []
    document.onChange = { changes.append($0) }
    document.setText("Hello", at: .top)
    document.setText("Hello", at: .top)  // no change, no report
    var style = CaptionStyle.classic
    style.textColor = RGBAColor(red: 1, green: 1, blue: 0)
    document.setStyle(style)
    #expect(changes.count == 2)
    #expect(changes[0].contains(.captions) && changes[1].contains(.style))
    document.reset()
    #expect(document.captions == EditorState.initial.captions)
    document.undo()
    #expect(document.captions.top == "Hello" && document.captions.style == style)
  }
}
