// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The specification's launch state: no picture, the default texts TOP and BOTTOM in their fields
/// over the empty canvas, the invitation to choose a picture, and Share insensitive.
@Suite(.serialized) struct LaunchStateTests {
  private func bounds(_ widget: UnsafeMutablePointer<GtkWidget>, in editor: EditorWindow) throws -> ImageRect
  {
    let box = try #require(WidgetTree.bounds(of: widget, in: editor.canvas.drawingArea))
    return ImageRect(x: box.x, y: box.y, width: box.width, height: box.height)
  }

  @Test(arguments: [(960, 720), (420, 760)])
  func theFieldsShowTheDefaultTextsOverTheEmptyCanvas(width: Int32, height: Int32) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: width, height: height)
    defer { EditorHarness.close(editor) }
    let shot = try #require(Screenshot.save(editor.window, named: "editor-launch-\(width)x\(height)"))
    let canvas = editor.canvas
    #expect(editor.document.image == nil)
    let placeholder = try #require(WidgetTree.descendant(of: editor.window, named: "placeholder"))
    #expect(gtk_widget_get_visible(placeholder) != 0)
    let share = try #require(WidgetTree.descendant(of: editor.window, named: "share-button"))
    #expect(gtk_widget_is_sensitive(share) == 0, "Share needs a picture")
    #expect(canvas.fields.topEntry.text == "TOP" && canvas.fields.bottomEntry.text == "BOTTOM")

    let frame = try #require(canvas.captionFrame)
    let scale = frame.rect.width / Double(frame.imageWidth)
    for entry in [canvas.fields.topEntry, canvas.fields.bottomEntry] {
      #expect(gtk_widget_get_mapped(entry.widget) != 0, "\(entry.position) field is shown")
      let field = try bounds(entry.widget, in: editor)
      #expect(field.width > 0 && field.height > 0)
      // Over its caption's band, as over a picture.
      let band = CaptionGeometry.band(
        for: try #require(entry.position), imageWidth: frame.imageWidth, imageHeight: frame.imageHeight)
      let bandCentre = frame.rect.y + (band.y + band.height / 2) * scale
      #expect(
        abs(field.y + field.height / 2 - bandCentre) <= 2, "\(entry.position) field \(field) off its band")
      #expect(frame.rect.contains(field, tolerance: 1))
    }

    // The engine drew the default captions on the canvas: white fill under each field.
    let pixels = try ImageLoader().load(contentsOf: shot)
    let origin = try #require(WidgetTree.bounds(of: canvas.drawingArea, in: editor.window))
    for entry in [canvas.fields.topEntry, canvas.fields.bottomEntry] {
      let field = try bounds(entry.widget, in: editor)
      var whites = 0
      for y in stride(from: Int(origin.y + field.y), to: Int(origin.y + field.maxY), by: 2) {
        for x in stride(from: Int(origin.x + field.x), to: Int(origin.x + field.maxX), by: 2) {
          let colour = pixels.color(atX: x, y: y)
          if colour.red > 0.95 && colour.green > 0.95 && colour.blue > 0.95 { whites += 1 }
        }
      }
      #expect(whites > 50, "the \(entry.position) caption is drawn (\(whites) white samples)")
    }
  }

  /// The launch captions are laid out and drawn on another core while the window is styled and laid
  /// out, for the canvas size the window predicts when it is realized: the first paint finds them
  /// made for the size it was given, in a wide window and in a narrow one.
  @Test(arguments: [(960, 720), (420, 760)])
  func theFirstPaintTakesTheCaptionsPreparedForTheCanvas(width: Int32, height: Int32) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: width, height: height)
    defer { EditorHarness.close(editor) }
    // The captions are prepared for the size the window predicts (a preparation of the size a paint
    // asks for is taken: SheetPreparationTests); the canvas must be given exactly that size.
    let predicted = try #require(editor.launchSheet.canvasSize)
    let given = (
      width: gtk_widget_get_width(editor.canvas.drawingArea),
      height: gtk_widget_get_height(editor.canvas.drawingArea)
    )
    #expect(
      predicted.width == given.width && predicted.height == given.height,
      "predicted \(predicted), the canvas was given \(given)")
  }

  @Test func aClickClearsTheDefaultTextAndEnterCommits() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let top = editor.canvas.fields.topEntry
    gtk_widget_grab_focus(top.widget)
    MainContext.drain()
    #expect(top.text == "", "focusing the field clears TOP")
    gtk_editable_set_text(gtkkit_editable(top.widget), "Before the picture")
    gtk_widget_activate(top.widget)
    MainContext.drain()
    #expect(gtk_widget_has_focus(top.widget) == 0, "Enter leaves the field")
    #expect(editor.document.captions.top == "Before the picture")
    #expect(editor.canvas.layout == nil && editor.canvas.captions.top == "Before the picture")
  }

  @Test func captionsTypedBeforeAPictureStayWhenItArrives() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "First the words", bottom: "then the picture", into: editor)
    let share = try #require(WidgetTree.descendant(of: editor.window, named: "share-button"))
    #expect(gtk_widget_is_sensitive(share) == 0)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    #expect(editor.document.image != nil)
    #expect(editor.canvas.fields.topEntry.text == "First the words")
    #expect(editor.canvas.fields.bottomEntry.text == "then the picture")
    #expect(editor.canvas.layout?.captions.top == "First the words")
    #expect(editor.canvas.layout?.captions.bottom == "then the picture")
    #expect(gtk_widget_is_sensitive(share) != 0, "Share follows the picture")
    let placeholder = try #require(WidgetTree.descendant(of: editor.window, named: "placeholder"))
    #expect(gtk_widget_get_visible(placeholder) == 0)
  }

  /// A picture of the canvas's own shape puts the fields exactly where the launch state had them.
  @Test func theFieldsKeepTheirPlacesWhenAPictureOfTheCanvasShapeArrives() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    let frame = try #require(editor.canvas.captionFrame)
    let before = try [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry].map {
      try bounds($0.widget, in: editor)
    }
    let picture = Fixtures.picture(
      width: frame.imageWidth * 2, height: frame.imageHeight * 2,
      name: "canvas-shape-\(frame.imageWidth)x\(frame.imageHeight).png")
    EditorHarness.load(picture, into: editor)
    let after = try [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry].map {
      try bounds($0.widget, in: editor)
    }
    for (old, new) in zip(before, after) {
      #expect(abs(old.x - new.x) <= 1 && abs(old.y - new.y) <= 1, "\(old) moved to \(new)")
      #expect(abs(old.width - new.width) <= 1 && abs(old.height - new.height) <= 1)
    }
  }
}
