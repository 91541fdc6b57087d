// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch

/// One caption drawn ahead onto a transparent surface in the pixels it will be shown in, so that a
/// view redrawn for a change to the other caption paints it again without stroking it again.
///
/// The layer is drawn by `CaptionDrawing` under the very transform and clip the caption would be
/// drawn with on the view, and painted back at whole pixels: drawing the caption onto the
/// transparent layer and the layer over the picture gives the picture the caption drawn straight
/// onto it does, up to rounding (Cairo's over operator is associative).
public final class CaptionLayer {
  /// The caption drawn; held so that its identity stays its own while the layer lives.
  public let caption: CaptionLayout
  /// What the layer was drawn for (see `init`).
  public let placement: Placement
  /// A `cairo_surface_t *` of format ARGB32, in pixels of the view's surface.
  private let surface: OpaquePointer
  /// The rows drawn for this layer; the rows above were copied from the layer before an edit.
  private(set) var drawnRows = 0..<0
  /// Where the layer's first pixel lies, in pixels of the view's surface.
  private let x: Int
  private let y: Int

  /// How a caption is put on a view: drawn in image pixels under `transform` (from image pixels to
  /// the view's user space, a scale and a translation), clipped to `clip` in that user space, with
  /// `pixelsPerUnit` surface pixels per user-space unit.
  public struct Placement: Equatable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    public var translateX: Double
    public var translateY: Double
    public var clip: ImageRect
    public var pixelsPerUnit: Double

    public init(
      scaleX: Double, scaleY: Double, translateX: Double, translateY: Double, clip: ImageRect,
      pixelsPerUnit: Double
    ) {
      self.scaleX = scaleX
      self.scaleY = scaleY
      self.translateX = translateX
      self.translateY = translateY
      self.clip = clip
      self.pixelsPerUnit = pixelsPerUnit
    }

    /// Sets `context` (user space: the view's) up to draw image pixels as this placement says.
    func apply(to context: OpaquePointer) {
      cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
      cairo_clip(context)
      cairo_translate(context, translateX, translateY)
      cairo_scale(context, scaleX, scaleY)
    }
  }

  /// Draws `caption` for `placement`; `nil` when it draws nothing there (empty, or outside the
  /// clip) or the layer cannot be allocated.
  ///
  /// With `previous`, the layer of the same caption before an edit, the rows above the first line
  /// the edit changed are copied from it rather than drawn again (see
  /// `CaptionDrawing.firstChangedRow(comparedWith:)`).
  /// `onOneCore` draws it on the calling thread alone (a layer drawn in the background leaves the
  /// other core to the main thread).
  public init?(
    _ caption: CaptionLayout, placement: Placement, previous: CaptionLayer? = nil, onOneCore: Bool = false
  ) {
    guard let drawing = caption.drawing else { return nil }
    let band = drawing.bounds
    let units = placement.pixelsPerUnit
    // The band on the view, within the clip, in surface pixels, widened to whole pixels.
    let shown = ImageRect(
      x: placement.translateX + band.x * placement.scaleX,
      y: placement.translateY + band.y * placement.scaleY,
      width: band.width * placement.scaleX, height: band.height * placement.scaleY
    ).intersection(placement.clip)
    let x0 = Int((shown.x * units).rounded(.down))
    let y0 = Int((shown.y * units).rounded(.down))
    let x1 = Int((shown.maxX * units).rounded(.up))
    let y1 = Int((shown.maxY * units).rounded(.up))
    guard shown.width > 0, shown.height > 0, x1 > x0, y1 > y0, x1 - x0 < 1 << 15, y1 - y0 < 1 << 15 else {
      return nil
    }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    self.caption = caption
    self.placement = placement
    self.surface = surface
    x = x0
    y = y0
    let height = y1 - y0
    let kept = previous.map { keptRows(from: $0, drawing: drawing) } ?? 0
    drawnRows = kept..<height
    if let previous, kept > 0 { copyRows(0..<kept, from: previous) }
    draw(drawing, rows: drawnRows, onOneCore: onOneCore)
  }

  /// How many of the top rows `previous` holds exactly as `drawing` would draw them here.
  private func keptRows(from previous: CaptionLayer, drawing: any LayerDrawing) -> Int {
    let height = Int(cairo_image_surface_get_height(surface))
    guard previous.placement == placement, previous.x == x, previous.y == y,
      cairo_image_surface_get_width(previous.surface) == cairo_image_surface_get_width(surface),
      Int(cairo_image_surface_get_height(previous.surface)) == height,
      let earlier = previous.caption.drawing
    else { return 0 }
    guard let changed = drawing.firstChangedRow(comparedWith: earlier) else { return height }
    guard changed.isFinite else { return 0 }
    // Two rows to spare for antialiasing and rounding.
    let row =
      Int(((placement.translateY + changed * placement.scaleY) * placement.pixelsPerUnit).rounded(.down)) - y
      - 2
    return min(height, max(0, row))
  }

  private func copyRows(_ rows: Range<Int>, from previous: CaptionLayer) {
    cairo_surface_flush(previous.surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    precondition(stride == Int(cairo_image_surface_get_stride(previous.surface)))
    let target = cairo_image_surface_get_data(surface)!
    let source = cairo_image_surface_get_data(previous.surface)!
    (target + rows.lowerBound * stride).update(
      from: source + rows.lowerBound * stride, count: rows.count * stride)
    // Else Cairo takes the new surface for still blank and paints nothing of it.
    cairo_surface_mark_dirty(surface)
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// Draws the caption into `rows` of the layer, their upper and lower halves on two cores: a
  /// caption of several lines costs the editor more than a frame on one.
  private func draw(_ drawing: any LayerDrawing, rows drawn: Range<Int>, onOneCore: Bool) {
    guard !drawn.isEmpty else { return }
    let width = Int(cairo_image_surface_get_width(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let pixels = cairo_image_surface_get_data(surface)!
    let parts = drawn.count >= 64 && !onOneCore ? 2 : 1
    let (x, y, placement) = (Double(x), Double(y), placement)
    // Each part writes its own rows through a surface of its own; the drawing is only read.
    nonisolated(unsafe) let base = pixels
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let first = drawn.lowerBound + drawn.count * part / parts
      let end = drawn.lowerBound + drawn.count * (part + 1) / parts
      let rows = cairo_image_surface_create_for_data(
        base + first * stride, CAIRO_FORMAT_ARGB32, Int32(width), Int32(end - first), Int32(stride))!
      let context = cairo_create(rows)!
      cairo_translate(context, -x, -(y + Double(first)))
      cairo_scale(context, placement.pixelsPerUnit, placement.pixelsPerUnit)
      placement.apply(to: context)
      drawing.draw(on: context)
      cairo_destroy(context)
      cairo_surface_finish(rows)
      cairo_surface_destroy(rows)
    }
    cairo_surface_mark_dirty(surface)
  }

  /// Paints the layer on `context`, whose user space is the view's (`pixelsPerUnit` surface
  /// pixels per unit, as drawn for).
  public func paint(on context: OpaquePointer) {
    cairo_save(context)
    cairo_scale(context, 1 / placement.pixelsPerUnit, 1 / placement.pixelsPerUnit)
    cairo_set_source_surface(context, surface, Double(x), Double(y))
    cairo_paint(context)
    cairo_restore(context)
  }
}
