// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// An object a handler captures, to observe when GLib releases the handler's closure.
private final class Witness {
  var calls = 0
}

/// libadwaita's toasts through GtkKit: what a toast says and offers, read back from the overlay
/// showing it; its handlers, kept by GLib until the toast goes; the names its buttons get; and what
/// happens to toasts when their window is destroyed.
@Suite(.serialized) struct ToastOverlayTests {
  /// A window holding an overlay over a button, shown.
  private func makeWindow() -> (window: UnsafeMutablePointer<GtkWidget>, overlay: ToastOverlay) {
    let window = Window()
    let overlay = ToastOverlay(dismissLabel: "Dismiss")
    overlay.child = Button(label: "Content").widget
    window.setChild(overlay.widget)
    window.defaultSize = (480, 320)
    window.present()
    MainContext.iterate { gtk_widget_get_mapped(window.widget) != 0 }
    return (window.widget, overlay)
  }

  @Test func aToastSaysItsPlainTitleAndOffersItsButton() throws {
    try DisplayHarness.requireDisplay()
    let (window, overlay) = makeWindow()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    #expect(overlay.shownToast == nil)
    let toast = Toast("Saved “Tom & Jerry <3>.png”")
    toast.buttonLabel = "Show in Folder"
    #expect(toast.timeoutSeconds == 5, "libadwaita's default")
    overlay.show(toast)
    let shown = try #require(overlay.shownToast)
    #expect(shown.isSame(as: toast))
    // AdwToast reads markup: the title went in escaped, is shown and read back as written.
    #expect(shown.title == "Saved “Tom & Jerry <3>.png”")
    #expect(shown.buttonLabel == "Show in Folder")
    let button = try #require(overlay.shownToastButton)
    let label = try #require(gtk_button_get_child(gtkkit_button(button)))
    #expect(String(cString: gtk_label_get_text(gtkkit_label(label))) == "Show in Folder")
    let toastWidget = try #require(gtk_widget_get_parent(button))
    let titleLabel = try #require(
      WidgetTree.first(in: toastWidget) {
        gtkkit_is_label($0) != 0 && gtk_widget_has_css_class($0, "heading") != 0
      })
    #expect(String(cString: gtk_label_get_text(gtkkit_label(titleLabel))) == "Saved “Tom & Jerry <3>.png”")
    // The buttons carry names a screen reader reads once: the button its label, the close button
    // (an icon) "Dismiss".
    #expect(
      gtkkit_accessible_check_string(
        gtkkit_accessible(button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Show in Folder") == nil)
    let close = try #require(overlay.shownToastCloseButton)
    #expect(
      gtkkit_accessible_check_string(gtkkit_accessible(close), GTK_ACCESSIBLE_PROPERTY_LABEL, "Dismiss")
        == nil)
    #expect(close.tooltip == "Dismiss")

    toast.dismiss()
    #expect(overlay.shownToast == nil, "a toast fading out is no longer the one shown")
  }

  @Test func toastsWaitTheirTurnUnlessTheyReplaceTheOthers() throws {
    try DisplayHarness.requireDisplay()
    let (window, overlay) = makeWindow()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    var dismissed: [String] = []
    let toasts = ["First", "Second", "Third"].map { title in
      let toast = Toast(title)
      toast.onDismissed { dismissed.append(title) }
      overlay.show(toast)
      return toast
    }
    #expect(overlay.shownToast?.title == "First", "the others wait")
    toasts[0].dismiss()
    #expect(overlay.shownToast?.title == "Second", "the next one comes on")
    // Made when it came on: its close button is named too.
    let close = try #require(overlay.shownToastCloseButton)
    #expect(
      gtkkit_accessible_check_string(gtkkit_accessible(close), GTK_ACCESSIBLE_PROPERTY_LABEL, "Dismiss")
        == nil)
    #expect(overlay.shownToastButton == nil, "a toast without a button shows none")

    let urgent = Toast("Urgent")
    urgent.buttonLabel = "Undo"
    overlay.show(urgent, replacingOthers: true)
    #expect(overlay.shownToast?.title == "Urgent", "shown at once")
    #expect(dismissed == ["First", "Third", "Second"], "the waiting one first, then the shown one")
    // Gone at once (libadwaita 1.2 aborts when a toast pushed back returns while it fades out).
    urgent.dismiss()
    #expect(overlay.shownToast == nil, "nothing comes back")
    DisplayHarness.waitForFrames(window)
  }

  @Test func theButtonRunsItsHandlerAndTheToastGoes() throws {
    try DisplayHarness.requireDisplay()
    let (window, overlay) = makeWindow()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    var events: [String] = []
    let toast = Toast("Text box deleted")
    toast.buttonLabel = "Undo"
    toast.onButtonClicked { events.append("clicked") }
    toast.onDismissed { events.append("dismissed") }
    overlay.show(toast)
    let button = try #require(overlay.shownToastButton)
    #expect(gtk_widget_activate(button) != 0)
    #expect(MainContext.iterate { events == ["clicked", "dismissed"] }, "\(events)")
    #expect(overlay.shownToast == nil)
  }

  @Test func handlersAreReleasedWithTheToast() throws {
    try DisplayHarness.requireDisplay()
    weak var weakWitness: Witness?
    weak var weakToast: Toast?
    let (window, overlay) = makeWindow()
    defer { gtk_window_destroy(gtkkit_window(window)) }
    do {
      let witness = Witness()
      weakWitness = witness
      let toast = Toast("Copied to the clipboard")
      weakToast = toast
      toast.onButtonClicked { witness.calls += 1 }
      toast.onDismissed { witness.calls += 10 }
      overlay.show(toast)
      toast.dismiss()
      #expect(witness.calls == 10)
    }
    #expect(weakToast == nil)
    // The overlay lets its reference go once the toast has faded out.
    #expect(MainContext.iterate { weakWitness == nil }, "the closure boxes go with the AdwToast")
  }

  /// A destroyed window's overlay dismisses its toasts, after letting go of its content.
  @Test func destroyingTheWindowDismissesItsToasts() throws {
    try DisplayHarness.requireDisplay()
    let (window, overlay) = makeWindow()
    let shown = Toast("Meme deleted")
    let waiting = Toast("Copied to the clipboard")
    var dismissed: [String] = []
    var contentAtDismissal: [Bool] = []
    shown.onDismissed {
      dismissed.append("shown")
      contentAtDismissal.append(overlay.child != nil)
    }
    waiting.onDismissed { dismissed.append("waiting") }
    overlay.show(shown)
    overlay.show(waiting)
    gtk_window_destroy(gtkkit_window(window))
    MainContext.drain()
    #expect(dismissed.sorted() == ["shown", "waiting"])
    #expect(contentAtDismissal == [false], "the content went first")
    // Shown after its window went, a toast goes nowhere.
    overlay.show(Toast("Too late"))
  }
}
