// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

@testable import MemeCore

/// A meme's description: its default made from the captions in reading order, and the text written
/// into every file, read back exactly by exiftool.
@Suite struct DescriptionTests {
  // MARK: The default description

  @Test func theDefaultReadsTopThenBoxesFromTopToBottomThenBottom() {
    let boxes = [
      TextBox(text: "lower box", frame: RelativeRect(x: 0.1, y: 0.6, width: 0.3, height: 0.1)),
      TextBox(text: "upper box", frame: RelativeRect(x: 0.5, y: 0.2, width: 0.3, height: 0.1)),
      TextBox(text: "right of middle", frame: RelativeRect(x: 0.6, y: 0.4, width: 0.2, height: 0.2)),
      TextBox(text: "left of middle", frame: RelativeRect(x: 0.1, y: 0.4, width: 0.2, height: 0.2)),
    ]
    let captions = MemeCaptions(
      top: "One does not simply", bottom: "walk into Mordor", layers: boxes.map(MemeLayer.text))
    #expect(
      captions.defaultDescription
        == "One does not simply\nupper box\nleft of middle\nright of middle\nlower box\nwalk into Mordor")
  }

  /// Band reads its band above the picture, then the boxes on the picture, then the band under it;
  /// Poster the boxes on the picture, then its title and subtitle below.
  @Test func theDefaultFollowsTheLayoutsReadingOrder() {
    let box = TextBox(text: "on the picture", frame: RelativeRect(x: 0.1, y: 0.1, width: 0.3, height: 0.1))
    let band = MemeCaptions(
      top: "when the band", bottom: "and the band under", layers: [box].map(MemeLayer.text), layout: .band)
    #expect(band.defaultDescription == "when the band\non the picture\nand the band under")
    let poster = MemeCaptions(
      top: "TITLE", bottom: "subtitle", layers: [box].map(MemeLayer.text), layout: .poster)
    #expect(poster.defaultDescription == "on the picture\nTITLE\nsubtitle")
    // Every text the layout draws is read, and nothing else.
    for captions in [band, poster] {
      #expect(
        Set(captions.defaultDescription.split(separator: "\n").map(String.init)) == Set(captions.drawnTexts))
    }
  }

  /// The editor keeps an untyped caption empty (it shows TOP, BOTTOM or TEXT in its place): empty
  /// captions are no part of the description, and a caption's own line breaks and spacing are not
  /// either. The text is as typed, not upper-cased as drawn.
  @Test func emptyCaptionsAreLeftOutAndLinesJoined() {
    let captions = MemeCaptions(
      top: "", bottom: "  two\nlines   of\ttext  ", style: .classic,
      layers: [TextBox(text: "", frame: RelativeRect(x: 0, y: 0, width: 1, height: 1))].map(MemeLayer.text))
    #expect(captions.defaultDescription == "two lines of text")
    #expect(MemeCaptions(top: "", bottom: "").defaultDescription == "")
    #expect(MemeCaptions(top: "lower case", bottom: "").defaultDescription == "lower case")
  }

  @Test func aWrittenDescriptionWinsUnlessBlank() {
    let captions = MemeCaptions(top: "top", bottom: "bottom")
    #expect(MemeDescription.resolved(nil, captions: captions) == "top\nbottom")
    #expect(MemeDescription.resolved(" \n\t", captions: captions) == "top\nbottom")
    #expect(MemeDescription.resolved("  A cat, surprised  ", captions: captions) == "A cat, surprised")
    var meme = Meme(
      content: MemeContent(captions: MemeCaptions(top: "top", bottom: "bottom")),
      originalImage: URL(fileURLWithPath: "/x.png"))
    #expect(meme.resolvedDescription == "top\nbottom")
    meme.customDescription = "mine"
    #expect(meme.resolvedDescription == "mine")
  }

  @Test func controlCharactersAreDroppedAndLineBreaksMadeOne() {
    #expect(MemeDescription.cleaned("a\u{0}b\u{7}c\r\nd\re\u{7F}f\u{FFFE}\tg") == "abc\nd\nef\tg")
    // The C1 controls too, NEXT LINE (U+0085) among them; the letters beside them stay.
    #expect(MemeDescription.cleaned("a\u{80}b\u{85}c\u{9F}d\u{A0}e\u{7E}") == "abcd\u{A0}e\u{7E}")
    #expect(MemeDescription.cleaned("\u{85}line\u{85}") == "line")
  }

  // MARK: In the file

  static let texts = [
    "Ünïcödé — 日本語 — עברית — हिन्दी",
    "emoji 😂🎉 👩‍💻 🇩🇪 👍🏽",
    #"<&>"' and &amp; and ]]> and <?xml?>"#,
    "line one\nline two\n\nline four",
  ]

  @Test(arguments: texts) func pngAndJPEGCarryTheDescriptionExactly(text: String) throws {
    try ExifToolReader.require()
    let image = TestImages.grey(width: 64, height: 48)
    let folder = ScratchFolder.unique("description")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let png = folder.appendingPathComponent("meme.png")
    let jpeg = folder.appendingPathComponent("meme.jpg")
    try ImageWriter.write(image, to: png, as: .png, description: text)
    try ImageWriter.write(image, to: jpeg, as: .jpeg(quality: 90), description: text)
    let pngTags = try ExifToolReader.read(png)
    #expect(pngTags.pngDescription == text)
    #expect(
      pngTags.unexpected(allowingICCProfile: false).isEmpty,
      "\(pngTags.unexpected(allowingICCProfile: false))")
    let jpegTags = try ExifToolReader.read(jpeg)
    #expect(jpegTags.xmpDescription == text)
    #expect(jpegTags.altTextAccessibility == text)
    #expect(
      jpegTags.unexpected(allowingICCProfile: false).isEmpty,
      "\(jpegTags.unexpected(allowingICCProfile: false))")
    // The pixels are untouched by it: the same JPEG but for the segment.
    let plain = try ImageWriter.encode(image, as: .jpeg(quality: 90))
    let described = [UInt8](try Data(contentsOf: jpeg))
    let segment = try #require(DescriptionMetadata.jpegSegment(text))
    #expect(described.count == plain.count + segment.count)
    #expect(Array(described[0..<20]) + Array(described[(20 + segment.count)...]) == plain)
  }

  /// No description (none written, or nothing left of it) writes nothing at all.
  @Test func noTextWritesNoMetadata() throws {
    let image = TestImages.grey(width: 32, height: 32)
    #expect(
      try ImageWriter.encode(image, as: .png, description: " \n ") == ImageWriter.encode(image, as: .png))
    #expect(
      try ImageWriter.encode(image, as: .jpeg(quality: 80), description: "")
        == ImageWriter.encode(image, as: .jpeg(quality: 80)))
  }

  /// A JPEG segment holds 65,533 bytes and the packet carries the text twice: longer text is cut at
  /// the last whole character that fits, the packet stays valid, and exiftool reads the cut text.
  @Test(arguments: [
    String(repeating: "a", count: 40_000), String(repeating: "&", count: 20_000),
    String(repeating: "👩‍👩‍👧‍👦", count: 3_000), String(repeating: "ab\"", count: 9_000),
  ])
  func aLongDescriptionIsCutToOneSegment(text: String) throws {
    let written = try #require(DescriptionMetadata.written(text))
    #expect(written.count < text.count)
    #expect(text.hasPrefix(written))
    let data = try #require(DescriptionMetadata.xmpSegmentData(text))
    #expect(data.count <= DescriptionMetadata.maximumSegmentData)
    // Cut at a whole character: one more would not fit.
    let next = text[text.index(text.startIndex, offsetBy: written.count)]
    let escapedNext = DescriptionMetadata.escaped(String(next)).utf8.count
    #expect(data.count + 2 * escapedNext > DescriptionMetadata.maximumSegmentData)
    try ExifToolReader.require()
    let folder = ScratchFolder.unique("long-description")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let image = TestImages.grey(width: 32, height: 32)
    let jpeg = folder.appendingPathComponent("long.jpg")
    let png = folder.appendingPathComponent("long.png")
    try ImageWriter.write(image, to: jpeg, as: .jpeg(quality: 90), description: text)
    try ImageWriter.write(image, to: png, as: .png, description: text)
    let tags = try ExifToolReader.read(jpeg)
    #expect(tags.xmpDescription == written)
    #expect(tags.altTextAccessibility == written)
    // PNG has room for more, but carries the same text as the JPEG would.
    #expect(try ExifToolReader.read(png).pngDescription == written)
    // The decoder is not bothered by the segment.
    #expect(try ImageLoader().load(contentsOf: jpeg).width == 32)
  }

  @Test func theEscapesAreXMLs() {
    #expect(DescriptionMetadata.escaped(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&apos;")
  }
}
