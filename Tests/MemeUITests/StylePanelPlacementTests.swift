// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Styling never hides the caption being styled: the style panel and the font list opened from it
/// lie beside the captions as the canvas draws them, at the default window size and a small one.
@Suite(.serialized) struct StylePanelPlacementTests {
  /// The caption bands as drawn on the canvas, in the window's coordinates.
  private static func drawnBands(in editor: EditorWindow) throws -> [CaptionPosition: ImageRect] {
    let area = editor.canvas.drawingArea
    let (width, height) = (Double(gtk_widget_get_width(area)), Double(gtk_widget_get_height(area)))
    let drawn = try #require(editor.canvas.painter.drawnCaptions(inWidth: width, height: height))
    let origin = try #require(WidgetTree.bounds(of: area, in: editor.window))
    let scaleX = drawn.rect.width / Double(drawn.layout.imageWidth)
    let scaleY = drawn.rect.height / Double(drawn.layout.imageHeight)
    var bands: [CaptionPosition: ImageRect] = [:]
    for position in CaptionPosition.allCases {
      let band = drawn.layout.bandRect(for: position)
      bands[position] = ImageRect(
        x: origin.x + drawn.rect.x + band.x * scaleX, y: origin.y + drawn.rect.y + band.y * scaleY,
        width: band.width * scaleX, height: band.height * scaleY)
    }
    return bands
  }

  private static func size(of widget: UnsafeMutablePointer<GtkWidget>) -> (width: Int32, height: Int32) {
    (gtk_widget_get_width(widget), gtk_widget_get_height(widget))
  }

  /// A popover's rectangle in its window's coordinates, from where the popup surface was placed.
  private static func bounds(ofPopover popover: UnsafeMutablePointer<GtkWidget>, in window: gpointer) throws
    -> ImageRect
  {
    let surface = try #require(gtk_native_get_surface(OpaquePointer(popover)))
    var (popoverX, popoverY, windowX, windowY) = (0.0, 0.0, 0.0, 0.0)
    gtk_native_get_surface_transform(OpaquePointer(popover), &popoverX, &popoverY)
    gtk_native_get_surface_transform(OpaquePointer(gtkkit_widget(window)), &windowX, &windowY)
    // Popup positions are relative to the parent surface, whose origin lies (windowX, windowY)
    // above and left of the window widget's.
    return ImageRect(
      x: Double(gdk_popup_get_position_x(surface)) + popoverX - windowX,
      y: Double(gdk_popup_get_position_y(surface)) + popoverY - windowY,
      width: Double(gtk_widget_get_width(popover)), height: Double(gtk_widget_get_height(popover)))
  }

  private static func expectApart(
    _ rect: ImageRect, from bands: [CaptionPosition: ImageRect], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (position, band) in bands {
      let overlap = rect.intersection(band)
      #expect(
        overlap.width < 0.5 || overlap.height < 0.5, "\(what) \(rect) covers the \(position) caption \(band)",
        sourceLocation: sourceLocation)
    }
  }

  /// The panel's controls, the font list and the scrolled window around them are built when the panel
  /// first opens; the height limit the window set before then holds for them.
  @Test func theStyleControlsAreBuiltWhenThePanelFirstOpens() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 360, height: 640)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let isScrolledWindow = { (widget: UnsafeMutablePointer<GtkWidget>) in
      gtkkit_is_a(widget, gtk_scrolled_window_get_type()) != 0
    }
    #expect(editor.stylePanel.fontList == nil)
    #expect(WidgetTree.first(in: editor.stylePanel.content, where: isScrolledWindow) == nil)
    for name in ["font-family", "uppercase", "text-color"] {
      #expect(WidgetTree.descendant(of: editor.window, named: name) == nil, "\(name)")
    }
    #expect(editor.stylePanel.isUnderCanvas, "a narrow window puts the panel under the canvas")

    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    #expect(
      MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0 })
    EditorHarness.settle(editor)
    #expect(editor.stylePanel.fontList != nil)
    let scrolled = try #require(WidgetTree.first(in: editor.stylePanel.content, where: isScrolledWindow))
    // Under the canvas the controls take at most two fifths of the window's height.
    let limit = max(120, editor.toplevel.defaultSize.height * 2 / 5)
    #expect(gtk_scrolled_window_get_max_content_height(gtkkit_scrolled_window(scrolled)) == limit)
    #expect(gtk_widget_get_height(scrolled) <= limit && gtk_widget_get_height(scrolled) > 0)
    // The controls work the first time: upper case off is a style change the canvas draws.
    let toggle = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "uppercase"))
    #expect(editor.document.captions.style.isUppercase)
    gtk_switch_set_active(OpaquePointer(toggle), 0)
    #expect(editor.document.captions.style.isUppercase == false)
    #expect(editor.canvas.layout?.captions.style.isUppercase == false)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 0)
  }

  @Test(arguments: [(960, 720), (480, 420), (360, 640)])
  func theStyleControlsLieBesideTheCaptions(size: (width: Int32, height: Int32)) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: size.width, height: size.height)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let before = try Self.drawnBands(in: editor)
    let canvasSize = Self.size(of: editor.canvas.drawingArea)

    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    #expect(editor.stylePanel.isOpen, "the Style & Layout button opens the panel")
    #expect(
      MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0 })
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "style-panel-\(size.width)x\(size.height)")

    let panel = try #require(WidgetTree.bounds(of: editor.stylePanel.content, in: editor.window))
    #expect(panel.width > 0 && panel.height > 0)
    // Beside the canvas in a wide window, under it in a narrow one: either way it takes the canvas's room.
    let isUnder = size.width < StylePanel.narrowWidth
    #expect(editor.stylePanel.isUnderCanvas == isUnder)
    let openSize = Self.size(of: editor.canvas.drawingArea)
    #expect(
      isUnder ? openSize.height < canvasSize.height : openSize.width < canvasSize.width,
      "the panel makes the canvas smaller: \(canvasSize) → \(openSize)")
    let bands = try Self.drawnBands(in: editor)
    #expect(
      bands.values.allSatisfy { $0.height >= 10 && $0.width >= 100 }, "the captions stay in view: \(bands)")
    #expect(bands[.top] != before[.top], "the captions are drawn again in the narrower canvas")
    Self.expectApart(
      ImageRect(x: panel.x, y: panel.y, width: panel.width, height: panel.height), from: bands,
      "the style panel")

    // The font list opens from the panel, and stays beside the captions too.
    let fontList = try #require(editor.stylePanel.fontList)
    // Without its grab on Wayland: a headless compositor closes a grabbing popup at once.
    DisplayHarness.popUp(fontList.widget)
    let popover = try #require(gtk_menu_button_get_popover(gtkkit_menu_button(fontList.widget)))
    DisplayHarness.waitForFrames(gtkkit_widget(popover))
    #expect(gtk_widget_get_mapped(gtkkit_widget(popover)) != 0)
    Self.expectApart(
      try Self.bounds(ofPopover: gtkkit_widget(popover), in: editor.window), from: bands, "the font list")
    Screenshot.saveScreen(
      named: "style-panel-font-list-\(size.width)x\(size.height)", width: Int(size.width) + 40,
      height: Int(size.height) + 80)
    gtk_popover_popdown(popover)

    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 0)
    #expect(!editor.stylePanel.isOpen)
  }
}
