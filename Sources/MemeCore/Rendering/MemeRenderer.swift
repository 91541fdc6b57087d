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

  /// A captioned copy of `image`, leaving the original as it was; `nil` when out of memory.
  public static func rendered(_ captions: MemeCaptions, image: RasterImage) -> RasterImage? {
    guard let copy = image.copy() else { return nil }
    render(captions, onto: copy)
    return copy
  }
}

/// Captions laid out and turned into paths for an image of a known size, before its pixels exist:
/// an export prepares them while the picture is still decoding.
struct PreparedCaptions {
  let layout: MemeLayout
  /// One path per non-empty caption, or `nil` when a caption needs Pango to draw (colour emoji).
  private let paths: [CaptionPath]?

  init(_ captions: MemeCaptions, imageWidth: Int, imageHeight: Int) {
    layout = MemeLayout(captions: captions, imageWidth: imageWidth, imageHeight: imageHeight)
    let captionsToDraw = CaptionPosition.allCases.map(layout.caption(at:)).filter { !$0.text.isEmpty }
    let paths = captionsToDraw.compactMap { $0.outlinePath(style: captions.style) }
    self.paths = paths.count == captionsToDraw.count ? paths : nil
  }

  /// Whether these captions were prepared for `image`'s size.
  func fits(_ image: RasterImage) -> Bool {
    layout.imageWidth == image.width && layout.imageHeight == image.height
  }

  /// Draws the captions onto `image`, which must have the size they were prepared for.
  func draw(onto image: RasterImage) {
    precondition(fits(image), "captions prepared for another image size")
    if let paths {
      // Filling a caption at export size touches millions of pixels; the bands never overlap, so
      // each is drawn on its own core (unless the picture is so low that they share a row).
      cairo_surface_flush(image.surface)
      if paths.shareRows(in: image) {
        for path in paths { path.draw(onRowsOf: image) }
      } else {
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
          paths[index].draw(onRowsOf: image)
        }
      }
      image.markDirty()
    } else {
      let context = cairo_create(image.surface)!
      layout.draw(on: context)
      cairo_destroy(context)
      cairo_surface_flush(image.surface)
    }
  }
}
