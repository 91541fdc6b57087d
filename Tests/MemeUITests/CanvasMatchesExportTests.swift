// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import PixelCompare
import Testing

@testable import MemeCore
@testable import MemeUI

/// What the canvas shows is what is shared: the canvas, as GTK draws it, equals the exported meme
/// scaled to the canvas's picture rectangle.
@MainActor @Suite(.serialized) struct CanvasMatchesExportTests {
  nonisolated static let threeLines =
    "when you finally get the meme renderer to compile on the first try and every single test passes before lunch so you write a long caption about it that wraps"

  @Test(arguments: [threeLines, "when the build passes 😂🎉 and everyone cheers 👍🏽 🇩🇪 👩‍👩‍👧‍👦 at last"])
  func theCanvasShowsTheExportScaled(top: String) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1600, height: 1000, name: "canvas-export.png"), into: editor)
    EditorHarness.type(top: top, bottom: "and it works", into: editor)
    // The entries show the rendered caption until one is focused; nothing is focused here.
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    EditorHarness.settle(editor)
    let layout = try #require(editor.canvas.layout)
    let caption = layout.caption(at: .top)
    if top == Self.threeLines {
      let layout = try #require(caption.layout)
      let lines = pango_layout_get_line_count(layout)
      #expect(lines == 3, "\(lines) lines")
    }
    let picture = try #require(editor.canvas.image)
    let shown = try #require(Self.snapshot(editor.canvas.drawingArea))
    let rect = editor.canvas.pictureRect
    let exported = try #require(MemeRenderer.rendered(layout.captions, image: picture.full))
    let expected = try #require(Self.draw(exported, into: rect, width: shown.width, height: shown.height))
    let scale = rect.width / Double(picture.width)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      Self.expectMatch(
        shown, expected, in: caption.band, inkRect: caption.inkRect, picture: rect, scale: scale,
        label: "\(position)")
    }
    Screenshot.save(
      editor.window, named: "editor-canvas-equals-export-\(top == Self.threeLines ? "text" : "emoji")")
  }

  /// A meme with a third box, turned and reaching past the picture's right edge: the canvas draws
  /// it (and the classic two) as the export does, clipped to the picture.
  @Test func theCanvasShowsATurnedBoxAsTheExportDoes() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(
      Fixtures.picture(width: 1600, height: 1000, name: "canvas-export-box.png"), into: editor)
    EditorHarness.type(top: "the classic top", bottom: "and the bottom", into: editor)
    let box = TextBox(
      text: "a third caption, turned and cut off at the edge",
      frame: RelativeRect(x: 0.6, y: 0.3, width: 0.55, height: 0.3), angle: -25, style: .classic)
    editor.document.setLayers([box].map(MemeLayer.text))
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    EditorHarness.settle(editor)
    let layout = try #require(editor.canvas.layout)
    let drawn = try #require(layout.layers.first?.drawing, "the box has text to draw")
    let picture = try #require(editor.canvas.image)
    let shown = try #require(Self.snapshot(editor.canvas.drawingArea))
    let rect = editor.canvas.pictureRect
    let exported = try #require(MemeRenderer.rendered(layout.captions, image: picture.full))
    #expect(exported.width == picture.width, "the export is the picture's size: the box is clipped")
    let expected = try #require(Self.draw(exported, into: rect, width: shown.width, height: shown.height))
    let scale = rect.width / Double(picture.width)
    let captions =
      CaptionPosition.allCases.map { (layout.caption(at: $0), "\($0)") } + [(layout.layers[0], "box")]
    for (caption, label) in captions {
      let region = caption === layout.layers[0] ? drawn.bounds : caption.band
      Self.expectMatch(
        shown, expected, in: region, inkRect: caption.inkRect, picture: rect, scale: scale, label: label)
    }
    Screenshot.save(editor.window, named: "editor-canvas-equals-export-turned-box")
  }

  /// Expects `shown` and `expected` to differ in few pixels over `region` (image pixels) of the
  /// picture shown at `picture`: no more than half a percent of the caption's ink.
  static func expectMatch(
    _ shown: RasterImage, _ expected: RasterImage, in region: ImageRect, inkRect ink: ImageRect,
    picture rect: ImageRect, scale: Double, label: String
  ) {
    let x0 = Int32(max(0, (rect.x + region.x * scale).rounded(.down)))
    let y0 = Int32(max(0, (rect.y + region.y * scale).rounded(.down)))
    let x1 = Int32(min(Double(shown.width), (rect.x + region.maxX * scale).rounded(.up)))
    let y1 = Int32(min(Double(shown.height), (rect.y + region.maxY * scale).rounded(.up)))
    let difference = pixel_compare(
      shown.pixels, expected.pixels, Int32(shown.width), Int32(shown.height), Int32(shown.stride), x0, y0, x1,
      y1, 64, 1)
    let inkPixels = ink.width * ink.height * scale * scale
    #expect(
      Double(difference.differing) <= max(6, 0.005 * inkPixels),
      "\(label): \(difference.differing) of \(Int(inkPixels)) ink pixels differ, largest \(difference.largest)"
    )
  }

  /// The widget as GTK renders it, as ARGB32 pixels.
  static func snapshot(_ widget: UnsafeMutablePointer<GtkWidget>) -> RasterImage? {
    guard let texture = Screenshot.texture(of: widget) else { return nil }
    defer { g_object_unref(texture.raw) }
    guard
      let image = RasterImage(
        width: Int(gdk_texture_get_width(texture)), height: Int(gdk_texture_get_height(texture)),
        hasAlpha: false)
    else { return nil }
    // gdk_texture_download writes Cairo's ARGB32 layout.
    gdk_texture_download(texture, image.pixels, gsize(image.stride))
    image.markDirty()
    return image
  }

  /// `image` scaled into `rect` of a `width` × `height` surface, smoothly, as a person's eye would
  /// reduce it.
  static func draw(_ image: RasterImage, into rect: ImageRect, width: Int, height: Int) -> RasterImage? {
    guard let surface = RasterImage(width: width, height: height, hasAlpha: false) else { return nil }
    let context = cairo_create(surface.surface)!
    cairo_translate(context, rect.x, rect.y)
    cairo_scale(context, rect.width / Double(image.width), rect.height / Double(image.height))
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(surface.surface)
    return surface
  }
}
