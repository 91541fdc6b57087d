// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import PictureFixtures
import PixelCompare
import Testing

@_spi(Benchmark) @testable import MemeCore
@testable import MemeEditing

/// The editor paints the caption not being typed into from the layer it was last drawn into (see
/// `CaptionLayer`); the canvas is the one the plain path draws, caption straight onto the view.
@MainActor @Suite struct CaptionLayerTests {
  /// A channel may differ by this much (of 255): painting through a layer rounds once more.
  static let rounding: Int32 = 2
  static let fiveLines =
    "when you finally get the meme renderer to compile and every test passes on the first try and then you look at the benchmark and it says one does not simply draw five lines"

  /// How the view's context is set up before the painter draws on it.
  struct View: CustomTestStringConvertible, Sendable {
    var scaleFactor = 1.0
    var offset = (x: 0.0, y: 0.0)
    var zoomed = false
    var testDescription: String {
      "×\(scaleFactor) offset \(offset.x),\(offset.y)\(zoomed ? " at 400 %" : "")"
    }
  }

  @Test(arguments: [
    View(), View(scaleFactor: 2), View(offset: (3, 7)), View(offset: (0.25, 0.5)), View(zoomed: true),
  ])
  func typingIntoOneCaptionPaintsThePlainPixels(view: View) throws {
    let picture = try Self.picture(width: 2400, height: 1800)
    let layered = PreviewPainter()
    layered.show(picture)
    if view.zoomed { layered.zoom = Self.zoomed(picture) }
    layered.show(MemeCaptions(top: Self.fiveLines, bottom: "and it"))
    _ = try Self.paint(layered, view)
    let topLayer = layered.paintedCaptions.captionLayers[.top]
    // A keystroke in the bottom caption.
    let typed = MemeCaptions(top: Self.fiveLines, bottom: "and it works")
    layered.show(typed)
    let canvas = try Self.paint(layered, view)

    let plain = PreviewPainter()
    plain.usesCaptionLayers = false
    plain.show(picture)
    if view.zoomed { plain.zoom = Self.zoomed(picture) }
    plain.show(typed)
    let expected = try Self.paint(plain, view)

    let difference = Self.difference(canvas, expected, threshold: Self.rounding)
    #expect(difference.differing == 0, "\(difference)")
    if view.offset.x == view.offset.x.rounded() {
      // The top caption was painted from its layer (zoomed in on the bottom one, it is out of
      // view), and the bottom one drawn again.
      if view.zoomed {
        #expect(layered.paintedCaptions.captionLayers[.top] == nil)
      } else {
        #expect(topLayer != nil && layered.paintedCaptions.captionLayers[.top] === topLayer)
      }
      #expect(layered.paintedCaptions.captionLayers[.bottom] != nil)
    } else {
      // Half a pixel off the grid, a layer would be resampled: the captions are drawn directly.
      #expect(layered.paintedCaptions.captionLayers.isEmpty)
    }
  }

