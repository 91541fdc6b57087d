// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Caret, selection and hit testing on the caption as drawn, in image pixels: the editor draws its
/// caret and selection from these and maps clicks with them, so both lie on the glyphs the engine
/// drew, whatever the size, script or direction. Indexes are UTF-8 byte indexes into `text` (see
/// `CaptionText.drawnIndex(ofOffset:in:uppercase:locale:)` for entry positions).
extension CaptionLayout {
  /// The caret before the character at `index`: a zero-width rectangle as tall as the letters of its
  /// line, outline included (a line's logical height reaches well below capitals). In mixed
  /// left-to-right and right-to-left text it is Pango's strong cursor, the one for text typed in the
  /// paragraph's direction. An empty caption's caret stands at the middle of its band's outer edge,
  /// as tall as the largest caption that band takes.
  public func caretRect(atIndex index: Int) -> ImageRect {
    guard let layout else {
      let height = min(band.height, band.width * CaptionGeometry.maximumFontSizeToWidth)
      let y = position == .top ? band.y : band.maxY - height
      return ImageRect(x: band.x + band.width / 2, y: y, width: 0, height: height)
    }
    var strong = PangoRectangle()
    pango_layout_get_cursor_pos(layout, Int32(clamped(index)), &strong, nil)
    var line: Int32 = 0
    var x: Int32 = 0
    pango_layout_index_to_line_x(layout, Int32(clamped(index)), 0, &line, &x)
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    for _ in 0..<line where pango_layout_iter_next_line(iterator) == 0 { break }
    let span = letterSpan(of: iterator)
    strong.y = span.y
    strong.height = span.height
    return imageRect(of: strong)
  }

  /// The vertical extent (Pango units) of the iterator's line as drawn: its ink grown by half the
  /// outline, or the whole line when it has no ink (spaces only).
  private func letterSpan(of iterator: OpaquePointer) -> (y: Int32, height: Int32) {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_iter_get_line_extents(iterator, &ink, &logical)
    guard ink.height > 0 else { return (logical.y, logical.height) }
    let outline = Int32(outlineWidth / 2 / scale * Double(PANGO_SCALE))
    return (ink.y - outline, ink.height + 2 * outline)
  }

  /// The rectangles that cover the characters from `start` to `end`, one per line (more in mixed
  /// directions), as tall as their lines.
  public func selectionRects(from start: Int, to end: Int) -> [ImageRect] {
    guard let layout else { return [] }
    let (low, high) = (clamped(min(start, end)), clamped(max(start, end)))
    guard low < high else { return [] }
    var rects: [ImageRect] = []
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    repeat {
      guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
      let lineStart = Int(line.pointee.start_index)
      let lineEnd = lineStart + Int(line.pointee.length)
      let from = max(low, lineStart)
      let to = min(high, lineEnd)
      guard from < to else { continue }
      let span = letterSpan(of: iterator)
      var ranges: UnsafeMutablePointer<Int32>?
      var count: Int32 = 0
      pango_layout_line_get_x_ranges(line, Int32(from), Int32(to), &ranges, &count)
      defer { g_free(ranges) }
      guard let ranges else { continue }
      for pair in 0..<Int(count) {
        let left = ranges[2 * pair]
        let right = ranges[2 * pair + 1]
        guard right > left else { continue }
        rects.append(
          imageRect(
            of: PangoRectangle(x: left, y: span.y, width: right - left, height: span.height)))
      }
    } while pango_layout_iter_next_line(iterator) != 0
    return rects
  }

  /// The index a click at `point` (image pixels) puts the caret at: before or after the character
  /// clicked, whichever edge is nearer; on the nearest line when the click is above or below the text.
  public func index(at point: (x: Double, y: Double)) -> Int {
    guard let layout else { return 0 }
    let pangoUnits = Double(PANGO_SCALE)
    let x = (point.x - origin.x) / scale * pangoUnits
    let y = (point.y - origin.y) / scale * pangoUnits
    var index: Int32 = 0
    var trailing: Int32 = 0
    _ = pango_layout_xy_to_index(
      layout, Int32(clamping: Int(x.rounded())), Int32(clamping: Int(y.rounded())), &index, &trailing)
    // `trailing` counts the characters of the grapheme clicked past its leading edge.
    let bytes = Array(text.utf8)
    var result = Int(index)
    var steps = Int(trailing)
    while steps > 0, result < bytes.count {
      result += 1
      while result < bytes.count, bytes[result] & 0xC0 == 0x80 { result += 1 }
      steps -= 1
    }
    return result
  }

  private func clamped(_ index: Int) -> Int { min(max(0, index), text.utf8.count) }

  /// A rectangle in layout (Pango) units at the reference size, in image pixels.
  private func imageRect(of rect: PangoRectangle) -> ImageRect {
    let toPixels = scale / Double(PANGO_SCALE)
    return ImageRect(
      x: origin.x + Double(rect.x) * toPixels, y: origin.y + Double(rect.y) * toPixels,
      width: Double(rect.width) * toPixels, height: Double(rect.height) * toPixels)
  }
}
