// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A caption ready to draw, in image pixels: the one drawing path behind the editor canvas, every
/// export, thumbnails and the command line.
///
/// It holds only Cairo objects (a path and thread-safe scaled fonts), so the two captions of an
/// export can be drawn on two cores at once, each into its own rows of the image, while the editor
/// draws the same object scaled onto the screen.
final class CaptionDrawing: LayerDrawing, @unchecked Sendable {
  // Immutable after creation; Cairo only reads a path when appending it.
  /// The glyph outlines, one path per run of glyphs in one font (see `CaptionTracer`).
  private let outlines: [UnsafeMutablePointer<cairo_path_t>]
  private let colorRuns: [ColorGlyphRun]
  /// The traced caption's lines, for telling which lines an edit left as they were.
  private let traced: TracedCaption
  let band: ImageRect
  let outlineWidth: Double
  let style: CaptionStyle
  /// How far the band and everything in it is turned about the band's centre, in radians (clockwise
  /// on the screen); the outlines are traced unturned.
  let angle: Double
  /// Where drawing stops besides the band, unturned: the picture, for a text box of Band or Poster
  /// (which stays on the picture, as on the JPEG block path, where only the photo's rows are drawn).
  let clip: ImageRect?

  init(
    traced: TracedCaption, band: ImageRect, outlineWidth: Double, style: CaptionStyle, angle: Double = 0,
    clip: ImageRect? = nil
  ) {
    self.clip = clip
    outlines = traced.outlines
    colorRuns = traced.colorRuns
    self.traced = traced
    self.band = band
    self.outlineWidth = outlineWidth
    self.style = style
    self.angle = angle
  }

  deinit {
    for outline in outlines { cairo_path_destroy(outline) }
  }

  /// Draws on `context` (a `cairo_t *`) in image coordinates, clipped to the band: the outline is
  /// stroked first with round joins (miter joins spike on M, W and V), the glyphs are filled on top,
  /// then the colour glyphs are painted in their own colours.
  ///
  /// With `masks`, the outline and the glyphs drawn ahead into them (see `CaptionMasks`) are painted
  /// instead of stroking and filling; the masks are already clipped to the band, so they are
  /// painted before the clip.
  func draw(on context: OpaquePointer, masks: CaptionMasks? = nil) {
    cairo_save(context)
    if let clip {
      cairo_rectangle(context, clip.x, clip.y, clip.width, clip.height)
      cairo_clip(context)
    }
    masks?.paint(self, on: context)
    clipToBand(context)
    if masks == nil {
      strokeOutline(on: context, color: style.outlineColor)
      fillGlyphs(on: context, color: style.textColor)
    }
    for run in colorRuns { run.draw(on: context) }
    cairo_restore(context)
  }

  /// Limits drawing on `context` to the band, turned by `angle` (and turns the context with it, so
  /// the unturned outlines land turned).
  func clipToBand(_ context: OpaquePointer) {
    turn(context)
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
  }

  /// Strokes the outline of every run in `color`: the one stroke both `draw(on:masks:)` and
  /// `CaptionMasks` make.
  func strokeOutline(on context: OpaquePointer, color: RGBAColor) {
    cairo_new_path(context)
    // The texts of Band and Poster have none (Cairo would still stroke a zero width as a hairline).
    guard outlineWidth > 0 else { return }
    // One stroke for all runs, so a translucent outline is not darker where two runs overlap.
    for outline in outlines { cairo_append_path(context, outline) }
    cairo_set_tolerance(context, Self.tolerance)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    // Rasterising a wide stroke's polygon is most of a caption's cost at export size (building the
    // polygon takes a twentieth of it): Cairo's fast antialiasing, 4×4 samples a pixel instead of
    // 256×15, halves it. It changes only the shading of the outline's outer edge pixels, nearly all
    // by less than an eighth of full coverage. The letters' own edges keep the full antialiasing,
    // filled after the saved state is restored.
    cairo_save(context)
    if outlineWidth >= Self.fastAntialiasingWidth, drawsAtImageSize(context) {
      cairo_set_antialias(context, CAIRO_ANTIALIAS_FAST)
    }
    setSource(color, on: context)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// The outline width in pixels from which an outline drawn at image size is stroked with Cairo's
  /// fast antialiasing: a thin outline is all edge, and keeps the full antialiasing.
  static let fastAntialiasingWidth = 8.0

  /// Whether `context` draws one device pixel per image pixel, unturned: an export, its masks and
  /// rows, a thumbnail drawn at full size. The editor's views draw scaled (or turned) and keep the
  /// full antialiasing, so a caption painted from its layer stays the one drawn onto the view.
  private func drawsAtImageSize(_ context: OpaquePointer) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    var scale = (x: 0.0, y: 0.0)
    // A HiDPI window's surface scales once more.
    cairo_surface_get_device_scale(cairo_get_target(context), &scale.x, &scale.y)
    return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && scale == (1, 1)
  }

