// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import DiskTestSupport
import Foundation
import MemeCore
import MemeStore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// Every kind of layer on every layout, through every path a meme takes: the editor's preview, the
/// pixel export, the JPEG block path, the store and back, and Edit & Resend (the command line is
/// `LayerKindCommandLineTests`). Each path must draw the layer, and only inside the rectangle its
/// kind says it touches (`LayerKind.touchedRect`), which is what the JPEG block path relies on.
@MainActor
@Suite struct LayerKindMatrixTests {
  /// A layer of `kind` as a user places one: off-centre and turned, so a path that loses its place or
  /// its turn draws it elsewhere. A new kind does not compile here until it has one.
  static func sample(_ kind: LayerKindName) -> MemeLayer {
    switch kind {
    case .text:
      .text(
        TextBox(
          text: "LAYER ON TOP", frame: RelativeRect(x: 0.12, y: 0.3, width: 0.5, height: 0.3), angle: 15,
          style: CaptionStyle(textColor: RGBAColor(red: 1, green: 0.9, blue: 0))))
    case .sticker:
      .sticker(
        StickerLayer(
          source: .emoji("😎"), frame: RelativeRect(x: 0.3, y: 0.35, width: 0.3, height: 0.4), angle: -20,
          opacity: 0.9))
    case .hidden:
      .hidden(HiddenArea(frame: RelativeRect(x: 0.2, y: 0.25, width: 0.45, height: 0.3), method: .pixelate))
    case .bubble:
      .bubble(
        SpeechBubble(
          shape: .ellipse, frame: RelativeRect(x: 0.35, y: 0.2, width: 0.45, height: 0.3), angle: 10,
          tailX: 0.2,
          tailY: 0.8, text: "Hello, bubble"))
    }
  }

  /// The meme with (or without) the sample layer. No bottom text: Band keeps the photo's blocks only
  /// without a band under it.
  static func captions(_ kind: LayerKindName, _ layout: MemeLayoutKind, withLayer: Bool = true)
    -> MemeCaptions
  {
    MemeCaptions(
      top: "Top text", bottom: "", style: layout.defaultStyle, layers: withLayer ? [sample(kind)] : [],
      layout: layout)
  }

  static let width = 480
  static let height = 320

  /// Where the sample layer may change the output's pixels: its touched rectangle in the picture,
  /// moved to where the layout puts the picture, grown by a pixel for the edges' antialiasing.
  static func allowedRect(_ kind: LayerKindName, _ layout: MemeLayoutKind) -> ImageRect {
    let frame = MemeLayout(captions: captions(kind, layout), imageWidth: width, imageHeight: height).frame
    let touched = sample(kind).kind.touchedRect(pictureWidth: width, pictureHeight: height)
    return ImageRect(
      x: touched.x + Double(frame.pictureX) - 1, y: touched.y + Double(frame.pictureY) - 1,
      width: touched.width + 2, height: touched.height + 2)
  }

  /// The pixels that differ between `a` and `b` (of one size), as (x, y).
  static func changes(_ a: RasterImage, _ b: RasterImage) -> [(x: Int, y: Int)] {
    var changed: [(Int, Int)] = []
    for y in 0..<a.height {
      for x in 0..<a.width where a.color(atX: x, y: y) != b.color(atX: x, y: y) { changed.append((x, y)) }
    }
    return changed
  }

