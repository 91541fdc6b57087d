// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The picture is aspect-fit in windows from tall to wide, and the caption fields follow it.
@Suite(.serialized) struct EditorLayoutTests {
  static let sizes: [(width: Int32, height: Int32)] = [(360, 640), (1600, 900)]

  @Test(arguments: [0, 1], ["landscape", "portrait"])
  func captionFieldsLieInsideThePictureAndTheWindow(sizeIndex: Int, orientation: String) throws {
    try DisplayHarness.requireDisplay()
    let size = Self.sizes[sizeIndex]
    let editor = EditorHarness.makeEditor(width: size.width, height: size.height)
    defer { EditorHarness.close(editor) }
    let picture =
      orientation == "landscape"
      ? Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
      : Fixtures.picture(width: 600, height: 900, name: "portrait.png")
    EditorHarness.load(picture, into: editor)
    EditorHarness.type(top: "When the build is green", bottom: "on the first try", into: editor)
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-\(size.width)x\(size.height)-\(orientation)")

    // The window has the requested size (see DisplayHarness.windowSize for X11 and Wayland).
    let windowSize = DisplayHarness.windowSize(editor.window)
    #expect(windowSize.width == size.width && windowSize.height == size.height, "window \(windowSize)")
    let canvas = editor.canvas
    let rect = canvas.pictureRect
    let canvasWidth = Double(gtk_widget_get_width(canvas.drawingArea))
    let canvasHeight = Double(gtk_widget_get_height(canvas.drawingArea))
    // Aspect-fit: the picture keeps its ratio, touches two opposite edges and is centred.
    let image = try #require(editor.document.image)
    #expect(abs(rect.width / rect.height - Double(image.width) / Double(image.height)) < 0.01)
    #expect(abs(rect.width - canvasWidth) < 1 || abs(rect.height - canvasHeight) < 1)
    #expect(abs((canvasWidth - rect.maxX) - rect.x) <= 2)
    #expect(abs((canvasHeight - rect.maxY) - rect.y) <= 2)

    let windowWidth = Double(gtk_widget_get_width(editor.window))
    let windowHeight = Double(gtk_widget_get_height(editor.window))
    for entry in [canvas.fields.topEntry, canvas.fields.bottomEntry] {
      let bounds = try #require(WidgetTree.bounds(of: entry.widget, in: canvas.drawingArea))
      #expect(bounds.width > 0 && bounds.height > 0)
      #expect(
        rect.contains(
          ImageRect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height), tolerance: 1),
        "\(entry.position) field \(bounds) lies outside the picture \(rect)")
      let inWindow = try #require(WidgetTree.bounds(of: entry.widget, in: editor.window))
      #expect(inWindow.x >= 0 && inWindow.y >= 0)
      #expect(inWindow.x + inWindow.width <= windowWidth && inWindow.y + inWindow.height <= windowHeight)
    }
    // The top field is over the upper part of the picture, the bottom one over the lower part.
    let top = try #require(WidgetTree.bounds(of: canvas.fields.topEntry.widget, in: canvas.drawingArea))
    let bottom = try #require(WidgetTree.bounds(of: canvas.fields.bottomEntry.widget, in: canvas.drawingArea))
    #expect(top.y + top.height / 2 < rect.y + rect.height / 2)
    #expect(bottom.y + bottom.height / 2 > rect.y + rect.height / 2)
  }

  @Test func editingACaptionShowsTheFieldOverTheRenderedCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let top = editor.canvas.fields.topEntry.widget
    gtk_widget_grab_focus(top)
    gtk_editable_set_text(gtkkit_editable(top), "Typing a caption")
    gtk_editable_set_position(gtkkit_editable(top), -1)
    EditorHarness.settle(editor)
    #expect(gtk_widget_has_focus(top) != 0 || gtk_widget_has_focus(gtk_widget_get_first_child(top)) != 0)
    #expect(editor.canvas.layout?.captions.top == "Typing a caption")
    Screenshot.save(editor.window, named: "editor-editing-caption")
  }

  /// The empty editor shows its "No Picture Yet" page in the middle of the canvas, drawn (not a
  /// blank window); the screenshot is for the eye.
  @Test func emptyEditorShowsTheNoPicturePageCentred() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.settle(editor)
    let placeholder = try #require(WidgetTree.descendant(of: editor.window, named: "placeholder"))
    #expect(gtk_widget_get_mapped(placeholder) != 0)
    var bounds = graphene_rect_t()
    try #require(gtk_widget_compute_bounds(placeholder, editor.canvas.widget, &bounds) != 0)
    let canvasWidth = Float(gtk_widget_get_width(editor.canvas.widget))
    let canvasHeight = Float(gtk_widget_get_height(editor.canvas.widget))
    #expect(abs(bounds.origin.x + bounds.size.width / 2 - canvasWidth / 2) <= 2, "centred across")
    #expect(abs(bounds.origin.y + bounds.size.height / 2 - canvasHeight / 2) <= 2, "centred down")
    // Drawn: the page's icon and texts put many colours where it is; a blank page has one or two.
    var inWindow = graphene_rect_t()
    try #require(gtk_widget_compute_bounds(placeholder, editor.window, &inWindow) != 0)
    let pixels = try #require(Screenshot.pixels(of: editor.window))
    let width = Int(gtk_widget_get_width(editor.window))
    var colours: Set<UInt32> = []
    for y in Int(inWindow.origin.y)..<Int(inWindow.origin.y + inWindow.size.height) {
      for x in Int(inWindow.origin.x)..<Int(inWindow.origin.x + inWindow.size.width) {
        let index = (y * width + x) * 4
        colours.insert(pixels[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) })
      }
    }
    #expect(colours.count > 20, "colours on the No Picture Yet page: \(colours.count)")
    #expect(Screenshot.save(editor.window, named: "editor-empty-960x720") != nil)
  }
}
