// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// Caption text (any Unicode, up to 10,000 characters) on a picture of any size within the limits,
/// through `MemeLayout`, then drawn: for real onto a small picture, scaled into a small surface as
/// the editor's preview does for a large one. Every input is laid out as Classic, and again as Band
/// or Poster (which one by the text's length, so that inputs found before keep their meaning).
enum CaptionsTarget {
  static let maximumCharacters = 10_000
  /// Pictures up to this many pixels are rendered at their own size.
  static let renderedPixels = 64 * 64
  static let surfaceSide = 64

  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    var input = FuzzInput(bytes)
    let (width, height) = pictureSize(&input)
    let uppercase = input.flag()
    let text = String(input.restAsText().prefix(maximumCharacters))
    // A NUL byte, if any, splits the text into the top and the bottom caption.
    let parts = text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
    let captions = MemeCaptions(
      top: String(parts[0]), bottom: parts.count > 1 ? String(parts[1]) : "",
      style: CaptionStyle(isUppercase: uppercase))
    var framed = captions
    framed.layout = text.unicodeScalars.count % 2 == 0 ? .band : .poster
    for captions in [captions, framed] {
      if width * height <= renderedPixels {
        guard let picture = RasterImage(width: width, height: height, hasAlpha: false),
          let (_, layout) = MemeRenderer.render(captions, picture: picture)
        else { return }
        try check(layout)
      } else {
        let layout = MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
        try check(layout)
        drawScaled(layout)
      }
    }
  }

  /// A size within the loader's limits, biased towards the extremes: one side tiny, the other huge.
  private static func pictureSize(_ input: inout FuzzInput) -> (width: Int, height: Int) {
    let maximumSide = 32767
    let maximumPixels = 100_000_000
    let shape = input.byte() % 4
    var width = input.integer(in: 1...maximumSide)
    var height = input.integer(in: 1...maximumSide)
    switch shape {
    case 0: width = min(width, 64)
    case 1: height = min(height, 64)
    case 2:
      width = min(width, 64)
      height = min(height, 64)
    default: break
    }
    if width * height > maximumPixels { height = max(1, maximumPixels / width) }
    return (width, height)
  }

  /// What the layout promises: finite geometry, a caption said to fit lies inside its band, and the
  /// picture lies whole inside the output.
  private static func check(_ layout: MemeLayout) throws(FuzzFinding) {
    let frame = layout.frame
    guard frame.pictureX >= 0, frame.pictureY >= 0, frame.pictureX + frame.pictureWidth <= frame.width,
      frame.pictureY + frame.pictureHeight <= frame.height,
      frame.pictureWidth == layout.imageWidth, frame.pictureHeight == layout.imageHeight
    else {
      throw FuzzFinding("\(frame.layout) frame \(frame) does not hold its picture")
    }
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      let ink = caption.inkRect
      let values = [caption.fontSize, ink.x, ink.y, ink.width, ink.height]
      guard values.allSatisfy(\.isFinite) else {
        throw FuzzFinding("\(position) caption on \(layout.imageWidth)×\(layout.imageHeight): \(values)")
      }
      // Pango positions glyphs in 1/1024 pixel units at the reference size, so allow that rounding,
      // scaled to the fitted size, on top of a hundredth of a pixel.
      let tolerance = 0.01 + caption.fontSize / 128 / 1024 * 4
      if caption.fits, !caption.band.contains(ink, tolerance: tolerance) {
        throw FuzzFinding(
          "\(position) caption fits but its ink \(ink) leaves its band \(caption.band) on "
            + "\(layout.imageWidth)×\(layout.imageHeight)")
      }
    }
  }

  private static func drawScaled(_ layout: MemeLayout) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(surfaceSide), Int32(surfaceSide))
    let context = cairo_create(surface)!
    let scale = Double(surfaceSide) / Double(max(layout.outputWidth, layout.outputHeight))
    cairo_scale(context, scale, scale)
    layout.draw(on: context)
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }
}
