// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch

/// Draws captions onto images: the single rendering path behind export, thumbnails and the
/// command line. The editor canvas draws the same `MemeLayout`, scaled.
public enum MemeRenderer {
  /// Draws `captions` onto `image` in place, at the image's own pixel size.
  @discardableResult
  public static func render(_ captions: MemeCaptions, onto image: RasterImage) -> MemeLayout {
    let prepared = PreparedCaptions(captions, imageWidth: image.width, imageHeight: image.height)
    prepared.draw(onto: image)
    return prepared.layout
  }

  /// A captioned copy of `image`, cut and turned by `transform`, leaving the original as it was;
  /// `nil` when out of memory. The captions are laid out on the transformed picture.
  public static func rendered(
    _ captions: MemeCaptions, image: RasterImage, transform: PictureTransform = .identity
  ) -> RasterImage? {
    guard let copy = transform.isIdentity ? image.copy() : transform.render(image) else { return nil }
    render(captions, onto: copy)
    return copy
  }
}

/// Captions laid out and traced for an image of a known size, before its pixels exist: an export
/// prepares them while the picture is still decoding.
struct PreparedCaptions {
  let layout: MemeLayout

  init(_ captions: MemeCaptions, imageWidth: Int, imageHeight: Int) {
    layout = MemeLayout(captions: captions, imageWidth: imageWidth, imageHeight: imageHeight)
    // Colour glyphs at image size are rendered now, while an export's picture is still decoding,
    // rather than on the critical path after it (the editor draws at screen size and skips this).
    // Both captions at once, as drawing them would: Cairo's scaled fonts are thread-safe.
    let drawings = layout.drawings
    DispatchQueue.concurrentPerform(iterations: drawings.count) { index in
      drawings[index].prerenderColorGlyphs()
    }
  }

  /// Whether these captions were prepared for `image`'s size.
  func fits(_ image: RasterImage) -> Bool {
    layout.imageWidth == image.width && layout.imageHeight == image.height
  }

  /// Draws the captions onto `image`, which must have the size they were prepared for.
  func draw(onto image: RasterImage) {
    precondition(fits(image), "captions prepared for another image size")
    let drawings = layout.drawings
    // Filling a caption at export size touches millions of pixels; the bands never overlap, so
    // each is drawn on its own core (unless the picture is so low that they share a row).
    cairo_surface_flush(image.surface)
    if drawings.shareRows(in: image) {
      for drawing in drawings { drawing.draw(onRowsOf: image) }
    } else {
      DispatchQueue.concurrentPerform(iterations: drawings.count) { index in
        drawings[index].draw(onRowsOf: image)
      }
    }
    image.markDirty()
  }
}
