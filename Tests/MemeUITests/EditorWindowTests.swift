// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The editor window, driven through its actions under a real (Xvfb) display.
@Suite(.serialized) struct EditorWindowTests {
  private func widget(_ name: String, in editor: EditorWindow) throws -> UnsafeMutablePointer<GtkWidget> {
    try #require(WidgetTree.descendant(of: editor.window, named: name), "no widget named \(name)")
  }

  private func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_is_sensitive(widget) != 0
  }

  @Test func windowBuildsWithNamedWidgetsAndShareInsensitive() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(String(cString: gtk_window_get_title(gtkkit_window(editor.window))) == "New Meme")
    for name in [
      "share-button", "cancel-button", "camera-button", "album-button", "top-caption", "bottom-caption",
      "meme-canvas", "placeholder",
    ] {
      _ = try widget(name, in: editor)
    }
    // Share is at the start of the header bar, Cancel at the end.
    let share = try widget("share-button", in: editor)
    let cancel = try widget("cancel-button", in: editor)
    let shareBounds = try #require(WidgetTree.bounds(of: share, in: editor.window))
    let cancelBounds = try #require(WidgetTree.bounds(of: cancel, in: editor.window))
    #expect(shareBounds.x < cancelBounds.x)
    #expect(!isSensitive(share), "Share needs a picture")
    #expect(editor.actions.action(named: "save-as")?.isEnabled == false)
    #expect(!isSensitive(try widget("camera-button", in: editor)), "no camera capture is wired in tests")
    #expect(isSensitive(try widget("album-button", in: editor)))
    #expect(gtk_widget_get_visible(try widget("placeholder", in: editor)) != 0)
    #expect(editor.canvas.fields.topEntry.text == "TOP")
    #expect(editor.canvas.fields.bottomEntry.text == "BOTTOM")
  }

  @Test func controlsCarryTheirAccessibleNames() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let names = [
      "share-button": "Share", "cancel-button": "Cancel", "camera-button": "Camera", "album-button": "Album",
      "top-caption": "Top caption", "bottom-caption": "Bottom caption", "style-button": "Style & Layout",
    ]
    for (widgetName, label) in names {
      let control = try widget(widgetName, in: editor)
      let mismatch = gtkkit_accessible_check_string(
        gtkkit_accessible(control), GTK_ACCESSIBLE_PROPERTY_LABEL, label)
      defer { g_free(mismatch) }
      #expect(mismatch == nil, "\(widgetName): \(mismatch.map { String(cString: $0) } ?? "")")
    }
  }

  @Test func everyBehaviourHasItsShortcut() throws {
    try DisplayHarness.requireDisplay()
    let application = EditorHarness.application.application
    let expected = [
      "win.open": "<Control>o", "win.save-as": "<Shift><Control>s", "win.copy-image": "<Shift><Control>c",
      "win.paste": "<Control>v", "win.undo": "<Control>z", "win.redo": "<Shift><Control>z",
      "win.close": "<Control>w", "app.quit": "<Control>q",
    ]
    for (action, accelerator) in expected {
      #expect(application.accelerators(for: action).first == accelerator, "\(action)")
    }
  }

  @Test func loadingThroughTheAlbumActionMakesShareSensitive() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let url = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    #expect(EditorHarness.load(url, into: editor))
    let picture = try #require(editor.document.image)
    #expect(picture.url == url)
    #expect(picture.width == 1200 && picture.height == 800)
    #expect(isSensitive(try widget("share-button", in: editor)))
    #expect(editor.actions.action(named: "copy-image")?.isEnabled == true)
    #expect(gtk_widget_get_visible(try widget("placeholder", in: editor)) == 0)
    #expect(editor.lastError == nil)
  }

  @Test func typedCaptionsReachTheModelAndDefaultTextsBehave() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let top = editor.canvas.fields.topEntry
    // Focusing a field that holds its default text clears it.
    gtk_widget_grab_focus(top.widget)
    MainContext.drain()
    #expect(top.text == "")
    gtk_editable_set_text(gtkkit_editable(top.widget), "Hello there")
    #expect(editor.document.captions.top == "Hello there")
    // Enter commits and moves focus away.
    gtk_widget_activate(top.widget)
    MainContext.drain()
    #expect(gtk_widget_has_focus(top.widget) == 0)
    #expect(editor.document.captions.top == "Hello there")
    // A field left empty shows its placeholder again; the caption stays empty.
    let bottom = editor.canvas.fields.bottomEntry
    gtk_widget_grab_focus(bottom.widget)
    MainContext.drain()
    gtk_widget_grab_focus(top.widget)
    MainContext.drain()
    #expect(bottom.text == "BOTTOM")
    #expect(editor.document.captions.bottom == "")
  }

  @Test func undoAndRedoCoverCaptionsStyleAndPicture() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let first = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    let second = Fixtures.picture(width: 600, height: 900, name: "portrait.png")
    EditorHarness.load(first, into: editor)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), "One")
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), "One two")
    editor.document.endTyping()
    var style = editor.document.captions.style
    style.isUppercase = false
    editor.document.setStyle(style)
    EditorHarness.load(second, into: editor)
    #expect(editor.document.image?.url == second)

    let undo = try #require(editor.actions.action(named: "undo"))
    undo.activate()
    #expect(editor.document.image?.url == first)
    undo.activate()
    #expect(editor.document.captions.style.isUppercase)
    undo.activate()
    #expect(editor.document.captions.top == "", "typing in one field is one undo step")
    // Empty, with no placeholder: an opened picture put the caret in the top caption.
    #expect(editor.canvas.fields.topEntry.text == "")
    editor.actions.action(named: "redo")?.activate()
    #expect(editor.canvas.fields.topEntry.text == "One two")
    #expect(editor.document.captions.top == "One two")
  }

  @Test func cancelReturnsToTheLaunchState() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.bottomEntry.widget), "Changed")
    editor.actions.action(named: "cancel")?.activate()
    MainContext.drain()
    // The edited meme was never shared: Cancel asks first, as closing the window does.
    let question = try #require(editor.leaving.dialog)
    question.respond(LeavingQuestions.DiscardResponse.discard.rawValue)
    MainContext.drain()
    #expect(editor.document.image == nil)
    #expect(editor.document.captions.top == "" && editor.document.captions.bottom == "")
    #expect(editor.canvas.fields.topEntry.text == "TOP" && editor.canvas.fields.bottomEntry.text == "BOTTOM")
    #expect(!isSensitive(try widget("share-button", in: editor)))
    #expect(gtk_widget_get_visible(try widget("placeholder", in: editor)) != 0)
  }

  @Test func aBrokenPictureShowsAnErrorAndKeepsThePreviousState() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), "Keep me")
    let before = try #require(editor.document.image)
    EditorHarness.load(Fixtures.broken(), into: editor)
    let error = try #require(editor.lastError)
    #expect(error.title.contains("broken.jpg"), "the error names the file")
    #expect(!error.detail.isEmpty, "and gives the reason")
    #expect(editor.document.image === before)
    #expect(editor.document.captions.top == "Keep me")
    #expect(isSensitive(try widget("share-button", in: editor)))
    let dialog = try #require(Self.toplevel(named: "message-dialog"), "an error dialog is shown")
    gtk_window_destroy(gtkkit_window(dialog))
  }

  /// The first toplevel window named `name`.
  static func toplevel(named name: String) -> gpointer? {
    let windows = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let window = g_list_model_get_item(windows, index) else { continue }
      g_object_unref(window)  // the list keeps its own reference
      if String(cString: gtk_widget_get_name(gtkkit_widget(window))) == name { return window }
    }
    return nil
  }
}
