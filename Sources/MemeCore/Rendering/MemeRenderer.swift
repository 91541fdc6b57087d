// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch

/// Draws captions onto images: the single rendering path behind export, thumbnails and the
/// command line. The editor canvas draws the same `MemeLayout`, scaled.
public enum MemeRenderer {
  /// Draws `captions` onto `image` in place, at the image's own pixel size.
  @discardableResult
  public static func render(_ captions: MemeCaptions, onto image: RasterImage) -> MemeLayout {
    let layout = MemeLayout(captions: captions, imageWidth: image.width, imageHeight: image.height)
    let captionsToDraw = CaptionPosition.allCases.map(layout.caption(at:)).filter { !$0.text.isEmpty }
    let paths = captionsToDraw.compactMap { $0.outlinePath(style: captions.style) }
    if paths.count == captionsToDraw.count {
      // Filling a caption at export size touches millions of pixels; the bands never overlap, so
      // each is drawn on its own core.
      cairo_surface_flush(image.surface)
      DispatchQueue.concurrentPerform(iterations: paths.count) { index in
        paths[index].draw(onRowsOf: image)
      }
      image.markDirty()
    } else {
      let context = cairo_create(image.surface)!
      layout.draw(on: context)
      cairo_destroy(context)
      cairo_surface_flush(image.surface)
    }
    return layout
  }

  /// A captioned copy of `image`, leaving the original as it was; `nil` when out of memory.
  public static func rendered(_ captions: MemeCaptions, image: RasterImage) -> RasterImage? {
    guard let copy = image.copy() else { return nil }
    render(captions, onto: copy)
    return copy
  }
}
