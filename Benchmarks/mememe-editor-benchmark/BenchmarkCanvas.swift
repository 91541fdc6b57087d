// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore
import MemeEditing

/// The editor's canvas as the benchmarks time it: a 1280×800 image surface, a laptop's editor
/// window, which the preview painter draws the picture and its layers on, as the canvas's draw
/// function does.
@MainActor final class BenchmarkCanvas {
  let width = 1280.0
  let height = 800.0
  let painter = PreviewPainter()
  private let surface: OpaquePointer

  /// A canvas showing `picture`.
  init(showing picture: EditorImage) {
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    painter.show(picture)
  }

  isolated deinit { cairo_surface_destroy(surface) }

  /// One redraw of the whole canvas.
  func paint() {
    let context = cairo_create(surface)!
    painter.paint(on: context, width: width, height: height)
    cairo_destroy(context)
  }
}
