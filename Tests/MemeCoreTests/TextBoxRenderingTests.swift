import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import PictureFixtures
import PixelCompare
import Testing

@testable import MemeCore

/// Text boxes are fitted and drawn by the classic captions' engine: the classic captions given as
/// boxes draw the very same pixels, and boxes anywhere (turned, reaching past the picture) draw what
/// Pango itself draws into a turned context.
@Suite struct TextBoxRenderingTests {
  static let sizes: [(width: Int, height: Int)] = [
    (640, 480), (333, 777), (1001, 301), (24, 18), (1600, 1200),
  ]

  /// The classic meme drawn through the text box path (its two captions as boxes in their bands)
  /// is, pixel for pixel, the meme drawn the classic way.
  @Test(arguments: sizes.indices)
  func classicCaptionsAsBoxesDrawTheSamePixels(size: Int) {
    let (width, height) = Self.sizes[size]
    for style in [
      CaptionStyle.classic, CaptionStyle(textColor: .black, outlineColor: .white, isUppercase: false),
    ] {
      let classic = MemeCaptions(
        top: "one does not simply", bottom: "draw two captions\nthe same way twice", style: style)
      let asBoxes = MemeCaptions(
        top: "", bottom: "", style: style,
        layers: CaptionPosition.allCases.map {
          .text(TextBox.classic($0, text: classic.text(at: $0), style: style))
        })
      let first = MemeRenderer.rendered(classic, image: TestPictures.gradient(width: width, height: height))!
      let second = MemeRenderer.rendered(asBoxes, image: TestPictures.gradient(width: width, height: height))!
      let untouched = TestPictures.gradient(width: width, height: height)
      #expect(differingPixels(first, second) == 0, "\(width)×\(height)")
      #expect(differingPixels(first, untouched) > 0, "no caption was drawn on \(width)×\(height)")
    }
  }

  static let angles: [Double] = [0, 30, -90, 135, 180]

  /// A box turned by any angle draws what Pango's own `pango_cairo_show_layout` draws into the
  /// turned context, and nothing outside its turned band.
  @Test(arguments: angles)
  func turnedBoxDrawsAsPangoDoes(angle: Double) {
    let box = TextBox(
      text: "such turn\nmuch wow", frame: RelativeRect(x: 0.3, y: 0.3, width: 0.45, height: 0.3),
      angle: angle,
      style: CaptionStyle(textColor: RGBAColor(red: 1, green: 0.85, blue: 0.1)))
    let comparison = Self.compare(
      MemeCaptions(top: "top", bottom: "bottom", layers: [box].map(MemeLayer.text)), width: 800, height: 600)
    #expect(Double(comparison.differing) <= comparison.allowed, "\(angle)°: \(comparison)")
  }

  /// Boxes with their own style, alignment, anchor and a fixed size, one reaching past the
  /// picture's corner (cut off at the picture's edges), drawn over each other in order.
  @Test func extraBoxesDrawAsPangoDoes() {
    let boxes = [
      TextBox(
        text: "left and\nsmall", frame: RelativeRect(x: 0.05, y: 0.35, width: 0.5, height: 0.3),
        style: CaptionStyle(
          fontFamily: "DejaVu Serif", textColor: .black, outlineColor: .white, isUppercase: false),
        alignment: .left, anchor: .top, fitting: .fixed(heightFraction: 0.06)),
      TextBox(
        text: "right", frame: RelativeRect(x: 0.4, y: 0.4, width: 0.55, height: 0.2), alignment: .right,
        anchor: .bottom),
      TextBox(
        text: "cut off at the corner", frame: RelativeRect(x: 0.7, y: -0.1, width: 0.5, height: 0.3),
        angle: 20),
    ]
    let comparison = Self.compare(
      MemeCaptions(top: "", bottom: "bottom", layers: boxes.map(MemeLayer.text)), width: 900, height: 700)
    #expect(Double(comparison.differing) <= comparison.allowed, "\(comparison)")
  }

  /// A fixed size is kept (relative to the picture's height) where shrinking to fit would choose
  /// another, and text too long for it is reported as not fitting.
  @Test func fixedSizeIsKeptAndOverflowReported() {
    let frame = RelativeRect(x: 0.1, y: 0.1, width: 0.8, height: 0.5)
    let captions = MemeCaptions(
      top: "", bottom: "",
      layers: [
        TextBox(text: "big", frame: frame, fitting: .fixed(heightFraction: 0.05)),
        TextBox(text: "big", frame: frame),
        TextBox(
          text: String(repeating: "too long ", count: 40), frame: frame, fitting: .fixed(heightFraction: 0.2)),
      ].map(MemeLayer.text))
    let layout = MemeLayout(captions: captions, imageWidth: 1000, imageHeight: 800)
    #expect(layout.layers[0].fontSize == 40)
    #expect(layout.layers[1].fontSize > 40)
    #expect(layout.overflowingBoxes == [2])
    #expect(layout.overflowingCaptions.isEmpty)
  }

