// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import DiskTestSupport
import Foundation
@_spi(Benchmark) import MemeCore
import Testing

@testable import MemeEditing

/// Issue 41 through the editor's model: a caption or a box given text beyond the limits keeps the
/// text cut to them, says which limit it went beyond, and the preview lays out and paints it quickly.
@Suite struct HostileCaptionEditingTests {
  @Test(arguments: HostileCaptions.cases.map(\.name) + ["megabyte"])
  func theModelCutsAndThePreviewStaysQuick(_ name: String) throws {
    let hostile =
      name == "megabyte"
      ? HostileCaptions.Case(
        name: name, top: HostileCaptions.megabyte, bottom: "", box: HostileCaptions.megabyte, angle: 20)
      : try #require(HostileCaptions.cases.first { $0.name == name })
    let full = try #require(RasterImage(width: 800, height: 600, hasAlpha: false))
    let document = EditorDocument()
    document.setImage(EditorImage(url: URL(fileURLWithPath: "/hostile.png"), full: full, preview: full))
    let painter = PreviewPainter()
    painter.show(document.image)
    let view = try #require(RasterImage(width: 960, height: 720, hasAlpha: true))
    // Processor time of this thread, not the wall clock, which stretches while other tests share
    // the cores (the preview's captions are drawn on every core, this thread taking its share).
    let elapsed = try ThreadProcessorTime.measure {
      for (position, text) in [(CaptionPosition.top, hostile.top), (.bottom, hostile.bottom)]
      where !text.isEmpty {
        let excess = document.setText(text, at: position)
        #expect(excess != nil, "\(position)")
        #expect(CaptionLimits.excess(in: document.captions.text(at: position)) == nil)
        #expect(document.captions.text(at: position) == CaptionLimits.bounded(text))
      }
      if let box = hostile.box {
        let index = document.addBox(
          TextBox(text: "", frame: HostileCaptions.Case.boxFrame, angle: hostile.angle))
        #expect(document.setText(box, ofBoxAt: index) != nil)
        let kept = try #require(document.captions.textBoxes.last?.text)
        #expect(kept == CaptionLimits.bounded(box))
      }
      painter.show(document.captions)
      let context = cairo_create(view.surface)!
      painter.paint(on: context, width: 960, height: 720)
      cairo_destroy(context)
    }
    #expect(elapsed < 2, "\(name): \(elapsed) s of processor time")
  }

  /// Issue 48: what is typed or pasted gets the room the meme's other texts leave of its budget, and
  /// says so when it was cut to it; a meme already beyond the budget keeps its texts.
  @Test func anEditIsCutToWhatTheOtherTextsLeave() throws {
    let document = EditorDocument()
    let full = String(repeating: "a", count: CaptionLimits.maximumCharacters)
    #expect(document.setText(full, at: .top) == nil)
    #expect(document.setText(String(full.dropFirst(100)), at: .bottom) == nil)
    let index = document.addBox(TextBox(text: "", frame: HostileCaptions.Case.boxFrame))
    #expect(document.setText(String(repeating: "b", count: 500), ofBoxAt: index) == .memeCharacters)
    #expect(document.captions.textBoxes[index].text == String(repeating: "b", count: 100))
    #expect(
      CaptionLimits.charactersInMeme(document.captions.budgetedTexts)
        == CaptionLimits.maximumCharactersPerMeme)
    // More in the top caption is cut to what it had; less frees room for the box.
    #expect(document.setText(full + "more", at: .top) == .characters)
    #expect(document.setText(String(full.dropFirst(50)), at: .top) == nil)
    #expect(document.setText(String(repeating: "b", count: 500), ofBoxAt: index) == .memeCharacters)
    #expect(document.captions.textBoxes[index].text.count == 150)

    // A meme beyond the budget (three boxes at the limit, from the store) keeps its texts when
    // opened, and an edit to one of them is never cut below what it held.
    var meme = Meme(content: .empty, originalImage: URL(fileURLWithPath: "/x.png"))
    meme.layers = (0..<3).map { _ in TextBox(text: full, frame: HostileCaptions.Case.boxFrame) }.map(
      MemeLayer.text)
    let reopened = EditorDocument()
    reopened.setTexts(of: meme)
    #expect(reopened.captions.textBoxes.map(\.text) == [full, full, full])
    #expect(reopened.setText(String(full.dropLast()) + "z", ofBoxAt: 2) == nil)
    #expect(reopened.captions.textBoxes[2].text.last == "z")
    #expect(reopened.setText("top", at: .top) == .memeCharacters)
    #expect(reopened.captions.top.isEmpty)
  }

  @Test func textWithinTheLimitsIsKeptAsItIs() {
    let document = EditorDocument()
    let text = HostileCaptions.zalgo(letters: 20, marks: CaptionLimits.maximumMarksPerCharacter)
    #expect(document.setText(text, at: .top) == nil)
    #expect(document.captions.top == text)
  }
}
