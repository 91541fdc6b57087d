// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Something ready to draw over a meme's picture, in the output's pixels: a caption's text
/// (`CaptionDrawing`) or a picture (`PictureDrawing`, a sticker). It is the one drawing path: the
/// editor canvas, every export, the JPEG block path, thumbnails and the command line draw these and
/// nothing else.
///
/// A drawing holds only what several threads may read at once, so an export can draw two on two
/// cores, each into its own rows, while the editor draws the same object scaled onto the screen.
protocol LayerDrawing: AnyObject, Sendable {
  /// Draws on `context` (a `cairo_t *`) in output pixels; with `masks` (made by `prepared`), from
  /// the coverage drawn ahead instead of drawing it again.
  func draw(on context: OpaquePointer, masks: CaptionMasks?)

  /// The smallest upright rectangle holding everything it may draw.
  var bounds: ImageRect { get }

  /// Does ahead, for an output of the given size, what drawing at that size would do first (a
  /// caption's outline and glyph masks); nil when there is nothing to keep.
  func prepared(imageWidth: Int, imageHeight: Int) -> CaptionMasks?

  /// The rows of a picture `pictureHeight` rows high that drawing changes (with `masks`, as drawn
  /// ahead), within `rows(inPictureHeight:)`.
  func inkRows(inPictureHeight pictureHeight: Int, masks: CaptionMasks?) -> Range<Int>

  /// Whether every pixel it draws is grey (so it can be drawn on a greyscale JPEG).
  var drawsOnlyGrey: Bool { get }

  /// The highest row (in output pixels) below which this may draw differently from `other` (minus
  /// infinity for anywhere); nil when both draw the same: the editor draws only the rows below it
  /// again after an edit.
  func firstChangedRow(comparedWith other: any LayerDrawing) -> Double?
}

extension LayerDrawing {
  func draw(on context: OpaquePointer) { draw(on: context, masks: nil) }

  /// The rows drawing changes, drawn plainly.
  func inkRows(inPictureHeight pictureHeight: Int) -> Range<Int> {
    inkRows(inPictureHeight: pictureHeight, masks: nil)
  }

  /// Draws into the rows of `image` that it covers, through a surface of its own over those
  /// rows, so another thread may draw another layer in other rows of the same image at the same
  /// time.
  func draw(onRowsOf image: RasterImage, masks: CaptionMasks? = nil) {
    draw(onStrip: image, fromPictureRow: 0, pictureHeight: image.height, masks: masks)
  }

  /// Draws onto `strip`, which holds the rows of a picture `pictureHeight` rows high from
  /// `firstRow` on: its rows within the strip, exactly as drawing on the whole picture would
  /// (an export that re-encodes only the rows under the layers draws them this way).
  func draw(
    onStrip strip: RasterImage, fromPictureRow firstRow: Int, pictureHeight: Int, masks: CaptionMasks? = nil
  ) {
    let span = rows(inPictureHeight: pictureHeight).clamped(to: firstRow..<firstRow + strip.height)
    guard !span.isEmpty else { return }
    let rows = cairo_image_surface_create_for_data(
      strip.pixels + (span.lowerBound - firstRow) * strip.stride, CAIRO_FORMAT_ARGB32, Int32(strip.width),
      Int32(span.count), Int32(strip.stride))
    let context = cairo_create(rows)!
    cairo_translate(context, 0, -Double(span.lowerBound))
    draw(on: context, masks: masks)
    cairo_destroy(context)
    cairo_surface_finish(rows)
    cairo_surface_destroy(rows)
  }
}
