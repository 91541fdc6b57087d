// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch
import Synchronization

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
  /// The outlines stroked ahead, one per drawing (`nil` where the outline is stroked when drawn).
  let outlines: [OutlineMask?]

  /// Lays the captions out and strokes their outlines (see `OutlineMask`), each caption on its own
  /// core, or with `besideDecoding` one after the other on this thread: an export prepares them on
  /// this core while the other decodes the picture, and the work here is shorter than the decoding
  /// it hides behind. Every export strokes this way, so the command line, the share targets and
  /// thumbnails write the same pixels.
  init(_ captions: MemeCaptions, imageWidth: Int, imageHeight: Int, besideDecoding: Bool = false) {
    layout = MemeLayout(captions: captions, imageWidth: imageWidth, imageHeight: imageHeight)
    let drawings = layout.drawings
    // Colour glyphs at image size are rendered now too, rather than when drawing (the editor
    // draws at screen size and skips this). Cairo's scaled fonts are thread-safe.
    let prepare = { @Sendable (drawing: CaptionDrawing) -> OutlineMask? in
      drawing.prerenderColorGlyphs()
      return OutlineMask(of: drawing, imageWidth: imageWidth, imageHeight: imageHeight)
    }
    if besideDecoding {
      outlines = drawings.map(prepare)
    } else {
      let prepared = Mutex<[Int: OutlineMask]>([:])
      DispatchQueue.concurrentPerform(iterations: drawings.count) { index in
        let mask = prepare(drawings[index])
        prepared.withLock { $0[index] = mask }
      }
      let masks = prepared.withLock { $0 }
      outlines = drawings.indices.map { masks[$0] }
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
    let outlines = outlines
    // Filling a caption at export size touches millions of pixels; the bands never overlap, so
    // each is drawn on its own core (unless the picture is so low that they share a row).
    cairo_surface_flush(image.surface)
    if drawings.shareRows(in: image) {
      for (drawing, outline) in zip(drawings, outlines) { drawing.draw(onRowsOf: image, outline: outline) }
    } else {
      DispatchQueue.concurrentPerform(iterations: drawings.count) { index in
        drawings[index].draw(onRowsOf: image, outline: outlines[index])
      }
    }
    image.markDirty()
  }
}
