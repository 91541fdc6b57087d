// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

extension CaptionDrawing {
  /// Turns `context` by `angle` about the band's centre; an unturned caption leaves the context
  /// exactly as it was, so the classic captions draw the pixels they always did.
  func turn(_ context: OpaquePointer) {
    guard angle != 0 else { return }
    let (centreX, centreY) = (band.x + band.width / 2, band.y + band.height / 2)
    cairo_translate(context, centreX, centreY)
    cairo_rotate(context, angle)
    cairo_translate(context, -centreX, -centreY)
  }

  /// The smallest upright rectangle holding the turned band: everything this caption may draw.
  var bounds: ImageRect { band.turnedBounds(radians: angle) }
}
