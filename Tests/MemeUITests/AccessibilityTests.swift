// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Every control of every window has a name a screen reader can announce (the camera's capture
/// window is audited in MemeCameraUITests).
@Suite(.serialized) struct AccessibilityTests {
  private func expectAllNamed(
    _ root: gpointer, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let unnamed = AccessibilityAudit.unnamedControls(in: root)
    #expect(
      unnamed.isEmpty, "\(what): unnamed controls:\n\(unnamed.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  @Test func editorControlsAreNamed() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    expectAllNamed(editor.window, "empty editor")

    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    expectAllNamed(editor.window, "editor with a picture")

    // The caption style popover's controls, while it is open.
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    EditorHarness.settle(editor)
    expectAllNamed(editor.stylePanel.widget, "caption style panel")
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 0)
  }

  @Test func sentMemesListGridAndDetailAreNamed() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      SentMemesHarness.waitForThumbnails(window)
      expectAllNamed(window.window, "Sent Memes, List")

      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.waitForThumbnails(window)
      expectAllNamed(window.window, "Sent Memes, Grid")

      let detail = try #require(app.sentMemes?.showDetail(id: memes[0].id, from: .grid))
      SentMemesHarness.settle(app)
      MainContext.iterate { !detail.isLoading }
      expectAllNamed(detail.window, "Meme Detail")
    }
  }

  @Test func emptySentMemesIsNamed() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, _ in
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      SentMemesHarness.settle(app)
      // The empty state and the undo toast.
      #expect(window.isUndoToastShown)
      expectAllNamed(window.window, "empty Sent Memes with the undo toast")
    }
  }
}
