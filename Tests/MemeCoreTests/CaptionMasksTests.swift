import CMemeGraphics
import Foundation
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures
import PixelCompare
import Testing

@testable import MemeCore

/// An export strokes the caption outlines and fills the glyphs ahead, while the picture decodes (see
/// `CaptionMasks`), and draws the same pixels as the plain drawing that strokes and fills them onto
/// the picture (the editor's).
@Suite struct CaptionMasksTests {
  /// A channel may differ by this much (of 255): compositing through a mask rounds once more.
  static let rounding: Int32 = 2

  static let translucent = CaptionStyle(
    textColor: RGBAColor(red: 1, green: 0.8, blue: 0.2, alpha: 0.6),
    outlineColor: RGBAColor(red: 0.1, green: 0, blue: 0.5, alpha: 0.5))

  static let captions: [MemeCaptions] = [
    CaptionCases.pairs.first { $0.name == "five lines" }!.captions,
    CaptionCases.pairs.first { $0.name == "emoji wrapped" }!.captions,
    CaptionCases.pairs.first { $0.name == "combining marks" }!.captions,
    // So long that it overflows its band and is cut at the band's edges.
    MemeCaptions(top: CaptionCases.words(400), bottom: "bottom"),
    MemeCaptions(top: CaptionCases.words(12), bottom: CaptionCases.words(30), style: translucent),
    // Colour glyphs only: no path, so empty masks.
    MemeCaptions(top: "🔥🔥🔥", bottom: "😂"),
  ]

  @Test(arguments: [
    CaptionCases.tiny, CaptionCases.small, CaptionCases.landscape, CaptionCases.veryWide,
    CaptionCases.veryTall,
  ])
  func drawingAheadDrawsThePlainPixels(shape: CaptionCases.Shape) throws {
    var changed: Int64 = 0
    for captions in Self.captions {
      // Both captions on two cores (thumbnails, share targets), one after the other beside a
      // decoder that is slower, or one that is done at once (the outlines are stroked when drawing).
      for stop in [nil, { false }, { true }] as [(() -> Bool)?] {
        let ahead = PreparedCaptions(
          captions, imageWidth: shape.width, imageHeight: shape.height, until: stop)
        // The masks really are what draws the outline here.
        #expect(ahead.masks.count == ahead.layout.drawings.count)
        let expectsMasks = stop?() != true
        #expect(
          ahead.masks.allSatisfy { ($0 != nil) == expectsMasks },
          "\(captions.top) on \(shape.testDescription)")
        let fromMasks = TestPictures.gradient(width: shape.width, height: shape.height)
        ahead.draw(onto: fromMasks)
        let stroked = Self.drawnPlainly(captions, on: shape)
        let difference = Self.difference(fromMasks, stroked, threshold: Self.rounding)
        #expect(difference.differing == 0, "\(captions.top) on \(shape.testDescription): \(difference)")
        let untouched = TestPictures.gradient(width: shape.width, height: shape.height)
        changed += Self.difference(fromMasks, untouched, threshold: 64).differing
      }
    }
    // Not vacuous: the captions changed the picture.
    #expect(changed > 0)
  }

  /// The rows the masks say a caption inks hold every row the plain drawing changes (the block path
  /// re-encodes only those), and the masks' rows are not the whole band.
  @Test(arguments: [CaptionCases.small, CaptionCases.landscape, CaptionCases.veryWide])
  func theMasksInkRowsHoldEveryChangedRow(shape: CaptionCases.Shape) {
    var spared = 0
    for captions in Self.captions {
      let ahead = PreparedCaptions(captions, imageWidth: shape.width, imageHeight: shape.height)
      let drawn = Self.drawnPlainly(captions, on: shape)
      let untouched = TestPictures.gradient(width: shape.width, height: shape.height)
      var claimed = IndexSet()
      for (drawing, masks) in zip(ahead.layout.drawings, ahead.masks) {
        let rows = drawing.inkRows(inPictureHeight: shape.height, masks: masks)
        claimed.insert(integersIn: rows)
        spared += drawing.rows(inPictureHeight: shape.height).count - rows.count
      }
      for row in 0..<shape.height where !claimed.contains(row) {
        let difference = pixel_compare(
          drawn.pixels, untouched.pixels, Int32(shape.width), Int32(shape.height), Int32(drawn.stride), 0,
          Int32(row), Int32(shape.width), Int32(row + 1), 0, 0)
        #expect(difference.differing == 0, "row \(row) of \(captions.top) on \(shape.testDescription)")
      }
    }
    #expect(spared > 0)
  }

  /// The comparison catches masks in the wrong place, one pixel off, and a caption drawn through
  /// the other caption's masks.
  @Test func misplacedMasksAreCaught() {
    let shape = CaptionCases.small
    let captions = Self.captions[0]
    let ahead = PreparedCaptions(captions, imageWidth: shape.width, imageHeight: shape.height)
    let plain = Self.drawnPlainly(captions, on: shape)
    let shifted = TestPictures.gradient(width: shape.width, height: shape.height)
    let context = cairo_create(shifted.surface)!
    cairo_translate(context, 1, 0)
    for (drawing, masks) in zip(ahead.layout.drawings, ahead.masks) {
      drawing.draw(on: context, masks: masks)
    }
    cairo_destroy(context)
    #expect(Self.difference(shifted, plain, threshold: Self.rounding).differing > 100)
    let swapped = TestPictures.gradient(width: shape.width, height: shape.height)
    let swappedContext = cairo_create(swapped.surface)!
    // Both captions through the top caption's masks: the bottom caption is missing.
    for drawing in ahead.layout.drawings { drawing.draw(on: swappedContext, masks: ahead.masks[0]) }
    cairo_destroy(swappedContext)
    #expect(Self.difference(swapped, plain, threshold: Self.rounding).differing > 100)
  }

  /// The captions stroked and filled straight onto the picture, on one thread.
  static func drawnPlainly(_ captions: MemeCaptions, on shape: CaptionCases.Shape) -> RasterImage {
    let image = TestPictures.gradient(width: shape.width, height: shape.height)
    let context = cairo_create(image.surface)!
    MemeLayout(captions: captions, imageWidth: shape.width, imageHeight: shape.height).draw(on: context)
    cairo_destroy(context)
    return image
  }

  static func difference(_ a: RasterImage, _ b: RasterImage, threshold: Int32) -> pixel_difference {
    cairo_surface_flush(a.surface)
    cairo_surface_flush(b.surface)
    return pixel_compare(
      a.pixels, b.pixels, Int32(a.width), Int32(a.height), Int32(a.stride), 0, 0, Int32(a.width),
      Int32(a.height), threshold, 0)
  }
}
