// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

extension PreviewPainter {
  /// Paints the meme as `paint` does, for a meme whose deep-fry fries the captions too: the
  /// picture and the captions are painted together into pixels of the view's own, which deep-fry
  /// changes as export changes the output (`MemeLayout.drawOverCaptions`), and then shown. The
  /// caption fields' selection (`beneathCaptions`) is drawn over them, unfried.
  func paintFried(
    on context: OpaquePointer, width: Double, height: Double, scaleFactor: Double,
    beneathCaptions: (OpaquePointer) -> Void
  ) {
    guard let layout,
      let view = RasterImage(
        width: max(1, Int((width * scaleFactor).rounded())),
        height: max(1, Int((height * scaleFactor).rounded())),
        hasAlpha: true)
    else { return }
    let viewContext = meme_scaled_context(view.surface, scaleFactor)!
    isPaintingToFry = true
    let usedLayers = usesCaptionLayers
    usesCaptionLayers = false
    paint(on: viewContext, width: width, height: height, scaleFactor: scaleFactor)
    usesCaptionLayers = usedLayers
    isPaintingToFry = false
    cairo_destroy(viewContext)
    layout.drawOverCaptions(onView: view)
    meme_paint_surface_shrunk(context, view.surface, 0, 0, scaleFactor)
    beneathCaptions(context)
  }
}
