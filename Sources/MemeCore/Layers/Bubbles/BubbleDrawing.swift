// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A speech bubble ready to draw in the output's pixels: its outline painted white (or its own
/// colours, with a border), or cut out of what lies beneath (`cutsOut`: the pixels' alpha falls by
/// the outline's coverage, as ImageMagick's `DstOut` composes a mask), then a comic bubble's text
/// over it. Nothing is drawn outside the picture.
final class BubbleDrawing: LayerDrawing, @unchecked Sendable {
  // Immutable after creation; Cairo only reads a path when appending it.
  enum Paint: Hashable {
    /// Cut out of the picture: transparent.
    case cutOut
    /// Filled with a colour.
    case filled(RGBAColor)
    /// Filled with `fill`, a `width`-pixel border of `border` round it.
    case bordered(fill: RGBAColor, border: RGBAColor, width: Double)
  }

  let outline: BubbleOutline
  let paint: Paint
  /// The picture's place in the output: the bubble is cut off at its edges.
  let clip: ImageRect
  /// A comic bubble's text, drawn over the bubble.
  let text: (any LayerDrawing)?

  init(outline: BubbleOutline, paint: Paint, clip: ImageRect, text: (any LayerDrawing)? = nil) {
    self.outline = outline
    self.paint = paint
    self.clip = clip
    self.text = text
  }

  /// Whether it makes the pixels beneath it transparent.
  var cutsOut: Bool { paint == .cutOut }

  func draw(on context: OpaquePointer, masks: CaptionMasks?) {
    cairo_save(context)
    cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
    cairo_clip(context)
    outline.append(to: context)
    switch paint {
    case .cutOut:
      cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
      cairo_set_source_rgba(context, 0, 0, 0, 1)
      cairo_fill(context)
    case .filled(let color):
      setSource(color, on: context)
      cairo_fill(context)
    case .bordered(let fill, let border, let width):
      // The border is stroked twice as wide, and the fill covers its inner half: only the outer
      // half stays, round the two paths' union (a tail's seam with the body is filled over).
      setSource(border, on: context)
      cairo_set_line_width(context, 2 * width)
      cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
      cairo_stroke_preserve(context)
      setSource(fill, on: context)
      cairo_fill(context)
    }
    cairo_restore(context)
    text?.draw(on: context, masks: masks)
  }

  /// Cuts the bubble out of `buffer`, where output pixel (x, y) lies at `placement` (the editor's
  /// picture, whose captions are drawn on layers of their own).
  func cutOut(_ buffer: PixelBuffer, placement: OutputPlacement) {
    guard cutsOut,
      let surface = cairo_image_surface_create_for_data(
        buffer.pixels, CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    else { return }
    let context = cairo_create(surface)!
    cairo_translate(context, placement.originX, placement.originY)
    cairo_scale(context, placement.scaleX, placement.scaleY)
    draw(on: context, masks: nil)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    cairo_surface_destroy(surface)
  }

  var bounds: ImageRect {
    var shape = outline.bounds
    if case .bordered(_, _, let width) = paint {
      shape = ImageRect(
        x: shape.x - width - 1, y: shape.y - width - 1, width: shape.width + 2 * width + 2,
        height: shape.height + 2 * width + 2)
    }
    return shape.intersection(clip)
  }

  func prepared(imageWidth: Int, imageHeight: Int) -> CaptionMasks? {
    text?.prepared(imageWidth: imageWidth, imageHeight: imageHeight)
  }

  func inkRows(inPictureHeight pictureHeight: Int, masks: CaptionMasks?) -> Range<Int> {
    rows(inPictureHeight: pictureHeight)
  }

  /// A cut-out is flattened on white where the output has no transparency (a JPEG).
  var drawsOnlyGrey: Bool {
    let paintIsGrey =
      switch paint {
      case .cutOut: true
      case .filled(let color): color.isGrey
      case .bordered(let fill, let border, _): fill.isGrey && border.isGrey
      }
    return paintIsGrey && (text?.drawsOnlyGrey ?? true)
  }

  func firstChangedRow(comparedWith other: any LayerDrawing) -> Double? {
    guard let other = other as? BubbleDrawing, other.outline == outline, other.paint == paint,
      other.clip == clip
    else { return -Double.infinity }
    switch (text, other.text) {
    case (nil, nil): return nil
    case (let text?, let otherText?): return text.firstChangedRow(comparedWith: otherText)
    default: return -Double.infinity
    }
  }
}
