// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@Suite(.serialized) struct WidgetTreeTests {
  @Test func findsNamedDescendantsAndTheirBounds() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let label = gtk_label_new("Hello")!
    gtk_widget_set_name(label, "greeting")
    gtk_box_append(gtkkit_box(box), label)
    gtk_window_set_child(gtkkit_window(window), box)
    Accessible.setLabel(label, "Greeting")
    #expect(WidgetTree.descendant(of: window, named: "greeting") == label)
    #expect(WidgetTree.descendant(of: window, named: "absent") == nil)
    gtk_window_set_default_size(gtkkit_window(window), 200, 100)
    gtk_window_present(gtkkit_window(window))
    #expect(MainContext.iterate { gtk_widget_get_mapped(label) != 0 && gtk_widget_get_width(label) > 0 })
    let bounds = try #require(WidgetTree.bounds(of: label, in: window))
    #expect(bounds.width > 0 && bounds.height > 0)
  }
}
