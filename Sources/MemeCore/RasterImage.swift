// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A decoded picture held in the pixel layout Cairo draws on: premultiplied ARGB32 in native byte
/// order (B, G, R, A bytes on little-endian machines), with its own row stride.
///
/// The image owns its Cairo surface. It is a class because the pixels are large and shared by
/// reference; it is `@unchecked Sendable` because it is handed from a decoding thread to the UI and
/// is never drawn on by two threads at once (callers copy before mutating shared images).
public final class RasterImage: @unchecked Sendable {
  /// A `cairo_surface_t *` of format ARGB32.
  public let surface: OpaquePointer
  public let width: Int
  public let height: Int
  /// Whether any pixel may be less than fully opaque (PNG keeps it; JPEG flattens on white). Set by
  /// the decoder before the image is handed out, never changed afterwards.
  public internal(set) var hasAlpha: Bool
  /// What the decoder reported when the file decoded with errors (a damaged JPEG still gives a
  /// picture, but parts of it may be grey or smeared); nil for a clean decode. Set by the decoder
  /// before the image is handed out, never changed afterwards.
  public internal(set) var damage: String?
  /// The picture's upright size in its file when it was opened smaller to keep within the pixel
  /// limit (see `ImageLimits.fitted`); nil when it opened at its own size. Set by the decoder.
  public internal(set) var sizeInFile: (width: Int, height: Int)?

  /// The sizes in the file and opened, when the picture opened smaller than its file.
  public var openedSmaller: OpenedSmaller? {
    sizeInFile.map { OpenedSmaller(fileWidth: $0.width, fileHeight: $0.height, width: width, height: height) }
  }

  /// Takes ownership of `surface` (one reference), which must be an ARGB32 image surface.
  public init(adopting surface: OpaquePointer, hasAlpha: Bool) {
    self.surface = surface
    self.width = Int(cairo_image_surface_get_width(surface))
    self.height = Int(cairo_image_surface_get_height(surface))
    self.hasAlpha = hasAlpha
  }

  /// A new blank (fully transparent) image, or `nil` when Cairo cannot allocate it.
  public convenience init?(width: Int, height: Int, hasAlpha: Bool) {
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    self.init(adopting: surface, hasAlpha: hasAlpha)
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// The first byte of the first row. Call `markDirty()` after writing through it.
  public var pixels: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface)! }

  /// Tells Cairo that pixels were changed behind its back.
  public func markDirty() { cairo_surface_mark_dirty(surface) }

  /// Finishes what Cairo is drawing, before `pixels` are read.
  public func flush() { cairo_surface_flush(surface) }

  /// The straight (unpremultiplied) colour at a pixel, for tests and colour pickers.
  public func color(atX x: Int, y: Int) -> RGBAColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
    cairo_surface_flush(surface)
    let word = UnsafeRawPointer(pixels + y * stride + x * 4).load(as: UInt32.self)
    let alpha = Double(word >> 24 & 0xFF)
    guard alpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
    return RGBAColor(
      red: Double(word >> 16 & 0xFF) / alpha, green: Double(word >> 8 & 0xFF) / alpha,
      blue: Double(word & 0xFF) / alpha, alpha: alpha / 255)
  }

  /// A deep copy, so that drawing on it leaves this image untouched.
  public func copy() -> RasterImage? {
    guard let copy = RasterImage(width: width, height: height, hasAlpha: hasAlpha) else { return nil }
    copy.draw(self, atX: 0, y: 0, replacing: true)
    return copy
  }

  /// Every pixel `color` (its alpha too, where this image has one).
  public func fill(with color: RGBAColor) {
    let context = cairo_create(surface)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_destroy(context)
  }

  /// `image` drawn with its top-left corner at (`x`, `y`), pixel for pixel: over these pixels
  /// (blended by its alpha), or `replacing` them, alpha included. Pixels outside it stay as they are.
  public func draw(_ image: RasterImage, atX x: Int, y: Int, replacing: Bool = false) {
    let context = cairo_create(surface)
    cairo_set_source_surface(context, image.surface, Double(x), Double(y))
    cairo_set_operator(context, replacing ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
    cairo_rectangle(context, Double(x), Double(y), Double(image.width), Double(image.height))
    cairo_fill(context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
  }

  /// This image resampled to `width` × `height` with a good filter, or `nil` when out of memory.
  public func scaled(toWidth newWidth: Int, height newHeight: Int) -> RasterImage? {
    guard let scaled = RasterImage(width: newWidth, height: newHeight, hasAlpha: hasAlpha) else {
      return nil
    }
    let context = cairo_create(scaled.surface)
    cairo_scale(context, Double(newWidth) / Double(width), Double(newHeight) / Double(height))
    cairo_set_source_surface(context, surface, 0, 0)
    // PAD keeps the edges from fading into transparency when sampling past the border.
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_destroy(context)
    return scaled
  }
}
