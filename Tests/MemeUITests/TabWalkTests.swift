// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The Tab walk the window tests rely on finds a control that Tab skips, and passes one it reaches.
@Suite(.serialized) struct TabWalkTests {
  @Test func aControlTabSkipsIsReportedAndTheOthersAreNot() throws {
    try DisplayHarness.requireDisplay()
    let toplevel = Window()
    let window = toplevel.widget
    toplevel.title = "Tab walk"
    defer { toplevel.destroy() }
    let box = Box(GTK_ORIENTATION_VERTICAL)
    let reached = Button(label: "Reached").widget
    reached.name = "reached"
    let skipped = Button(label: "Skipped").widget
    skipped.name = "skipped"
    gtk_widget_set_focusable(skipped, 0)
    let entry = gtk_entry_new()!
    entry.name = "entry"
    for widget in [reached, skipped, entry] { box.append(widget) }
    toplevel.setChild(box.widget)
    toplevel.present()
    #expect(DisplayHarness.waitForFrames(window))
    let chain = try TabWalk.focusChain(of: window)
    // The entry's focus goes to its text widget, inside it.
    #expect(TabWalk.unreached(in: window, chain: chain) == ["GtkButton#skipped"])
  }
}