  /// The editor redraws only the rows below an edited line of an upright caption; a turned box's
  /// lines cross every row of it, so it is drawn again whole.
  @Test func anEditedTurnedBoxIsDrawnAgainWhole() throws {
    func drawing(_ text: String, angle: Double) throws -> CaptionDrawing {
      let box = TextBox(
        text: text, frame: RelativeRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8), angle: angle,
        fitting: .fixed(heightFraction: 0.1))
      let layout = MemeLayout(
        captions: MemeCaptions(top: "", bottom: "", layers: [box].map(MemeLayer.text)), imageWidth: 800,
        imageHeight: 600)
      return try #require(layout.layers[0].drawing as? CaptionDrawing)
    }
    let upright = try drawing("first line\nsecond", angle: 0)
    let uprightEdited = try drawing("first line\nsecond line", angle: 0)
    let uprightRow = try #require(uprightEdited.firstChangedRow(comparedWith: upright))
    #expect(uprightRow.isFinite && uprightRow > 100)
    let turned = try drawing("first line\nsecond", angle: 15)
    let turnedEdited = try drawing("first line\nsecond line", angle: 15)
    #expect(turnedEdited.firstChangedRow(comparedWith: turned) == -Double.infinity)
    #expect(try drawing("first line\nsecond", angle: 15).firstChangedRow(comparedWith: turned) == nil)
  }

  /// Nonsense from a damaged store (not a number, far outside the picture) is drawn clamped, never
  /// crashes.
  @Test func damagedBoxesAreDrawnClamped() {
    let boxes = [
      TextBox(text: "nan", frame: RelativeRect(x: .nan, y: 0.5, width: 0.5, height: .infinity), angle: .nan),
      TextBox(text: "far", frame: RelativeRect(x: 1e300, y: -1e300, width: 1e300, height: 0.1), angle: 1e300),
      TextBox(text: "zero", frame: RelativeRect(x: 0.5, y: 0.5, width: 0, height: 0)),
    ]
    let image = MemeRenderer.rendered(
      MemeCaptions(top: "", bottom: "", layers: boxes.map(MemeLayer.text)),
      image: TestPictures.gradient(width: 200, height: 100))
    #expect(image != nil)
  }

  // MARK: - Comparing with Pango's own drawing

  struct Comparison: CustomStringConvertible {
    var differing: Int64
    var inkArea: Double
    var allowed: Double { max(CaptionComparison.allowedPixels, CaptionComparison.allowedFraction * inkArea) }
    var description: String { "\(differing) pixels differ of \(Int(inkArea)) ink pixels" }
  }

  /// Renders `captions` with MemeMe's export path and with `ReferenceCaption` (each box drawn into a
  /// context turned about its band's centre), and compares the whole picture.
  static func compare(_ captions: MemeCaptions, width: Int, height: Int) -> Comparison {
    let image = TestPictures.gradient(width: width, height: height)
    let layout = MemeRenderer.render(captions, onto: image)
    let reference = TestPictures.gradient(width: width, height: height)
    let context = cairo_create(reference.surface)!
    ReferenceCaption.draw(layout, on: context)
    for (box, caption) in zip(captions.textBoxes, layout.layers) {
      cairo_save(context)
      let band = caption.band
      cairo_translate(context, band.x + band.width / 2, band.y + band.height / 2)
      cairo_rotate(context, box.angle * .pi / 180)
      cairo_translate(context, -(band.x + band.width / 2), -(band.y + band.height / 2))
      ReferenceCaption.draw(caption, style: box.style, on: context)
      cairo_restore(context)
    }
    cairo_destroy(context)
    cairo_surface_flush(reference.surface)
    cairo_surface_flush(image.surface)
    let result = pixel_compare(
      image.pixels, reference.pixels, Int32(width), Int32(height), Int32(image.stride), 0, 0, Int32(width),
      Int32(height), CaptionComparison.channelThreshold, 1)
    let captionsDrawn = CaptionPosition.allCases.map(layout.caption(at:)) + layout.layers
    let ink = captionsDrawn.reduce(0.0) { $0 + $1.inkRect.width * $1.inkRect.height }
    #expect(
      differingPixels(image, TestPictures.gradient(width: width, height: height)) > 0, "nothing was drawn")
    return Comparison(differing: result.differing, inkArea: ink)
  }
}
