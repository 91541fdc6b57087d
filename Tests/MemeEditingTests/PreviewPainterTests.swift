// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore
import Testing

@testable import MemeEditing

/// The preview painter on a plain Cairo surface: no display needed.
@Suite struct PreviewPainterTests {
  /// A 20000×20 banner is less than a pixel high in a 960-pixel-wide view: it is painted one device
  /// pixel high rather than left out.
  @Test func aBannerThinnerThanAPixelOnScreenIsPainted() throws {
    let full = try #require(RasterImage(width: 20000, height: 20, hasAlpha: false))
    let context = cairo_create(full.surface)!
    cairo_set_source_rgb(context, 1, 0, 0)
    cairo_paint(context)
    cairo_destroy(context)
    let preview = try #require(full.scaled(toWidth: 2560, height: 3))
    let painter = PreviewPainter()
    painter.show(EditorImage(url: URL(fileURLWithPath: "/banner.png"), full: full, preview: preview))
    let view = try #require(RasterImage(width: 960, height: 600, hasAlpha: true))
    let viewContext = cairo_create(view.surface)!
    painter.paint(on: viewContext, width: 960, height: 600)
    cairo_destroy(viewContext)
    let rect = painter.pictureRect(inWidth: 960, height: 600)
    #expect(rect.height < 1)
    let middle = view.color(atX: 480, y: Int(rect.y))
    #expect(middle.alpha > 0.5 && middle.red > 0.5, "\(middle)")
  }
}
