// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// An object a handler captures, to observe when GLib releases the handler's closure.
private final class Witness {
  var calls = 0
}

@Suite(.serialized) struct SignalTests {
  @Test func actionHandlerRunsAndIsReleasedWithItsObject() {
    // GSimpleAction needs no display, so this runs everywhere.
    weak var weakWitness: Witness?
    let action = g_simple_action_new("ping", nil)!
    do {
      let witness = Witness()
      weakWitness = witness
      Signal.connectAction(action, "activate") { _ in witness.calls += 1 }
    }
    g_action_activate(gtkkit_action(action.raw), nil)
    g_action_activate(gtkkit_action(action.raw), nil)
    #expect(weakWitness?.calls == 2)
    g_object_unref(action.raw)
    #expect(weakWitness == nil, "the closure box must be released when the object is finalised")
  }

  @Test func disconnectingReleasesTheClosure() {
    weak var weakWitness: Witness?
    let action = g_simple_action_new("ping", nil)!
    defer { g_object_unref(action.raw) }
    let connection: SignalConnection
    do {
      let witness = Witness()
      weakWitness = witness
      connection = Signal.connectAction(action, "activate") { _ in witness.calls += 1 }
    }
    connection.disconnect()
    #expect(weakWitness == nil)
    g_action_activate(gtkkit_action(action.raw), nil)
  }

  @Test func aOneShotHandlerRunsOnceAndIsReleased() throws {
    try DisplayHarness.requireDisplay()
    weak var weakWitness: Witness?
    let button = gtk_button_new_with_label("Press")!
    g_object_ref_sink(button)
    defer { g_object_unref(button) }
    do {
      let witness = Witness()
      weakWitness = witness
      Signal.connectOnce(button, "activate") { witness.calls += 1 }
      gtk_widget_activate(button)
      gtk_widget_activate(button)
      #expect(witness.calls == 1)
    }
    #expect(weakWitness == nil, "the handler's closure goes once it has run")
  }

  @Test func widgetHandlersAreReleasedWhenTheWidgetIsDestroyed() throws {
    try DisplayHarness.requireDisplay()
    weak var weakWitness: Witness?
    let window = gtk_window_new()!
    let button = gtk_button_new_with_label("Press")!
    gtk_window_set_child(gtkkit_window(window), button)
    do {
      let witness = Witness()
      weakWitness = witness
      // `activate` is what gtk_widget_activate emits synchronously (`clicked` follows on a timer).
      Signal.connect(button, "activate") { witness.calls += 1 }
      Signal.connectNotify(button, property: "label") { witness.calls += 10 }
    }
    gtk_widget_activate(button)
    gtk_button_set_label(gtkkit_button(button), "Pressed")
    #expect(weakWitness?.calls == 11)
    gtk_window_destroy(gtkkit_window(window))
    MainContext.drain()
    #expect(weakWitness == nil, "destroying the window finalises the button and releases its handlers")
  }

  @Test func closeRequestHandlerCanKeepTheWindowOpen() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    g_object_ref_sink(window)  // keep it inspectable after close
    defer {
      gtk_window_destroy(gtkkit_window(window))
      g_object_unref(window)
    }
    var allowClose = false
    var requests = 0
    Signal.connectReturningBool(window, "close-request") {
      requests += 1
      return !allowClose  // true = handled = stay open
    }
    gtk_window_present(gtkkit_window(window))
    gtk_window_close(gtkkit_window(window))
    #expect(requests == 1)
    #expect(gtk_widget_get_visible(window) != 0)
    allowClose = true
    gtk_window_close(gtkkit_window(window))
    #expect(requests == 2)
    #expect(gtk_widget_get_visible(window) == 0)
  }
}
