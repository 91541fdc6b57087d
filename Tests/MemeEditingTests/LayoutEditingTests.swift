// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import PictureFixtures
import Testing

@testable import MemeEditing

/// Switching layouts in the editor's model: the texts stay, default colours follow the layout, one
/// undo step takes it back; a shared meme reaches the store with its layout and its whole frame.
struct LayoutEditingTests {
  @Test func switchingKeepsTheTextsAndUndoTakesItBack() {
    let document = EditorDocument()
    document.setText("the title", at: .top)
    document.setText("the subtitle", at: .bottom)
    document.endTyping()
    var changes: [EditorDocument.Change] = []
    document.onChange = { changes.append($0) }
    document.setLayout(.band)
    #expect(document.layout == .band && document.captions.layout == .band)
    #expect(document.captions.top == "the title" && document.captions.bottom == "the subtitle")
    #expect(document.captions.style == MemeLayoutKind.band.defaultStyle, "black on a white band")
    #expect(changes.last?.contains([.captions, .style]) == true)
    document.setLayout(.poster)
    #expect(document.captions.style == MemeLayoutKind.poster.defaultStyle)
    document.undo()
    #expect(document.layout == .band)
    document.undo()
    #expect(document.layout == .classic && document.captions.style == .classic)
    #expect(document.captions.top == "the title" && document.captions.bottom == "the subtitle")
    #expect(changes.last?.contains(.style) == true, "undoing a switch redraws")
    document.redo()
    #expect(document.layout == .band)
  }

  @Test func aChosenColourSurvivesTheSwitch() {
    let document = EditorDocument()
    var style = CaptionStyle.classic
    style.textColor = RGBAColor(red: 1, green: 1, blue: 0)
    document.setStyle(style)
    document.setLayout(.poster)
    #expect(document.captions.style.textColor == style.textColor)
  }

  /// A meme named by its words is named by those it draws: the band draws both its texts.
  @Test func aBandMemeIsNamedByTheTextItDraws() {
    // Named by the app (as Sent Memes names its copies): the meme is called by its words.
    let picture = URL(fileURLWithPath: "/sent/\(UUID().uuidString)-original.png")
    let captions = MemeCaptions(top: "upper words", bottom: "lower words", layout: .band)
    #expect(MemeFileName.base(picture: picture, captions: captions) == "upper-words-lower-words")
    var classic = captions
    classic.layout = .classic
    #expect(MemeFileName.base(picture: picture, captions: classic) == "upper-words-lower-words")
  }

  /// Share, then keep: the store's row has the layout, the rendered file the whole output.
  @Test(arguments: [MemeLayoutKind.band, .poster])
  func theStoreKeepsTheLayoutOfASharedMeme(layout: MemeLayoutKind) throws {
    let url = Fixtures.picture(width: 640, height: 480, name: "layout-keep-\(layout).png")
    let captions = MemeCaptions(
      top: "the title", bottom: "the subtitle", style: layout.defaultStyle, layout: layout)
    let snapshot = ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: url), transform: .identity)
    let meme = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    #expect(meme.thumbnail.height * 640 > 480 * meme.thumbnail.width, "the thumbnail shows the frame")
    let folder = Fixtures.folder.appendingPathComponent("\(UUID().uuidString)-layout-store")
    _ = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: meme))
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.layout == layout)
    #expect(stored.meme.captions == captions)
    let rendered = try ImageLoader().load(contentsOf: stored.renderedImageURL)
    let frame = MemeLayout(captions: captions, imageWidth: 640, imageHeight: 480).frame
    #expect(rendered.width == frame.width && rendered.height == frame.height)
  }
}
