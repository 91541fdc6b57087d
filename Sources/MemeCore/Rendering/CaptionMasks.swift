// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A caption's outline stroke and glyph fill drawn ahead into two A8 coverage masks over the pixels
/// of its band (of the upright rectangle around it, when it is turned).
///
/// Stroking the wide round-joined outline and filling the glyphs is nearly all the cost of drawing a
/// caption at export size. An export draws both into these masks while the picture is still
/// decoding on the other core, and once the pixels exist only paints the two colours through them.
/// Each mask holds the coverage the plain drawing would have composited (same paths, same clip, same
/// pixel grid: they are placed at whole pixels; the runs are filled into the fill mask one over the
/// other, as the plain drawing fills them over the picture), and compositing is associative, so the
/// picture is the one the plain drawing gives, up to rounding.
final class CaptionMasks: @unchecked Sendable {
  // Immutable after creation; only read when painting.
  /// `cairo_surface_t *`s of format A8, the same size.
  private let outline: OpaquePointer
  private let fill: OpaquePointer
  /// Where the masks' first pixel lies in the image.
  let x: Int
  let y: Int
  /// The image rows in which either mask covers any pixel: the rows drawing changes (before the
  /// colour glyphs, which are drawn when painting).
  let inkRows: Range<Int>

  /// Draws `drawing`'s outline and fill for an image of `imageWidth` × `imageHeight`, over the pixels
  /// of the band they can reach; `nil` when the band covers no pixel or a mask cannot be allocated
  /// (the caller then draws plainly).
  init?(of drawing: CaptionDrawing, imageWidth: Int, imageHeight: Int) {
    let band = drawing.bounds
    guard Int(band.x.rounded(.down)) < imageWidth, Int(band.y.rounded(.down)) < imageHeight,
      band.maxX > 0, band.maxY > 0
    else { return nil }
    // Only over the pixels the stroke can reach within the band: every one lies within half the
    // outline's width of a point of the paths, and the paths within the box of their points.
    // A turned caption's points are measured unturned, so it takes its whole upright rectangle.
    let points =
      drawing.angle == 0
      ? drawing.pointBounds : (minX: band.x, minY: band.y, maxX: band.maxX, maxY: band.maxY)
    let reach = drawing.outlineWidth / 2 + Self.margin
    let left = max(band.x, points.minX - reach)
    let top = max(band.y, points.minY - reach)
    let right = min(band.maxX, points.maxX + reach)
    let bottom = min(band.maxY, points.maxY + reach)
    // Without paths (only colour glyphs) the box is empty, and so are the masks.
    let covers = left < right && top < bottom
    let x0 = covers ? max(0, Int(left.rounded(.down))) : 0
    let y0 = covers ? max(0, Int(top.rounded(.down))) : 0
    let x1 = covers ? max(x0, min(imageWidth, Int(right.rounded(.up)))) : 0
    let y1 = covers ? max(y0, min(imageHeight, Int(bottom.rounded(.up)))) : 0
    guard x1 - x0 <= Int(Int32.max), y1 - y0 <= Int(Int32.max),
      let outline = Self.mask(width: x1 - x0, height: y1 - y0)
    else { return nil }
    guard let fill = Self.mask(width: x1 - x0, height: y1 - y0) else {
      cairo_surface_destroy(outline)
      return nil
    }
    // Full coverage in the masks; the colours, alpha included, are applied when painting.
    let opaque = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    Self.draw(on: outline, x: x0, y: y0, clippedTo: drawing) { drawing.strokeOutline(on: $0, color: opaque) }
    Self.draw(on: fill, x: x0, y: y0, clippedTo: drawing) { drawing.fillGlyphs(on: $0, color: opaque) }
    self.outline = outline
    self.fill = fill
    x = x0
    y = y0
    let rows = Self.coveredRows(outline).union(Self.coveredRows(fill))
    inkRows = y0 + rows.lowerBound..<y0 + rows.upperBound
  }

  deinit {
    cairo_surface_destroy(outline)
    cairo_surface_destroy(fill)
  }

  /// Paints `drawing`'s outline colour, then its text colour, through the masks on `context`, whose
  /// user space is the image's pixels (an integer translation of them, so the masks' pixels land on
  /// the image's).
  func paint(_ drawing: CaptionDrawing, on context: OpaquePointer) {
    cairo_save(context)
    setSource(drawing.style.outlineColor, on: context)
    cairo_mask_surface(context, outline, Double(x), Double(y))
    setSource(drawing.style.textColor, on: context)
    cairo_mask_surface(context, fill, Double(x), Double(y))
    cairo_restore(context)
  }

  /// Pixels of antialiasing, and of flattening curves to `CaptionDrawing.tolerance`, beyond the
  /// reach of the stroke.
  private static let margin = 2.0

  /// A cleared A8 surface, or `nil` when it cannot be allocated.
  private static func mask(width: Int, height: Int) -> OpaquePointer? {
    // A mask of a photo's caption takes megabytes, drawn into once (see `bigImageSurface`).
    if let surface = bigImageSurface(CAIRO_FORMAT_A8, width: width, height: height) {
      // Written before drawing: Cairo reads each coverage byte before writing it, and fresh pages
      // read first would fault twice, the second time copying and flushing the other cores' TLBs.
      memset(cairo_image_surface_get_data(surface), 0, Int(cairo_image_surface_get_stride(surface)) * height)
      return surface
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    return surface
  }

  /// Runs `body` on a context over `surface`, whose first pixel is image pixel (`x`, `y`), in image
  /// coordinates and clipped to `drawing`'s band.
  private static func draw(
    on surface: OpaquePointer, x: Int, y: Int, clippedTo drawing: CaptionDrawing,
    _ body: (OpaquePointer) -> Void
  ) {
    let context = cairo_create(surface)!
    cairo_translate(context, -Double(x), -Double(y))
    drawing.clipToBand(context)
    body(context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
  }

  /// The rows of `surface` (an A8 mask) holding any coverage; empty when none does.
  private static func coveredRows(_ surface: OpaquePointer) -> Range<Int> {
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    // An empty surface has no data.
    guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return 0..<0 }
    let stride = Int(cairo_image_surface_get_stride(surface))
    func isCovered(_ row: Int) -> Bool {
      let start = data + row * stride
      return UnsafeBufferPointer(start: start, count: width).contains { $0 != 0 }
    }
    guard let first = (0..<height).first(where: isCovered) else { return 0..<0 }
    let last = (first..<height).reversed().first(where: isCovered)!
    return first..<last + 1
  }
}

extension Range where Bound == Int {
  /// The smallest range holding both (either, when the other is empty).
  fileprivate func union(_ other: Range<Int>) -> Range<Int> {
    if isEmpty { return other }
    if other.isEmpty { return self }
    return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
  }
}
