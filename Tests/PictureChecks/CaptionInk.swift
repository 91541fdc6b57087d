// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import PixelCompare

// The caption layout's Pango layout, origin and scale are the engine's own: the check measures
// where the engine laid each line out and looks for its ink in the picture.
@testable import MemeCore

/// The line-by-line ink check of captions: where each line of a caption was laid out, and whether
/// a picture has ink there, line by line, from its first to its last column. Used by the still
/// caption tests, the animation round trips and the editor's animated exports.
public enum CaptionInk {
  /// The ink rectangle, in image pixels, and the text of each non-empty line of `caption`.
  public static func lines(of caption: CaptionLayout) -> [(
    ink: ImageRect, logical: ImageRect, text: Substring
  )] {
    guard let layout = caption.layout else { return [] }
    let utf8 = Array(caption.text.utf8)
    var lines: [(ink: ImageRect, logical: ImageRect, text: Substring)] = []
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    repeat {
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, &ink, &logical)
      guard ink.width > 0, ink.height > 0, let line = pango_layout_iter_get_line_readonly(iterator) else {
        continue
      }
      let start = Int(line.pointee.start_index)
      let bytes = utf8[start..<min(utf8.count, start + Int(line.pointee.length))]
      let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      lines.append((imageRect(ink, of: caption), imageRect(logical, of: caption), Substring(text)))
    } while pango_layout_iter_next_line(iterator) != 0
    return lines
  }

  /// A rectangle of `caption`'s Pango layout, in image pixels.
  public static func imageRect(_ rectangle: PangoRectangle, of caption: CaptionLayout) -> ImageRect {
    ImageRect(
      x: caption.origin.x + pangoPixels(rectangle.x) * caption.scale,
      y: caption.origin.y + pangoPixels(rectangle.y) * caption.scale,
      width: pangoPixels(rectangle.width) * caption.scale,
      height: pangoPixels(rectangle.height) * caption.scale)
  }

  /// The first and last columns where `image` differs from `background` in `rows`, within `band`.
  public static func drawnSpan(
    in image: RasterImage, over background: RasterImage, rows: Range<Double>, band: ImageRect
  ) -> (first: Double, last: Double)? {
    let top = max(Int(band.y), Int(rows.lowerBound.rounded()))
    let bottom = min(Int(band.maxY), Int(rows.upperBound.rounded()))
    var first: Int32 = -1
    var last: Int32 = -1
    pixel_changed_span(
      image.pixels, background.pixels, Int32(image.stride), Int32(max(0, Int(band.x))), Int32(top),
      Int32(min(image.width, Int(band.maxX.rounded(.up)))), Int32(max(top + 1, bottom)), 24, &first, &last)
    guard first >= 0 else { return nil }
    // Column `last` is drawn, so the ink reaches its right edge.
    return (Double(first), Double(last + 1))
  }

  /// What is wrong with the captions of `layout` drawn on `image` over `background` (empty when
  /// every non-empty line of every fitting caption is drawn whole, from its first ink column to its
  /// last, within the outline's reach): one sentence a fault, naming `context` (e.g. the frame).
  /// With `linesPerCaption`, a caption laid out in another number of lines is a fault too.
  public static func faults(
    of layout: MemeLayout, on image: RasterImage, over background: RasterImage, linesPerCaption: Int? = nil,
    context: String
  ) -> [String] {
    var faults: [String] = []
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      guard caption.fits else { continue }
      let lines = lines(of: caption)
      if let linesPerCaption, lines.count != linesPerCaption {
        faults.append("\(context), \(position): \(lines.count) lines laid out")
      }
      let reach = caption.outlineWidth / 2 + 1
      for (index, line) in lines.enumerated() {
        let top = max(line.ink.y - reach, index > 0 ? lines[index - 1].ink.maxY + reach : -.infinity)
        let bottom = min(
          line.ink.maxY + reach, index + 1 < lines.count ? lines[index + 1].ink.y - reach : .infinity)
        let drawn = drawnSpan(in: image, over: background, rows: top..<bottom, band: caption.band)
        let place = "\(context), \(position) line \(index + 1)"
        guard let drawn else {
          faults.append("\(place): nothing drawn")
          continue
        }
        let tolerance = caption.outlineWidth / 2 + 2.5
        if abs(drawn.first - line.ink.x) > tolerance {
          faults.append("\(place): starts at \(drawn.first), not \(line.ink.x)")
        }
        if abs(drawn.last - line.ink.maxX) > tolerance {
          faults.append("\(place): ends at \(drawn.last), not \(line.ink.maxX)")
        }
      }
    }
    return faults
  }
}