  @Test(arguments: LayerKindName.allCases, MemeLayoutKind.allCases)
  func theExportDrawsTheLayerOnlyWhereItSaysItTouches(_ kind: LayerKindName, _ layout: MemeLayoutKind) throws
  {
    let picture = TestPictures.gradient(width: Self.width, height: Self.height)
    let with = try #require(MemeRenderer.rendered(Self.captions(kind, layout), image: picture))
    let without = try #require(
      MemeRenderer.rendered(Self.captions(kind, layout, withLayer: false), image: picture))
    let changed = Self.changes(with, without)
    #expect(changed.count > 500, "the layer was not drawn")
    let allowed = Self.allowedRect(kind, layout)
    let outside = changed.filter {
      Double($0.x) < allowed.x || Double($0.x) >= allowed.maxX || Double($0.y) < allowed.y
        || Double($0.y) >= allowed.maxY
    }
    #expect(outside.isEmpty, "\(outside.count) pixels changed outside \(allowed), e.g. \(outside.prefix(3))")
  }

  @Test(arguments: LayerKindName.allCases, MemeLayoutKind.allCases)
  func thePreviewDrawsTheLayerWhereItLies(_ kind: LayerKindName, _ layout: MemeLayoutKind) throws {
    let picture = TestPictures.gradient(width: Self.width, height: Self.height)
    func painted(withLayer: Bool) throws -> (RasterImage, BoxMapping) {
      let painter = PreviewPainter()
      painter.show(EditorImage(url: URL(fileURLWithPath: "/picture.png"), full: picture, preview: picture))
      painter.show(Self.captions(kind, layout, withLayer: withLayer))
      let view = try #require(RasterImage(width: 640, height: 480, hasAlpha: true))
      let context = cairo_create(view.surface)!
      painter.paint(on: context, width: 640, height: 480)
      cairo_destroy(context)
      return (view, try #require(painter.boxMapping(inWidth: 640, height: 480)))
    }
    let (with, mapping) = try painted(withLayer: true)
    let (without, _) = try painted(withLayer: false)
    let changed = Self.changes(with, without)
    #expect(changed.count > 300, "the layer was not drawn")
    // The layer's turned rectangle on the canvas, as the editor's handles frame it (a hidden area
    // may hide a little more: its touched rectangle, rounded out to its blocks' grid; a speech
    // bubble's tail reaches out of it: its touched rectangle, upright, holds the tail).
    let touched = Self.sample(kind).kind.touchedRect(pictureWidth: Self.width, pictureHeight: Self.height)
    var reach = Self.sample(kind)
    if kind == .hidden || kind == .bubble {
      reach.angle = 0
      reach.frame = RelativeRect(
        x: touched.x / Double(Self.width), y: touched.y / Double(Self.height),
        width: touched.width / Double(Self.width), height: touched.height / Double(Self.height))
    }
    let shown = mapping.onScreen(reach)
    let bounds = ImageRect(
      x: shown.centreX - shown.width / 2, y: shown.centreY - shown.height / 2, width: shown.width,
      height: shown.height
    ).turnedBounds(radians: shown.angle * .pi / 180)
    let outside = changed.filter {
      Double($0.x) < bounds.x - 2 || Double($0.x) > bounds.maxX + 2 || Double($0.y) < bounds.y - 2
        || Double($0.y) > bounds.maxY + 2
    }
    #expect(outside.isEmpty, "\(outside.count) pixels changed outside \(bounds), e.g. \(outside.prefix(3))")
  }

  /// A JPEG photo keeps its blocks where the layout allows it, and the layer changes only the MCU
  /// rows its touched rectangle lies in: the rest is the photo's, as without the layer.
  @Test(arguments: LayerKindName.allCases, MemeLayoutKind.allCases)
  func theJPEGBlockPathRedrawsOnlyTheLayersRows(_ kind: LayerKindName, _ layout: MemeLayoutKind) throws {
    let folder = try ScratchFolder()
    let photo = try JPEGTools.photo(width: Self.width, height: Self.height, options: [], in: folder.url)
    let withURL = folder.url.appendingPathComponent("with.jpg")
    let withoutURL = folder.url.appendingPathComponent("without.jpg")
    let with = try MemeExporter.export(
      Self.captions(kind, layout), imageAt: photo, to: .file(withURL), as: .jpeg(quality: 90))
    let without = try MemeExporter.export(
      Self.captions(kind, layout, withLayer: false), imageAt: photo, to: .file(withoutURL),
      as: .jpeg(quality: 90))
    let keepsBlocks =
      switch layout.jpegBlockPolicy {
      case .keepPhoto, .photoBelowBand: true
      case .encodeWhole: false
      }
    guard case .keptBlocks = with.encoding else {
      #expect(!keepsBlocks, "fell back: \(with.encoding.explanation)")
      return
    }
    #expect(keepsBlocks)
    guard case .keptBlocks = without.encoding else {
      Issue.record("the meme without the layer fell back: \(without.encoding.explanation)")
      return
    }
    let a = try JPEGTools.decode(withURL, smooth: false)
    let b = try JPEGTools.decode(withoutURL, smooth: false)
    try #require(a.width == b.width && a.height == b.height && a.channels == b.channels)
    let rowBytes = a.width * a.channels
    let changedRows = (0..<a.height).filter { row in
      let range = row * rowBytes..<(row + 1) * rowBytes
      return !a.samples[range].elementsEqual(b.samples[range])
    }
    #expect(!changedRows.isEmpty, "the layer was not drawn")
    // The photo's MCUs are 16 rows high (4:2:0, cjpeg's default).
    let allowed = Self.allowedRect(kind, layout)
    let first = Int(allowed.y.rounded(.down)) / 16 * 16
    let last = (Int(allowed.maxY.rounded(.up)) + 15) / 16 * 16
    #expect(
      changedRows.allSatisfy { (first..<last).contains($0) }, "rows \(changedRows) outside \(first)..<\(last)"
    )
  }

  /// Saved, read back from a reopened store and opened for Edit & Resend, the meme is the same value
  /// and draws the same pixels.
  @Test(arguments: LayerKindName.allCases, MemeLayoutKind.allCases)
  func theStoreAndEditAndResendKeepTheLayer(_ kind: LayerKindName, _ layout: MemeLayoutKind) throws {
    let folder = try ScratchFolder()
    let content = MemeContent(captions: Self.captions(kind, layout))
    let picture = Fixtures.picture(
      width: Self.width, height: Self.height, name: "layer-\(kind)-\(layout).png")
    let draft = SentMemeDraft(
      content: content, original: .file(picture), rendered: .png(Data([1, 2, 3])), thumbnail: .png(Data([4])))
    let saved = try SentMemeStore(directory: folder.url).save(draft)
    let loaded = try #require(try SentMemeStore(directory: folder.url).meme(id: saved.id))
    #expect(loaded.content == content)

    let document = EditorDocument()
    document.setTexts(of: loaded.meme)
    #expect(document.layers == content.layers)
    #expect(document.captions == content.captions)
    let image = try ImageLoader().load(contentsOf: picture)
    let original = try #require(MemeRenderer.rendered(content.captions, image: image))
    let reopened = try #require(MemeRenderer.rendered(document.captions, image: image))
    #expect(differingPixels(original, reopened) == 0)
    // Resent, the draft carries the layer on.
    let resent = SentMemeDraft(meme: loaded.meme, rendered: .png(Data([5])), thumbnail: .png(Data([6])))
    #expect(resent.content.layers == content.layers)
  }
}

/// A fresh folder under the temporary directory, removed when the test ends.
private final class ScratchFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "LayerKindMatrixTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
