// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The audit the window tests rely on: it must report what a screen reader could not name.
@Suite(.serialized) struct AccessibilityAuditTests {
  @Test func reportsUnnamedIconButtonsEntriesAndCanvasesUntilNamed() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let iconButton = gtk_button_new_from_icon_name("edit-copy-symbolic")!
    let labelButton = gtk_button_new_with_label("Copy")!
    let entry = gtk_entry_new()!
    let canvas = gtk_drawing_area_new()!
    let toggle = gtk_switch_new()!
    let hiddenButton = gtk_button_new_from_icon_name("edit-delete-symbolic")!
    gtk_widget_set_visible(hiddenButton, 0)
    for child in [iconButton, labelButton, entry, canvas, toggle, hiddenButton] {
      gtk_box_append(gtkkit_box(box), child)
    }
    gtk_window_set_child(gtkkit_window(window), box)

    let unnamed = AccessibilityAudit.unnamedControls(in: window)
    #expect(unnamed.count == 4, "\(unnamed)")  // icon button, entry, canvas, switch; not hidden, not labelled
    #expect(unnamed.contains { $0.hasSuffix("GtkButton") })
    #expect(unnamed.contains { $0.hasSuffix("GtkEntry") })
    #expect(unnamed.contains { $0.hasSuffix("GtkDrawingArea") })
    #expect(unnamed.contains { $0.hasSuffix("GtkSwitch") })

    Accessible.setLabel(iconButton, "Copy")
    Accessible.setLabel(entry, "Top caption")
    Accessible.setLabel(canvas, "Preview")
    let label = gtk_label_new("Upper case")!
    gtk_box_append(gtkkit_box(box), label)
    Accessible.setLabelledBy(toggle, label)
    #expect(AccessibilityAudit.unnamedControls(in: window).isEmpty)
  }
}
