// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeCore
@testable import MemeUI

/// The layout choice in the style panel: the canvas shows the whole output (the band or the poster's
/// frame included) fitted into the view, as the export draws it; both caption fields are shown and sit
/// on their texts (Band's bottom one on its band under the picture); undo, or choosing Classic again,
/// takes the switch back and both texts stay.
@MainActor @Suite(.serialized) struct LayoutWindowTests {
  @Test(arguments: [MemeLayoutKind.band, .poster])
  func theCanvasShowsTheWholeOutputAsTheExportDoes(layout kind: MemeLayoutKind) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1600, height: 1000, name: "layout-\(kind).png"), into: editor)
    EditorHarness.type(
      top: "when the meme gets a layout of its own", bottom: "and keeps its texts", into: editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    let button = try #require(
      WidgetTree.descendant(of: editor.stylePanel.widget, named: "layout-\(kind.rawValue)"))
    gtk_toggle_button_set_active(gtkkit_toggle_button(button), 1)
    #expect(editor.document.layout == kind)
    #expect(editor.document.captions.top == "when the meme gets a layout of its own")
    MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0 }
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-layout-\(kind.rawValue)-chosen")
    // The panel names what it styles as the layout shows it.
    let target = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "style-target"))
    #expect(
      Label(wrapping: target).text
        == (kind == .band ? "Styles the text on the band." : "Styles the title and the subtitle."))
    editor.stylePanel.isOpen = false
    MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) == 0 }
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    EditorHarness.settle(editor)
    // With the panel open the canvas was taller than wide; wider again, its captions pop for a
    // quarter of a second, which a loaded machine may not have finished in the frames above.
    #expect(MainContext.iterate { !editor.canvas.pop.isRunning })
    EditorHarness.settle(editor)

    let layout = try #require(editor.canvas.layout)
    #expect(layout.outputHeight > 1000, "the output is larger than the picture")
    let width = Double(gtk_widget_get_width(editor.canvas.drawingArea))
    let height = Double(gtk_widget_get_height(editor.canvas.drawingArea))
    let output = editor.canvas.painter.outputRect(inWidth: width, height: height)
    // The aspect fit applies to the whole output.
    #expect(
      abs(output.width / output.height - Double(layout.outputWidth) / Double(layout.outputHeight)) < 0.01)
    #expect(abs(output.width - width) < 1 || abs(output.height - height) < 1, "fitted to the view")
    let picture = editor.canvas.pictureRect
    #expect(picture.y > output.y + 1, "the picture lies below the band or inside the frame")
    #expect(output.contains(picture, tolerance: 0.5))

    // What the canvas shows is the export scaled: the texts and the frame around the picture.
    let image = try #require(editor.canvas.image)
    let shown = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let exported = try #require(MemeRenderer.rendered(layout.captions, image: image.full))
    #expect(exported.width == layout.outputWidth && exported.height == layout.outputHeight)
    let expected = try #require(
      CanvasMatchesExportTests.draw(exported, into: output, width: shown.width, height: shown.height))
    let scale = output.width / Double(layout.outputWidth)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      CanvasMatchesExportTests.expectMatch(
        shown, expected, in: caption.band, inkRect: caption.inkRect, picture: output, scale: scale,
        label: "\(kind) \(position)")
    }

    // Both fields are shown, inside the canvas, and sit on their texts.
    for position in CaptionPosition.allCases {
      let entry = position == .top ? editor.canvas.topEntry : editor.canvas.bottomEntry
      #expect(entry.widget.isVisible && gtk_widget_get_mapped(entry.widget) != 0, "\(kind) \(position) field")
      var bounds = graphene_rect_t()
      #expect(gtk_widget_compute_bounds(entry.widget, editor.canvas.drawingArea, &bounds) != 0)
      #expect(bounds.size.width > 20 && bounds.size.height > 10)
      #expect(bounds.origin.x >= 0 && bounds.origin.y >= 0)
      #expect(Double(bounds.origin.x + bounds.size.width) <= width + 0.5)
      #expect(Double(bounds.origin.y + bounds.size.height) <= height + 0.5)
      #expect(
        Double(bounds.origin.y) >= output.y - 0.5
          && Double(bounds.origin.y + bounds.size.height) <= output.maxY + 0.5)
      let centre = Double(bounds.origin.y + bounds.size.height / 2)
      let band = layout.caption(at: position).band
      let textCentre = output.y + (band.y + band.height / 2) * scale
      #expect(abs(centre - textCentre) < 2, "\(kind) \(position) field at \(centre), text at \(textCentre)")
    }
    Screenshot.save(editor.window, named: "editor-layout-\(kind.rawValue)")

    // Undo takes the switch back: Classic, the picture filling the output, the bottom field back.
    editor.actions.action(named: "undo")?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.layout == .classic)
    #expect(editor.canvas.layout?.frame.isPictureOnly == true)
    #expect(editor.canvas.bottomEntry.widget.isVisible)
    #expect(editor.document.captions.bottom == "and keeps its texts")

    // Choosing the layout again and then Classic in the panel: both texts are still there.
    editor.actions.action(named: "redo")?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.layout == kind)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    let classic = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "layout-classic"))
    gtk_toggle_button_set_active(gtkkit_toggle_button(classic), 1)
    EditorHarness.settle(editor)
    #expect(editor.document.layout == .classic)
    #expect(editor.document.captions.top == "when the meme gets a layout of its own")
    #expect(editor.document.captions.bottom == "and keeps its texts")
    #expect(editor.canvas.topEntry.text == "when the meme gets a layout of its own")
    #expect(editor.canvas.bottomEntry.text == "and keeps its texts")
    #expect(editor.canvas.topEntry.widget.isVisible && editor.canvas.bottomEntry.widget.isVisible)
  }
}