  /// Fills the glyphs of every run in `color`, one run over the other: the one fill both
  /// `draw(on:masks:)` and `CaptionMasks` make.
  func fillGlyphs(on context: OpaquePointer, color: RGBAColor) {
    cairo_new_path(context)
    cairo_set_tolerance(context, Self.tolerance)
    // Filling the outline paths gives the same letters as Pango's show_layout without rasterising
    // every glyph into Cairo's glyph cache first, which at export sizes (glyphs a thousand pixels
    // tall) costs more time and memory than the fill itself.
    setSource(color, on: context)
    for outline in outlines {
      cairo_append_path(context, outline)
      cairo_fill(context)
    }
  }

  /// The smallest box holding every point of the outline paths, curves' control points included (a
  /// curve lies within the hull of its control points, so the paths lie within this box); empty
  /// (minimum above maximum) when there are no paths.
  var pointBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    var bounds = (
      minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity
    )
    for outline in outlines {
      let count = Int(outline.pointee.num_data)
      guard count > 0, let data = outline.pointee.data else { continue }
      var index = 0
      while index < count {
        let length = Int(data[index].header.length)
        guard length > 0 else { break }
        for point in index + 1..<min(index + length, count) {
          bounds.minX = min(bounds.minX, data[point].point.x)
          bounds.minY = min(bounds.minY, data[point].point.y)
          bounds.maxX = max(bounds.maxX, data[point].point.x)
          bounds.maxY = max(bounds.maxY, data[point].point.y)
        }
        index += length
      }
    }
    return bounds
  }

  /// Curves flattened to within half a pixel look the same and halve the polygon the wide round
  /// stroke turns into (Cairo's default is a tenth of a pixel). The fill flattens them alike.
  static let tolerance = 0.5

  /// The highest row (in image pixels) below which this caption may draw differently from `other`:
  /// above it both draw only their leading lines, which are the same glyphs at the same places;
  /// `nil` when the two draw the same. An edit at the end of a long caption changes its last line
  /// only, and the editor draws only the rows below this again.
  func firstChangedRow(comparedWith other: any LayerDrawing) -> Double? {
    guard let other = other as? CaptionDrawing, band == other.band, outlineWidth == other.outlineWidth,
      style == other.style, angle == other.angle,
      clip == other.clip
    else {
      return -Double.infinity
    }
    let lineCount = max(traced.lineTops.count, other.traced.lineTops.count)
    guard
      let changed = (0..<lineCount).first(where: { !drawsLine($0, like: other) })
    else { return nil }
    // A turned caption's lines do not lie in rows of their own.
    guard angle == 0 else { return -Double.infinity }
    // Every line from there on, in both: stacked marks can reach above the line before.
    let tops = traced.lineTops.dropFirst(changed) + other.traced.lineTops.dropFirst(changed)
    // The outline reaches half its width above the ink.
    return (tops.min() ?? -Double.infinity) - outlineWidth / 2
  }

  /// Whether line `line` holds the same outlines and colour glyphs here as in `other`.
  private func drawsLine(_ line: Int, like other: CaptionDrawing) -> Bool {
    guard traced.lineTops.indices.contains(line), other.traced.lineTops.indices.contains(line),
      traced.lineTops[line] == other.traced.lineTops[line]
    else { return false }
    let outlines = traced.outlines.indices.filter { traced.outlineLines[$0] == line }.map {
      traced.outlines[$0]
    }
    let others = other.traced.outlines.indices.filter { other.traced.outlineLines[$0] == line }.map {
      other.traced.outlines[$0]
    }
    let runs = traced.colorRuns.indices.filter { traced.colorRunLines[$0] == line }.map {
      traced.colorRuns[$0]
    }
    let otherRuns = other.traced.colorRuns.indices.filter { other.traced.colorRunLines[$0] == line }.map {
      other.traced.colorRuns[$0]
    }
    return outlines.elementsEqual(others, by: samePath) && runs.elementsEqual(otherRuns) { $0.paintsLike($1) }
  }

  /// Whether every pixel this caption draws is grey (so it can be drawn on a greyscale JPEG).
  var drawsOnlyGrey: Bool {
    colorRuns.isEmpty && style.textColor.isGrey && style.outlineColor.isGrey
  }

  /// Does ahead what drawing at image size would otherwise do first: renders the colour glyph images
  /// (see `ColorGlyphRun.prerender()`).
  func prerenderColorGlyphs() {
    for run in colorRuns { run.prerender() }
  }

  /// Renders the colour glyphs at image size (the editor draws at screen size and skips this) and
  /// draws the outline and glyphs into masks. Cairo's scaled fonts are thread-safe.
  func prepared(imageWidth: Int, imageHeight: Int) -> CaptionMasks? {
    prerenderColorGlyphs()
    return CaptionMasks(of: self, imageWidth: imageWidth, imageHeight: imageHeight)
  }

  /// The rows of a picture `pictureHeight` rows high that drawing may change: those the outlines'
  /// stroke reaches (the fill lies inside it), with a margin for antialiasing, within the band.
  /// Colour glyphs are images of their own, so a caption with any claims its whole band, as does a
  /// turned one (its stroke's extents would be measured unturned). With `masks`, the rows they
  /// cover, found without stroking again.
  func inkRows(inPictureHeight pictureHeight: Int, masks: CaptionMasks? = nil) -> Range<Int> {
    let band = rows(inPictureHeight: pictureHeight)
    guard colorRuns.isEmpty, angle == 0 else { return band }
    if let masks { return masks.inkRows.clamped(to: band) }
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let context = cairo_create(scratch)!
    for outline in outlines { cairo_append_path(context, outline) }
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
    if outlineWidth > 0 {
      cairo_stroke_extents(context, &left, &top, &right, &bottom)
    } else {
      cairo_fill_extents(context, &left, &top, &right, &bottom)
    }
    cairo_destroy(context)
    cairo_surface_destroy(scratch)
    guard bottom > top, right > left else { return band.lowerBound..<band.lowerBound }
    // Two rows of margin: the extents are computed at Cairo's default tolerance, drawing at 0.5.
    let first = min(max(band.lowerBound, Int(top.rounded(.down)) - 2), band.upperBound)
    return first..<max(first, min(band.upperBound, Int(bottom.rounded(.up)) + 2))
  }
}

/// Whether two Cairo paths hold the same elements and points.
private func samePath(_ a: UnsafeMutablePointer<cairo_path_t>, _ b: UnsafeMutablePointer<cairo_path_t>)
  -> Bool
{
  let count = Int(a.pointee.num_data)
  guard count == Int(b.pointee.num_data) else { return false }
  guard count > 0 else { return true }
  let first = a.pointee.data!
  let second = b.pointee.data!
  var index = 0
  // Element by element: a header leaves half of its slot unwritten, so the bytes cannot be compared.
  while index < count {
    let header = first[index].header
    let length = Int(header.length)
    guard header.type == second[index].header.type, header.length == second[index].header.length, length > 0,
      index + length <= count
    else { return false }
    for point in index + 1..<index + length
    where first[point].point.x != second[point].point.x || first[point].point.y != second[point].point.y {
      return false
    }
    index += length
  }
  return true
}

func setSource(_ color: RGBAColor, on context: OpaquePointer) {
  cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
}
