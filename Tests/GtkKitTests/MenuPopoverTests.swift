// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// A menu button's tooltip is off while its menu is open, and a context menu opened near a small
/// window's edge lies inside the window.
@MainActor @Suite(.serialized) struct MenuPopoverTests {
  @Test func aMenuButtonsTooltipIsOffWhileItsMenuIsOpen() throws {
    try DisplayHarness.requireDisplay()
    try PopoverBounds.requireMenus()
    let toplevel = Window()
    defer { toplevel.destroy() }
    toplevel.title = "Tooltip while open"
    let button = MenuButton()
    button.widget.tooltip = "More"
    button.setMenu(Menu([("First", "win.first"), ("Second", "win.second")]))
    toplevel.setChild(button.widget)
    toplevel.present()
    #expect(DisplayHarness.waitForFrames(toplevel.widget))
    #expect(gtk_widget_get_has_tooltip(button.widget) != 0)
    // Twice: the popover is built at the first opening and kept for the next.
    for _ in 0..<2 {
      button.popUp()
      #expect(
        MainContext.iterate {
          button.widget.menuPopover.map { gtk_widget_get_mapped(gtkkit_widget($0)) != 0 } ?? false
        })
      #expect(gtk_widget_get_has_tooltip(button.widget) == 0, "no tooltip over the open menu")
      gtk_menu_button_popdown(gtkkit_menu_button(button.widget))
      MainContext.drain()
      #expect(gtk_widget_get_has_tooltip(button.widget) != 0, "the tooltip is back once the menu closed")
      #expect(button.widget.tooltip == "More")
    }
    // A button without a tooltip gets none from its menu closing.
    button.widget.tooltip = nil
    button.popUp()
    MainContext.drain()
    gtk_menu_button_popdown(gtkkit_menu_button(button.widget))
    MainContext.drain()
    #expect(gtk_widget_get_has_tooltip(button.widget) == 0)
  }

  @Test func aContextMenuNearTheEdgesOfASmallWindowLiesInsideIt() throws {
    try DisplayHarness.requireDisplay()
    try PopoverBounds.requireMenus()
    let toplevel = Window()
    defer { toplevel.destroy() }
    toplevel.title = "Context menu fits"
    gtk_window_set_default_size(gtkkit_window(toplevel.widget), 360, 640)
    let area = gtk_drawing_area_new()!
    area.expandsHorizontally = true
    area.expandsVertically = true
    toplevel.setChild(area)
    toplevel.present()
    #expect(DisplayHarness.waitForFrames(toplevel.widget))
    let menu = Widget.popoverMenu(
      Menu([("Paste Picture", "win.paste"), ("Bring to Front", "win.front"), ("Send to Back", "win.back")]),
      named: "Picture Menu")
    gtk_popover_set_has_arrow(gtkkit_popover(menu), 0)
    gtk_widget_set_parent(menu, area)
    defer { gtk_widget_unparent(menu) }
    let width = Double(gtk_widget_get_width(area))
    let height = Double(gtk_widget_get_height(area))
    for (x, y) in [
      (4.0, 4.0), (width - 4, 4), (4, height - 4), (width - 4, height - 4), (width / 2, height / 2),
    ] {
      menu.popUp(atX: x, y: y)
      #expect(MainContext.iterate { gtk_widget_get_mapped(menu) != 0 && gtk_widget_get_width(menu) > 0 })
      DisplayHarness.waitForFrames(menu)
      let box = try #require(PopoverBounds.menu(of: menu, in: toplevel.widget))
      let room = (
        width: Double(gtk_widget_get_width(toplevel.widget)),
        height: Double(gtk_widget_get_height(toplevel.widget))
      )
      #expect(
        box.x >= 0 && box.y >= 0 && box.x + box.width <= room.width && box.y + box.height <= room.height,
        "the menu opened at (\(x), \(y)) lies at \(box) in a \(room) window")
      gtk_popover_popdown(gtkkit_popover(menu))
      MainContext.drain()
    }
  }
}
