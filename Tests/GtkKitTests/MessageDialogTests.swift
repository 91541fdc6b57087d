// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// GtkKit's message dialogs are AdwMessageDialogs: what they show, how each way of answering is
/// answered, the names screen readers read, and that nothing is left behind once they are gone.
@Suite(.serialized) struct MessageDialogTests {
  enum Answer: String {
    case keep
    case remove
    case later
  }

  /// Collects what a dialog answered.
  private final class Answers {
    var given: [Answer] = []
  }

  private static func parent() -> UnsafeMutablePointer<GtkWindow> {
    let window = gtkkit_window(gtk_window_new())!
    gtk_window_present(window)
    return window
  }

  private static func ask(over parent: UnsafeMutablePointer<GtkWindow>, into answers: Answers)
    -> MessageDialog
  {
    MessageDialog.ask(
      parent: parent, named: "test-question", heading: "Remove the picture?", body: "It cannot be undone.",
      choices: [
        MessageDialog.Choice(label: "_Keep", response: Answer.keep, appearance: .suggested),
        MessageDialog.Choice(label: "_Remove", response: Answer.remove, appearance: .destructive),
      ],
      defaultResponse: .keep, closeResponse: .later
    ) { answers.given.append($0) }
  }

  private static func isShown(named name: String) -> Bool {
    let windows = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let window = g_list_model_get_item(windows, index) else { continue }
      g_object_unref(window)
      if String(cString: gtk_widget_get_name(gtkkit_widget(window))) == name { return true }
    }
    return false
  }

  /// The buttons libadwaita made for the responses (a row and a column of them).
  private static func buttons(in root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    if gtkkit_is_a(root, gtk_button_get_type()) != 0 { found.append(root) }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      found += buttons(in: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  @Test func aQuestionShowsItsHeadingBodyAndResponses() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    let answers = Answers()
    let dialog = Self.ask(over: parent, into: answers)
    #expect(MessageDialog(dialog.widget) != nil)
    #expect(MessageDialog(parent) == nil, "a plain window is no message dialog")
    #expect(String(cString: gtk_widget_get_name(dialog.widget)) == "test-question")
    #expect(dialog.heading == "Remove the picture?" && dialog.body == "It cannot be undone.")
    #expect(
      Window(wrapping: dialog.widget).title == "Remove the picture?", "the heading is the window's title")
    #expect(AccessibilityAudit.hasLabel(dialog.widget, "Remove the picture?"), "and its accessible name")
    #expect(
      gtk_accessible_get_accessible_role(gtkkit_accessible(dialog.widget)) == GTK_ACCESSIBLE_ROLE_DIALOG)
    #expect(gtk_window_get_transient_for(gtkkit_window(dialog.widget)) == parent)
    #expect(gtk_window_get_modal(gtkkit_window(dialog.widget)) != 0)
    #expect(
      dialog.label(ofResponse: "keep") == "_Keep" && dialog.appearance(ofResponse: "keep") == .suggested)
    #expect(dialog.label(ofResponse: "remove") == "_Remove")
    #expect(dialog.appearance(ofResponse: "remove") == .destructive)
    #expect(dialog.label(ofResponse: "later") == nil && dialog.appearance(ofResponse: "later") == nil)
    #expect(dialog.defaultResponse == "keep" && dialog.closeResponse == "later")

    // Screen readers read each button as it is shown, without the mnemonic's underscore.
    let buttons = Self.buttons(in: dialog.widget)
    #expect(buttons.count == 4, "a row and a column of two: \(buttons.count)")
    #expect(buttons.filter { AccessibilityAudit.hasLabel($0, "Keep") }.count == 2)
    #expect(buttons.filter { AccessibilityAudit.hasLabel($0, "Remove") }.count == 2)
    // The buttons the dialog does not show (the column, while the row fits) are hidden from
    // screen readers, which would otherwise read each response twice.
    #expect(MainContext.iterate { gtk_widget_get_mapped(dialog.widget) != 0 })
    for button in buttons {
      let shown = gtk_widget_get_mapped(button) != 0
      #expect(Self.hasHiddenState(gtk_widget_get_parent(button)!, !shown), "shown: \(shown)")
    }
    #expect(buttons.filter { gtk_widget_get_mapped($0) != 0 }.count == 2)
    dialog.respond("keep")
    MainContext.drain()
    #expect(answers.given == [.keep])
  }

  private static func hasHiddenState(_ widget: gpointer, _ expected: Bool) -> Bool {
    guard
      let mismatch = gtkkit_accessible_check_bool_state(
        gtkkit_accessible(widget), GTK_ACCESSIBLE_STATE_HIDDEN, expected ? 1 : 0)
    else { return true }
    g_free(mismatch)
    return false
  }

  @Test func aButtonAnswersItsResponseOnceAndTheDialogGoes() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    weak var weakAnswers: Answers?
    do {
      let answers = Answers()
      weakAnswers = answers
      let dialog = Self.ask(over: parent, into: answers)
      #expect(MainContext.iterate { gtk_widget_get_mapped(dialog.widget) != 0 })
      let remove = try #require(
        Self.buttons(in: dialog.widget).first {
          AccessibilityAudit.hasLabel($0, "Remove") && gtk_widget_get_child_visible($0) != 0
            && gtk_widget_get_mapped($0) != 0
        }, "the Remove button shown")
      gtkkit_emit_signal(remove, "clicked")
      MainContext.drain()
      #expect(answers.given == [.remove])
      #expect(!Self.isShown(named: "test-question"), "the dialog is destroyed")
    }
    #expect(weakAnswers == nil, "the answer's closure is released with the dialog")
  }

  @Test func escapeAnswersTheCloseResponse() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    let answers = Answers()
    let dialog = Self.ask(over: parent, into: answers)
    #expect(MainContext.iterate { gtk_widget_get_mapped(dialog.widget) != 0 })
    // libadwaita binds Escape to the window.close action.
    gtk_widget_activate_action_variant(dialog.widget, "window.close", nil)
    MainContext.drain()
    #expect(answers.given == [.later])
    #expect(!Self.isShown(named: "test-question"))
  }

  @Test func enterAnswersTheDefaultResponse() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    let answers = Answers()
    let dialog = Self.ask(over: parent, into: answers)
    #expect(MainContext.iterate { gtk_widget_get_mapped(dialog.widget) != 0 })
    // Enter activates the window's default widget: the default response's button shown, which
    // looks pressed for a moment before it is clicked.
    gtk_widget_activate_action_variant(dialog.widget, "default.activate", nil)
    #expect(MainContext.iterate { !answers.given.isEmpty })
    MainContext.drain()
    #expect(answers.given == [.keep])
    #expect(!Self.isShown(named: "test-question"))
  }

  @Test func aMessageHasOneOKButtonThatEscapeAnswersToo() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    var dismissed = 0
    let dialog = MessageDialog.present(
      parent: parent, heading: "Could not open x.png", body: "It is damaged."
    ) {
      dismissed += 1
    }
    #expect(String(cString: gtk_widget_get_name(dialog.widget)) == "message-dialog")
    #expect(dialog.heading == "Could not open x.png" && dialog.body == "It is damaged.")
    #expect(dialog.label(ofResponse: MessageDialog.okResponse) == "_OK")
    #expect(dialog.defaultResponse == MessageDialog.okResponse)
    #expect(dialog.closeResponse == MessageDialog.okResponse)
    let buttons = Self.buttons(in: dialog.widget)
    #expect(buttons.count == 2 && buttons.allSatisfy { AccessibilityAudit.hasLabel($0, "OK") })
    #expect(MainContext.iterate { gtk_widget_get_mapped(dialog.widget) != 0 })
    gtk_widget_activate_action_variant(dialog.widget, "window.close", nil)
    MainContext.drain()
    #expect(dismissed == 1)
    #expect(!Self.isShown(named: "message-dialog"))
  }

  @Test func aMessageWithoutABodyShowsItsHeadingOnly() throws {
    try DisplayHarness.requireDisplay()
    let parent = Self.parent()
    defer { gtk_window_destroy(parent) }
    let dialog = MessageDialog.present(parent: parent, heading: "Saved")
    #expect(dialog.heading == "Saved" && dialog.body.isEmpty)
    dialog.respond(MessageDialog.okResponse)
    MainContext.drain()
    #expect(!Self.isShown(named: "message-dialog"))
  }
}
