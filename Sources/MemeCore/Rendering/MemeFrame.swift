// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Where the picture lies in a meme's output and what surrounds it: nothing for Classic (the output
/// is the picture), the band above it (and the one under it, for a bottom text) for Band, the border and the black frame for Poster.
///
/// The picture is never scaled: it lies at whole pixels, so every picture pixel of the output is the
/// source's pixel (see `compose(_:)`).
public struct MemeFrame: Sendable, Hashable {
  public let layout: MemeLayoutKind
  /// The output's size in pixels.
  public let width: Int
  public let height: Int
  /// The picture's top-left corner in the output.
  public let pictureX: Int
  public let pictureY: Int
  public let pictureWidth: Int
  public let pictureHeight: Int
  /// The width of the line around the picture (Poster), in pixels; 0 for the others.
  public let border: Int
  /// The colour of the output outside the picture (and its border).
  public let background: RGBAColor
  /// The colour of the line around the picture.
  public let borderColor: RGBAColor

  /// The output of a Classic meme: the picture alone.
  public static func classic(width: Int, height: Int) -> MemeFrame {
    MemeFrame(
      layout: .classic, width: width, height: height, pictureX: 0, pictureY: 0, pictureWidth: width,
      pictureHeight: height, border: 0, background: .transparent, borderColor: .transparent)
  }

  /// The picture's place in the output.
  public var pictureRect: ImageRect {
    ImageRect(
      x: Double(pictureX), y: Double(pictureY), width: Double(pictureWidth), height: Double(pictureHeight))
  }

  /// Whether the output is the picture itself, with nothing around it.
  public var isPictureOnly: Bool { width == pictureWidth && height == pictureHeight }

  /// Paints everything but the picture on `context` (a `cairo_t *` in output pixels): the
  /// background, then the border around where the picture goes. The picture is painted over it.
  public func paintSurroundings(on context: OpaquePointer) {
    guard !isPictureOnly else { return }
    cairo_save(context)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    setSource(background, on: context)
    cairo_rectangle(context, 0, 0, Double(width), Double(height))
    cairo_fill(context)
    if border > 0 {
      setSource(borderColor, on: context)
      let line = Double(border)
      cairo_rectangle(
        context, Double(pictureX) - line, Double(pictureY) - line, Double(pictureWidth) + 2 * line,
        Double(pictureHeight) + 2 * line)
      cairo_fill(context)
    }
    cairo_restore(context)
  }

  /// The output with `picture` (of this frame's picture size) copied unchanged into its place, the
  /// rest painted (see `paintSurroundings(on:)`); the picture itself when it is the whole output;
  /// `nil` when out of memory. The texts are drawn on it afterwards.
  public func compose(_ picture: RasterImage) -> RasterImage? {
    precondition(
      picture.width == pictureWidth && picture.height == pictureHeight, "a picture of another size")
    guard !isPictureOnly else { return picture }
    // Megabytes drawn into once: memory advised for huge pages (see `bigImageSurface`).
    guard let surface = bigImageSurface(CAIRO_FORMAT_ARGB32, width: width, height: height) else { return nil }
    let output = RasterImage(adopting: surface, hasAlpha: picture.hasAlpha || background.alpha < 1)
    let context = cairo_create(surface)!
    paintSurroundings(on: context)
    // SOURCE at a whole-pixel offset copies the picture's pixels as they are, transparency included.
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(context, picture.surface, Double(pictureX), Double(pictureY))
    cairo_rectangle(context, Double(pictureX), Double(pictureY), Double(pictureWidth), Double(pictureHeight))
    cairo_fill(context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    output.damage = picture.damage
    return output
  }
}
