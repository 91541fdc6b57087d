// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// The canvas's and Sent Memes' context menus open inside a 360×640 window, wherever they are asked
/// for: at the far corner they open up and to the left of the pointer.
@MainActor @Suite(.serialized) struct ContextMenuFitTests {
  @Test func theCanvasMenuFitsANarrowWindowAtEveryCorner() throws {
    try DisplayHarness.requireDisplay()
    try PopoverBounds.requireMenus()
    let editor = EditorHarness.makeEditor(width: 360, height: 640)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let area = editor.canvas.drawingArea
    let (width, height) = (Double(area.width), Double(area.height))
    for (x, y) in [(4.0, 4.0), (width - 4, 4), (4, height - 4), (width - 4, height - 4)] {
      editor.contextMenu.show(atX: x, y: y)
      let menu = try #require(editor.contextMenu.popover)
      #expect(MainContext.iterate { gtk_widget_get_mapped(menu) != 0 && gtk_widget_get_width(menu) > 0 })
      DisplayHarness.waitForFrames(menu)
      #expect(
        PopoverBounds.isInside(menu, editor.window),
        "opened at (\(x), \(y)): \(String(describing: PopoverBounds.menu(of: menu, in: editor.window)))")
      if x > 4 && y > 4 {
        Screenshot.saveScreen(named: "narrow-editor-context-menu-corner", width: 400, height: 700)
      }
      gtk_popover_popdown(gtkkit_popover(menu))
      MainContext.drain()
    }
  }

  @Test func theSentMemesMenuFitsANarrowWindowOnItsLastTile() throws {
    try PopoverBounds.requireMenus()
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      gtk_window_set_default_size(gtkkit_window(window.window), 360, 640)
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.waitForThumbnails(window)
      SentMemesHarness.settle(app)
      let view = window.view(for: .grid)
      window.contextMenu.show(
        for: memes[0].id, in: .grid, over: view, x: Double(view.width) - 4, y: Double(view.height) - 4)
      let menu = try #require(window.contextMenu.menus[.grid])
      #expect(AccessibleNameTests.labelMismatch(menu, "Meme Menu") == nil, "named, not “GtkPopoverMenu”")
      #expect(MainContext.iterate { gtk_widget_get_mapped(menu) != 0 && gtk_widget_get_width(menu) > 0 })
      DisplayHarness.waitForFrames(menu)
      #expect(
        PopoverBounds.isInside(menu, window.window),
        "\(String(describing: PopoverBounds.menu(of: menu, in: window.window)))")
      gtk_popover_popdown(gtkkit_popover(menu))
      MainContext.drain()
    }
  }
}
