// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Zooming and panning the canvas: each control, the caption fields staying on the picture, the
/// indicator, and sharp pixels at 400 %.
@Suite(.serialized) struct ZoomTests {
  private func activate(_ action: EditorAction, in editor: EditorWindow) {
    editor.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  private func indicatorText(_ editor: EditorWindow) -> String {
    String(cString: gtk_label_get_text(gtkkit_label(editor.canvas.zoomControls.indicator)))
  }

  /// The top field lies centred over the picture, on its band, whatever the zoom.
  private func expectFieldOnPicture(_ editor: EditorWindow, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let rect = editor.canvas.pictureRect
    let field = try #require(
      WidgetTree.bounds(of: editor.canvas.fields.topEntry.widget, in: editor.canvas.drawingArea))
    let layout = try #require(editor.canvas.layout)
    let band = layout.bandRect(for: .top)
    let scale = rect.width / Double(layout.imageWidth)
    #expect(abs(field.x + field.width / 2 - (rect.x + rect.width / 2)) <= 1.5, sourceLocation: sourceLocation)
    let bandCentre = rect.y + (band.y + band.height / 2) * scale
    #expect(
      abs(field.y + field.height / 2 - bandCentre) <= 2 || field.height >= band.height * scale - 1,
      sourceLocation: sourceLocation)
  }

  /// The picture point under view point (x, y).
  private func pictureSpot(_ editor: EditorWindow, _ x: Double, _ y: Double) -> (Double, Double) {
    let rect = editor.canvas.pictureRect
    let scale = rect.width / Double(editor.canvas.painter.pictureSize!.width)
    return ((x - rect.x) / scale, (y - rect.y) / scale)
  }

  @Test func ctrlPlusMinusAndZeroZoomAndTheFieldsFollow() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    let indicator = editor.canvas.zoomControls.indicator
    #expect(gtk_widget_get_visible(indicator) == 0, "nothing to zoom before a picture")
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let fitted = editor.canvas.pictureRect
    let fitPercent = try #require(editor.canvas.zoomControls.percent)
    #expect(gtk_widget_get_visible(indicator) != 0 && indicatorText(editor) == "\(fitPercent) %")

    activate(.zoomIn, in: editor)
    #expect(abs(editor.canvas.pictureRect.width - fitted.width * 1.25) < 1)
    activate(.zoomIn, in: editor)
    activate(.zoomIn, in: editor)
    let zoomed = editor.canvas.pictureRect
    #expect(zoomed.width > Double(gtk_widget_get_width(editor.canvas.drawingArea)), "larger than the canvas")
    #expect(
      indicatorText(editor) == "\(editor.canvas.zoomControls.percent!) %"
        && editor.canvas.zoomControls.percent! > fitPercent)
    try expectFieldOnPicture(editor)
    Screenshot.save(editor.window, named: "editor-zoomed-960x720")

    activate(.zoomOut, in: editor)
    #expect(abs(editor.canvas.pictureRect.width - zoomed.width / 1.25) < 1)
    activate(.zoomFit, in: editor)
    #expect(editor.canvas.pictureRect == fitted)
    activate(.zoomOut, in: editor)
    #expect(editor.canvas.pictureRect == fitted, "no smaller than fitted")
    try expectFieldOnPicture(editor)
    let application = EditorHarness.application.application
    #expect(application.accelerators(for: "win.zoom-in").contains("<Control>plus"))
    #expect(application.accelerators(for: "win.zoom-out").first == "<Control>minus")
    #expect(application.accelerators(for: "win.zoom-fit").first == "<Control>0")
  }

  /// The indicator shows while the size changes and goes once it has rested, so that it does not
  /// stay over the end of a bottom caption.
  @Test func theIndicatorGoesWhenTheZoomRests() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let indicator = editor.canvas.zoomControls.indicator
    func hidesWithin(seconds: Double) -> Bool {
      let deadline = Date(timeIntervalSinceNow: seconds)
      // Blocking iterations: the hiding is a timeout on the main loop.
      while gtk_widget_get_visible(indicator) != 0 && Date() < deadline { g_main_context_iteration(nil, 1) }
      return gtk_widget_get_visible(indicator) == 0
    }
    let resting = Double(CanvasZoomControls.restingMilliseconds) / 1000
    #expect(hidesWithin(seconds: resting + 2), "gone after a new picture")
    activate(.zoomIn, in: editor)
    #expect(gtk_widget_get_visible(indicator) != 0, "back while zooming")
    #expect(hidesWithin(seconds: resting + 2), "gone once the zoom rests")
  }

  @Test func ctrlScrollAndPinchZoomAroundThePointerAndDragsPan() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let controls = editor.canvas.zoomControls!
    #expect(!controls.scrolled(dx: 0, dy: -1, withControl: false), "fitted, a plain scroll is not used")

    controls.pointer = (300, 250)
    let spot = pictureSpot(editor, 300, 250)
    #expect(controls.scrolled(dx: 0, dy: -2, withControl: true))
    EditorHarness.settle(editor)
    let after = pictureSpot(editor, 300, 250)
    #expect(abs(after.0 - spot.0) < 0.5 && abs(after.1 - spot.1) < 0.5, "the point under the pointer stays")
    try expectFieldOnPicture(editor)

    let before = editor.canvas.pictureRect
    controls.pinched(to: 1.2, aroundX: 500, y: 400)
    controls.pinched(to: 1.5, aroundX: 500, y: 400)
    #expect(abs(editor.canvas.pictureRect.width - before.width * 1.5) < 1, "a pinch zooms by its scale")

    // Middle-button drag (or Space and a drag): the picture follows the pointer.
    let start = editor.canvas.pictureRect
    controls.beginPan()
    controls.pan(by: 40, 30, from: editor.canvas.painter.zoom)
    EditorHarness.settle(editor)
    let panned = editor.canvas.pictureRect
    #expect(abs(panned.x - (start.x + 40)) < 0.5 && abs(panned.y - (start.y + 30)) < 0.5)
    try expectFieldOnPicture(editor)
    // Never further than the picture's edge.
    controls.pan(by: 100_000, 100_000)
    #expect(
      editor.canvas.pictureRect.x == 0 && editor.canvas.pictureRect.y == 0, "\(editor.canvas.pictureRect)")
    // A plain scroll pans while zoomed.
    #expect(controls.scrolled(dx: 1, dy: 1, withControl: false))
    #expect(editor.canvas.pictureRect.x < 0)

    // Space turns the left button into a pan, except while typing a caption. Not typing: the caret
    // taken out of the top caption, where the opened picture put it.
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    MainContext.drain()
    editor.noteSpace(pressed: true, UInt32(GDK_KEY_space))
    #expect(controls.isSpaceHeld)
    editor.noteSpace(pressed: false, UInt32(GDK_KEY_space))
    #expect(!controls.isSpaceHeld)
    gtk_widget_grab_focus(editor.canvas.fields.topEntry.widget)
    MainContext.drain()
    editor.noteSpace(pressed: true, UInt32(GDK_KEY_space))
    #expect(!controls.isSpaceHeld, "Space types in a caption field")
  }

  /// Zoomed and turned in a portrait window, the fields stay on the picture's bands.
  @Test func zoomedInAPortraitWindowTheFieldsStayOnThePicture() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 420, height: 760)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    EditorHarness.type(top: "Zoom in", bottom: "on the sun", into: editor)
    activate(.rotateLeft, in: editor)
    Screenshot.save(editor.window, named: "editor-rotated-left-420x760")
    activate(.zoomIn, in: editor)
    activate(.zoomIn, in: editor)
    #expect(editor.canvas.pictureRect.width > Double(gtk_widget_get_width(editor.canvas.drawingArea)))
    try expectFieldOnPicture(editor)
    Screenshot.save(editor.window, named: "editor-zoomed-420x760")
  }

  /// A picture larger than the preview, of one-pixel black and white squares: at 400 % every canvas
  /// pixel is black or white (drawn from the source), never the grey of a downscaled copy or a blend.
  @Test func at400PercentTheCanvasIsDrawnFromTheSourcePixels() throws {
    try DisplayHarness.requireDisplay()
    let url = Fixtures.folder.appendingPathComponent("checkerboard-3200x2000.png")
    if !FileManager.default.fileExists(atPath: url.path) {
      let image = try #require(RasterImage(width: 3200, height: 2000, hasAlpha: false))
      let tile = try #require(RasterImage(width: 2, height: 2, hasAlpha: false))
      for (x, y, white) in [(0, 0, true), (1, 0, false), (0, 1, false), (1, 1, true)] {
        UnsafeMutableRawPointer(tile.pixels + y * tile.stride + x * 4).storeBytes(
          of: white ? 0xFFFF_FFFF : 0xFF00_0000, as: UInt32.self)
      }
      tile.markDirty()
      let context = cairo_create(image.surface)!
      cairo_set_source_surface(context, tile.surface, 0, 0)
      cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_REPEAT)
      cairo_paint(context)
      cairo_destroy(context)
      try ImageWriter.write(image, to: url, as: .png)
    }
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(url, into: editor)
    EditorHarness.type(top: "", bottom: "", into: editor)
    let picture = try #require(editor.document.image)
    #expect(picture.preview.width < picture.width, "the preview is smaller than the source")
    while (editor.canvas.zoomControls.percent ?? 0) < 400 {
      editor.actions.action(named: EditorAction.zoomIn.name)?.activate()
    }
    EditorHarness.settle(editor)
    // What the painter draws for the canvas: every pixel black or white.
    let width = Int(gtk_widget_get_width(editor.canvas.drawingArea))
    let height = Int(gtk_widget_get_height(editor.canvas.drawingArea))
    let painted = try #require(RasterImage(width: width, height: height, hasAlpha: false))
    let cr = cairo_create(painted.surface)!
    editor.canvas.painter.paint(on: cr, width: Double(width), height: Double(height))
    cairo_destroy(cr)
    var purePainted = 0
    for x in 100..<400 {
      let colour = painted.color(atX: x, y: 200)
      if (colour.red > 0.9 && colour.green > 0.9) || (colour.red < 0.1 && colour.green < 0.1) {
        purePainted += 1
      }
    }
    #expect(purePainted == 300, "\(purePainted) of 300 pixels are black or white")
    // For looking at (GtkWidgetPaintable resamples its copy, so pixels are checked on the painter's).
    Screenshot.save(editor.window, named: "editor-zoom-400-checkerboard")
  }
}
