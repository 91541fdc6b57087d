// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import PixelCompare
import Testing

@testable import MemeCore

/// The JPEG block path draws captions on strips of rows and decodes only the rows a caption may ink:
/// both must give the plain drawing's pixels.
@Suite struct CaptionStripTests {
  static let captions: [MemeCaptions] = [
    MemeCaptions(top: "one line", bottom: "two lines of text that wrap on this picture"),
    MemeCaptions(top: "ÉTÉ ÇA Ä Ö Ü", bottom: "gjpqy descenders"),
    MemeCaptions(top: "emoji 😂🔥", bottom: "🇩🇪 👍🏽"),
    MemeCaptions(top: String(repeating: "many words here ", count: 12), bottom: ""),
  ]

  /// Rows the plain path changes on a clear picture, one flag per row.
  private func inkedRows(of image: RasterImage) -> [UInt8] {
    cairo_surface_flush(image.surface)
    let zeros = [UInt8](repeating: 0, count: image.stride * image.height)
    var rows = [UInt8](repeating: 0, count: image.height)
    pixel_rows_differing(image.pixels, zeros, Int32(image.stride / 4), Int32(image.height), 4, &rows)
    return rows
  }

  @Test(arguments: captions) func inkRowsHoldEveryRowThePlainDrawingChanges(_ captions: MemeCaptions) {
    for (width, height) in [(1200, 900), (640, 1136), (3000, 400)] {
      let clear = RasterImage(width: width, height: height, hasAlpha: true)!
      let layout = MemeRenderer.render(captions, onto: clear)
      let inked = inkedRows(of: clear)
      var claimed = [Bool](repeating: false, count: height)
      for drawing in layout.drawings {
        for row in drawing.inkRows(inPictureHeight: height) { claimed[row] = true }
      }
      let missed = inked.indices.filter { inked[$0] != 0 && !claimed[$0] }
      #expect(missed.isEmpty, "\(width)×\(height): rows inked outside inkRows: \(missed.prefix(8))")
      #expect(inked.contains(1))
    }
  }

  /// As the block path draws: on a strip of whole 16-row MCU rows around each caption's ink rows.
  @Test(arguments: captions) func drawingOnStripsEqualsDrawingOnThePicture(_ captions: MemeCaptions) {
    let (width, height) = (1000, 750)
    let whole = RasterImage(width: width, height: height, hasAlpha: true)!
    let layout = MemeRenderer.render(captions, onto: whole)
    cairo_surface_flush(whole.surface)
    let pieced = RasterImage(width: width, height: height, hasAlpha: true)!
    for drawing in layout.drawings {
      let ink = drawing.inkRows(inPictureHeight: height)
      guard !ink.isEmpty else { continue }
      let first = ink.lowerBound / 16 * 16
      let end = min(height, (ink.upperBound + 15) / 16 * 16)
      let strip = RasterImage(width: width, height: end - first, hasAlpha: true)!
      drawing.draw(onStrip: strip, fromPictureRow: first, pictureHeight: height)
      paste(strip, into: pieced, atRow: first)
    }
    expectSamePixels(pieced, whole)
  }

  /// As the block path draws a caption's rows: piece by piece, a few MCU rows at a time, from the
  /// masks drawn ahead; the seams between pieces must not show.
  @Test(arguments: captions) func drawingPieceByPieceEqualsDrawingOnThePicture(_ captions: MemeCaptions) {
    let (width, height) = (1000, 750)
    let whole = RasterImage(width: width, height: height, hasAlpha: true)!
    MemeRenderer.render(captions, onto: whole)
    cairo_surface_flush(whole.surface)
    let prepared = PreparedCaptions(captions, imageWidth: width, imageHeight: height)
    let pieced = RasterImage(width: width, height: height, hasAlpha: true)!
    for first in stride(from: 0, to: height, by: 32) {
      let strip = RasterImage(width: width, height: min(height, first + 32) - first, hasAlpha: true)!
      for (drawing, masks) in zip(prepared.layout.drawings, prepared.masks) {
        drawing.draw(onStrip: strip, fromPictureRow: first, pictureHeight: height, masks: masks)
      }
      paste(strip, into: pieced, atRow: first)
    }
    expectSamePixels(pieced, whole)
  }

  /// Copies `strip`'s rows into `picture` from row `first` on.
  private func paste(_ strip: RasterImage, into picture: RasterImage, atRow first: Int) {
    cairo_surface_flush(strip.surface)
    for y in 0..<strip.height {
      memcpy(picture.pixels + (first + y) * picture.stride, strip.pixels + y * strip.stride, strip.width * 4)
    }
  }

  /// `pieced` holds exactly `whole`'s pixels, and `whole` has a caption's ink (so an empty pair
  /// could not pass).
  private func expectSamePixels(_ pieced: RasterImage, _ whole: RasterImage) {
    let difference = pixel_sample_difference(
      whole.pixels, pieced.pixels, Int32(whole.stride / 4), 4, 0, Int32(whole.height))
    #expect(difference.largest == 0)
    #expect(inkedRows(of: whole).contains(1))
  }
}
