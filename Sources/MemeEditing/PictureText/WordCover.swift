// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Hidden areas that cover the words of a picture that is already a meme, so the new captions
/// replace the old ones rather than lie over them: one Solid area over each line, a little larger
/// than its words (a classic caption's outline and anti-aliasing reach past the letters Tesseract
/// boxes), in the colour around it. Solid rather than Pixelate or Blur: blocks of white letters
/// would show as pale smudges where the old caption was, a plain patch of the photo's colour under a
/// new caption does not.
public enum WordCover {
  /// How far an area reaches past its line, in the line's heights, on every side.
  public static let padding = 0.3

  /// One area for each of `lines` (in fractions of `picture`, the picture they were read on), at
  /// most `limit` (the meme's room for more hidden areas), each filled with the colour around it.
  public static func areas(
    over lines: [RelativeRect], in picture: RasterImage, limit: Int = HiddenArea.maximumCount
  ) -> [HiddenArea] {
    let (width, height) = (picture.width, picture.height)
    let frames = lines.prefix(max(0, limit)).map { padded($0, pictureWidth: width, pictureHeight: height) }
    let rects = frames.map { $0.pixels(width: width, height: height) }
    return frames.enumerated().map { index, frame in
      HiddenArea(frame: frame, method: .solid(colorAround(rects[index], avoiding: rects, in: picture)))
    }
  }

  /// `line` grown by `padding` of its height on every side (the same pixels across as down), kept
  /// on the picture.
  static func padded(_ line: RelativeRect, pictureWidth: Int, pictureHeight: Int) -> RelativeRect {
    let side = line.height * Double(pictureHeight) * padding
    let (dx, dy) = (side / Double(max(1, pictureWidth)), side / Double(max(1, pictureHeight)))
    let left = max(0, line.x - dx)
    let top = max(0, line.y - dy)
    let right = min(1, line.x + line.width + dx)
    let bottom = min(1, line.y + line.height + dy)
    return RelativeRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }

  /// The median colour of a ring of pixels around `rect` (outside it, and outside every other
  /// line's rectangle in `others`): the photo's colour there, which the middle of a classic
  /// caption's black outline or a stray white letter does not sway as an average would. Black when
  /// no pixel is left around it.
  static func colorAround(_ rect: ImageRect, avoiding others: [ImageRect], in picture: RasterImage)
    -> RGBAColor
  {
    let ring = max(2, Int((rect.height / 6).rounded()))
    let (x0, y0) = (Int(rect.x.rounded(.down)) - ring, Int(rect.y.rounded(.down)) - ring)
    let (x1, y1) = (Int(rect.maxX.rounded(.up)) + ring, Int(rect.maxY.rounded(.up)) + ring)
    // At most about 4,000 samples, whatever the size.
    let perimeter = 2 * ((x1 - x0) + (y1 - y0)) * ring
    let step = max(1, Int(Double(perimeter / 4000).squareRoot().rounded(.up)))
    var reds: [Double] = []
    var greens: [Double] = []
    var blues: [Double] = []
    for y in stride(from: max(0, y0), to: min(picture.height, y1), by: step) {
      for x in stride(from: max(0, x0), to: min(picture.width, x1), by: step) {
        let point = (Double(x) + 0.5, Double(y) + 0.5)
        guard !others.contains(where: { $0.holds(point) }) else { continue }
        let color = picture.color(atX: x, y: y)
        reds.append(color.red)
        greens.append(color.green)
        blues.append(color.blue)
      }
    }
    guard !reds.isEmpty else { return RGBAColor(red: 0, green: 0, blue: 0) }
    return RGBAColor(red: median(reds), green: median(greens), blue: median(blues))
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}

extension ImageRect {
  /// Whether `point` lies inside.
  fileprivate func holds(_ point: (Double, Double)) -> Bool {
    point.0 >= x && point.0 < maxX && point.1 >= y && point.1 < maxY
  }
}
