// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeCore

/// Paints the editor's preview: the picture aspect-fit and letterboxed, then the export's own
/// caption layout scaled onto it. Plain Cairo, no widgets: the canvas draws with it and the editor
/// benchmark measures it.
///
/// Cost per keystroke is one caption layout plus one unscaled paint: the picture is resampled to its
/// on-screen size only when that size changes, and then from the bounded preview copy, never from
/// the full image.
public final class PreviewPainter {
  public private(set) var picture: EditorImage?
  public private(set) var captions = EditorState.initial.captions
  /// The layout of `captions` at the picture's pixel size, rebuilt when either changes.
  private var cachedLayout: MemeLayout?
  /// `picture.preview` resampled to the on-screen size in device pixels.
  private var fittedPicture: RasterImage?

  public init() {}

  public func show(_ picture: EditorImage?) {
    guard picture !== self.picture else { return }
    self.picture = picture
    fittedPicture = nil
    cachedLayout = nil
  }

  public func show(_ captions: MemeCaptions) {
    guard captions != self.captions else { return }
    self.captions = captions
    cachedLayout = nil
  }

  /// The layout being drawn (nil without a picture).
  public var layout: MemeLayout? {
    guard let picture else { return nil }
    if let cachedLayout { return cachedLayout }
    let layout = MemeLayout(captions: captions, imageWidth: picture.width, imageHeight: picture.height)
    cachedLayout = layout
    return layout
  }

  /// Where the picture lies in a view of `width` × `height` (zero size without a picture).
  public func pictureRect(inWidth width: Double, height: Double) -> ImageRect {
    guard let picture else { return ImageRect(x: 0, y: 0, width: 0, height: 0) }
    return AspectFit.rect(
      imageWidth: picture.width, imageHeight: picture.height, inWidth: width, height: height)
  }

  /// Paints on `context` (a `cairo_t *`) for a view of `width` × `height` logical pixels shown at
  /// `scaleFactor` device pixels per logical pixel.
  public func paint(on context: OpaquePointer, width: Double, height: Double, scaleFactor: Double = 1) {
    guard let picture, let layout else { return }
    let rect = pictureRect(inWidth: width, height: height)
    // A banner or strip can be thinner than a pixel on screen; it is still painted, one pixel thick.
    guard rect.width > 0, rect.height > 0 else { return }
    let deviceWidth = max(1, Int((rect.width * scaleFactor).rounded()))
    let deviceHeight = max(1, Int((rect.height * scaleFactor).rounded()))
    if fittedPicture?.width != deviceWidth || fittedPicture?.height != deviceHeight {
      fittedPicture = picture.preview.scaled(toWidth: deviceWidth, height: deviceHeight)
    }
    if let fittedPicture {
      cairo_save(context)
      cairo_translate(context, rect.x, rect.y)
      cairo_scale(context, 1 / scaleFactor, 1 / scaleFactor)
      cairo_set_source_surface(context, fittedPicture.surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
    }
    // The captions: the export's layout, in image pixels, scaled onto the picture.
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
    cairo_translate(context, rect.x, rect.y)
    cairo_scale(context, rect.width / Double(picture.width), rect.height / Double(picture.height))
    layout.draw(on: context)
    cairo_restore(context)
  }
}
