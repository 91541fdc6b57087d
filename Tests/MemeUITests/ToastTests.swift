// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// A toast whose window is destroyed while it shows a message forgets the hide it had pending,
/// which would otherwise reach the destroyed label seconds later.
@Suite(.serialized) struct ToastTests {
  @Test func aToastWhoseWindowGoesForgetsItsHide() throws {
    try DisplayHarness.requireDisplay()
    let toast = Toast(valign: GTK_ALIGN_END)
    let window = gtk_window_new()!
    gtk_window_set_child(gtkkit_window(window), toast.widget)
    gtk_window_present(gtkkit_window(window))
    toast.show("Copied to the clipboard")
    #expect(toast.isShown && toast.timeout != nil)

    gtk_window_destroy(gtkkit_window(window))
    MainContext.drain()
    #expect(toast.timeout == nil)
  }
}
