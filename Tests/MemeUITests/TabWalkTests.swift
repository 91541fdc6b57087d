// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The Tab walk the window tests rely on finds a control that Tab skips, and passes one it reaches.
@Suite(.serialized) struct TabWalkTests {
  @Test func aControlTabSkipsIsReportedAndTheOthersAreNot() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    window.title = "Tab walk"
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let box = Widget.box(GTK_ORIENTATION_VERTICAL)
    let reached = Widget.button(label: "Reached")
    reached.name = "reached"
    let skipped = Widget.button(label: "Skipped")
    skipped.name = "skipped"
    gtk_widget_set_focusable(skipped, 0)
    let entry = gtk_entry_new()!
    entry.name = "entry"
    for widget in [reached, skipped, entry] { box.append(widget) }
    gtk_window_set_child(gtkkit_window(window), box)
    window.present()
    #expect(DisplayHarness.waitForFrames(window))
    let chain = try TabWalk.focusChain(of: window)
    // The entry's focus goes to its text widget, inside it.
    #expect(TabWalk.unreached(in: window, chain: chain) == ["GtkButton#skipped"])
  }
}