  /// Typing on at the end of a caption of several lines draws again only the rows from its last line
  /// down; typing at its start, every row. Either way the canvas is the plain one.
  @Test(arguments: [View(), View(scaleFactor: 2), View(zoomed: true)])
  func typingOnAtTheEndRedrawsTheLastLineOnly(view: View) throws {
    let picture = try Self.picture(width: 2400, height: 1800)
    let layered = PreviewPainter()
    layered.show(picture)
    if view.zoomed { layered.zoom = Self.zoomed(picture) }
    // Five lines at one font size throughout (the editor benchmark's typing session).
    let text =
      "then you add a second caption just as long at the bottom of the picture because one caption of"
      + " five lines is never enough for a meme about benchmarks and the renderer has to trace and fill"
      + " and stroke every single one of those letters at full size before the encoder can even start on"
      + " the picture it was given to save to the disk at last"
    let edits = [
      (MemeCaptions(top: "top", bottom: text), false),
      (MemeCaptions(top: "top", bottom: text + " a"), true),
      (MemeCaptions(top: "top", bottom: text + " and"), true),
      (MemeCaptions(top: "top", bottom: "so " + text + " and"), false),
    ]
    for (captions, keepsRows) in edits {
      layered.show(captions)
      let canvas = try Self.paint(layered, view)
      let plain = PreviewPainter()
      plain.usesCaptionLayers = false
      plain.show(picture)
      if view.zoomed { plain.zoom = Self.zoomed(picture) }
      plain.show(captions)
      let difference = Self.difference(canvas, try Self.paint(plain, view), threshold: Self.rounding)
      #expect(difference.differing == 0, "\(captions.bottom): \(difference)")
      let layer = try #require(layered.paintedCaptions.captionLayers[.bottom])
      #expect(layer.caption.lineCount == 5)
      // Zoomed in, the layer holds the visible lines only, which may all be new.
      if view.zoomed { continue }
      if keepsRows {
        // All lines but the last kept.
        #expect(
          layer.drawnRows.lowerBound > 0 && layer.drawnRows.count < layer.drawnRows.upperBound / 2,
          "\(layer.drawnRows)")
      } else {
        #expect(layer.drawnRows.lowerBound == 0)
      }
    }
  }

  /// Not vacuous: a top caption left as it was before a keystroke in it is caught.
  @Test func aStaleCaptionIsCaught() throws {
    let picture = try Self.picture(width: 2400, height: 1800)
    let before = PreviewPainter()
    before.show(picture)
    before.show(MemeCaptions(top: Self.fiveLines, bottom: "bottom"))
    let after = PreviewPainter()
    after.show(picture)
    after.show(MemeCaptions(top: Self.fiveLines + "s", bottom: "bottom"))
    let difference = Self.difference(
      try Self.paint(before, View()), try Self.paint(after, View()), threshold: 64)
    #expect(difference.differing > 50, "\(difference)")
  }

  static func picture(width: Int, height: Int) throws -> EditorImage {
    let full = TestPictures.gradient(width: width, height: height)
    return EditorImage(url: URL(fileURLWithPath: "/layers.png"), full: full, preview: full)
  }

  static let viewWidth = 960.0
  static let viewHeight = 720.0

  /// 400 %, about the bottom caption.
  static func zoomed(_ picture: EditorImage) -> CanvasZoom {
    var zoom = CanvasZoom()
    let fitted = zoom.effectiveScale(
      pictureWidth: picture.width, pictureHeight: picture.height, viewWidth: viewWidth, viewHeight: viewHeight
    )
    zoom.zoom(
      by: 4 / fitted, aroundX: viewWidth / 2, y: viewHeight * 0.85, pictureWidth: picture.width,
      pictureHeight: picture.height, viewWidth: viewWidth, viewHeight: viewHeight)
    return zoom
  }

  /// The view as `painter` paints it, in device pixels.
  static func paint(_ painter: PreviewPainter, _ view: View) throws -> RasterImage {
    let canvas = try #require(
      RasterImage(
        width: Int(viewWidth * view.scaleFactor), height: Int(viewHeight * view.scaleFactor), hasAlpha: true))
    cairo_surface_set_device_scale(canvas.surface, view.scaleFactor, view.scaleFactor)
    let context = cairo_create(canvas.surface)!
    cairo_translate(context, view.offset.x, view.offset.y)
    painter.paint(
      on: context, width: viewWidth - view.offset.x, height: viewHeight - view.offset.y,
      scaleFactor: view.scaleFactor)
    cairo_destroy(context)
    cairo_surface_flush(canvas.surface)
    return canvas
  }

  static func difference(_ a: RasterImage, _ b: RasterImage, threshold: Int32) -> pixel_difference {
    pixel_compare(
      a.pixels, b.pixels, Int32(a.width), Int32(a.height), Int32(a.stride), 0, 0, Int32(a.width),
      Int32(a.height), threshold, 0)
  }
}
