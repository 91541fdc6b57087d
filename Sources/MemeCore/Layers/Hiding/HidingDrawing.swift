// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeEffects
import CMemeGraphics

/// A hidden area, ready to hide the pixels beneath it in the output. Unlike the other drawings it
/// draws nothing of its own: it changes what is already there, so it is drawn first (see
/// `MemeLayout.drawings`) on the picture's own pixels, by every export and the JPEG block path
/// through Cairo (`draw(on:)` works on the image surface the context draws into), and by the
/// editor on the picture it shows (`hide(_:placement:)`), whose captions are drawn on layers of
/// their own.
final class HidingDrawing: LayerDrawing, @unchecked Sendable {
  // Immutable after creation.
  /// The area in output pixels, in whole pixels within the picture.
  let place: ImageRect
  let method: HidingMethod
  /// The side of the square blocks, in output pixels.
  let blockSide: Double

  init(place: ImageRect, method: HidingMethod, blockSide: Double) {
    self.place = place
    self.method = method
    self.blockSide = blockSide
  }

  /// Hides the area in the image surface `context` draws into, through the context's translation
  /// and scale (a strip of rows is drawn with its first row moved to the top). A context that draws
  /// into anything else (a recording, the screen) is left as it is.
  func draw(on context: OpaquePointer, masks: CaptionMasks?) {
    var target = meme_target_pixels()
    guard meme_context_target_pixels(context, &target) != 0 else { return }
    hide(
      PixelBuffer(
        pixels: target.pixels, stride: Int(target.stride), width: Int(target.width),
        height: Int(target.height)),
      placement: OutputPlacement(
        originX: target.x0, originY: target.y0, scaleX: target.scale_x, scaleY: target.scale_y))
    meme_context_target_changed(context)
  }

  /// Hides the area in `buffer`, where output pixel (x, y) lies at `placement`.
  func hide(_ buffer: PixelBuffer, placement: OutputPlacement) {
    let x0 = placement.originX + place.x * placement.scaleX
    let y0 = placement.originY + place.y * placement.scaleY
    let rect = meme_pixel_rect(
      x0: Int32(clamping: max(0, Int(x0.rounded()))), y0: Int32(clamping: max(0, Int(y0.rounded()))),
      x1: Int32(clamping: min(buffer.width, Int((x0 + place.width * placement.scaleX).rounded()))),
      y1: Int32(clamping: min(buffer.height, Int((y0 + place.height * placement.scaleY).rounded()))))
    guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { return }
    let grid = meme_block_grid(
      origin_x: x0, origin_y: y0, block_width: blockSide * placement.scaleX,
      block_height: blockSide * placement.scaleY)
    switch method {
    case .pixelate: meme_pixelate(buffer.pixels, buffer.stride, rect, grid)
    case .blur: _ = meme_blur_hidden(buffer.pixels, buffer.stride, rect, grid)
    case .solid(let color): meme_fill_rect(buffer.pixels, buffer.stride, rect, color.opaquePremultipliedWord)
    }
  }

  var bounds: ImageRect { place }

  func prepared(imageWidth: Int, imageHeight: Int) -> CaptionMasks? { nil }

  func inkRows(inPictureHeight pictureHeight: Int, masks: CaptionMasks?) -> Range<Int> {
    rows(inPictureHeight: pictureHeight)
  }

  /// Pixelate and Blur mix only the picture's own colours; Solid draws its colour.
  var drawsOnlyGrey: Bool {
    switch method {
    case .pixelate, .blur: true
    case .solid(let color): color.red == color.green && color.green == color.blue
    }
  }

  func firstChangedRow(comparedWith other: any LayerDrawing) -> Double? {
    guard let other = other as? HidingDrawing else { return -Double.infinity }
    return other.place == place && other.method == method && other.blockSide == blockSide
      ? nil : -Double.infinity
  }
}

/// Pixels of Cairo's ARGB32 format, `width` × `height`, `stride` bytes a row.
struct PixelBuffer {
  let pixels: UnsafeMutablePointer<UInt8>
  let stride: Int
  let width: Int
  let height: Int
}

extension RasterImage {
  /// An opaque image over `buffer`'s own pixels (drawing on it draws on them), valid while they
  /// are; nil when Cairo refuses the size.
  convenience init?(over buffer: PixelBuffer) {
    guard
      let surface = cairo_image_surface_create_for_data(
        buffer.pixels, CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    else { return nil }
    self.init(adopting: surface, hasAlpha: false)
  }
}

/// Where an output's pixels lie in a buffer: output pixel (x, y) at
/// (`originX` + x · `scaleX`, `originY` + y · `scaleY`).
struct OutputPlacement {
  var originX: Double
  var originY: Double
  var scaleX: Double
  var scaleY: Double

  static let identity = OutputPlacement(originX: 0, originY: 0, scaleX: 1, scaleY: 1)
}

extension RGBAColor {
  /// The colour, opaque, as one ARGB32 word.
  var opaquePremultipliedWord: UInt32 {
    func channel(_ value: Double) -> UInt32 {
      UInt32((min(1, max(0, value.isNaN ? 0 : value)) * 255).rounded())
    }
    return 0xFF00_0000 | channel(red) << 16 | channel(green) << 8 | channel(blue)
  }
}
