// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// Tab and Shift+Tab go round the same controls in opposite order, and reach every control, in
/// the editor (with a picture and a text box, with the style panel open, in crop mode), Sent Memes
/// and Meme Detail.
@MainActor @Suite(.serialized) struct TabCycleTests {
  private static func isInside(
    _ focus: UnsafeMutablePointer<GtkWidget>, _ widget: UnsafeMutablePointer<GtkWidget>
  )
    -> Bool
  {
    focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }

  /// Tab's cycle, checked against Shift+Tab's and against the controls shown.
  @discardableResult
  private static func checkBothWays(_ window: UnsafeMutablePointer<GtkWidget>, _ name: String) throws
    -> [UnsafeMutablePointer<GtkWidget>]
  {
    let (forwards, backwards) = try TabWalk.cycles(of: window)
    let mismatch = TabWalk.mismatch(forwards: forwards, backwards: backwards)
    #expect(mismatch == nil, "\(name): Shift+Tab is not Tab backwards:\n\(mismatch ?? "")")
    let unreached = TabWalk.unreached(in: window, chain: forwards)
    #expect(unreached.isEmpty, "\(name): Tab never reaches:\n\(unreached.joined(separator: "\n"))")
    return forwards
  }

  @Test func theEditorWithAPictureAndATextBox() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    EditorHarness.settle(editor)
    let forwards = try Self.checkBothWays(editor.window, "editor")
    // What Tab from the last caption used to skip, straight to Add Text.
    let bar = editor.bottomBar
    for control in [bar.transformButton, bar.albumButton, bar.albumMenuButton, bar.addTextButton] {
      #expect(
        forwards.contains { Self.isInside($0, control) },
        "Tab reaches \(AccessibilityAudit.describe(control))")
    }
    // The captions one after another in Caption N order: top, bottom, then the box.
    let fields = forwards.compactMap { focus in
      editor.canvas.fields.captionEntries.firstIndex { Self.isInside(focus, $0.widget) }
    }
    #expect(fields == [0, 1, 2])
    let first = try #require(forwards.firstIndex { Self.isInside($0, editor.canvas.fields.topEntry.widget) })
    #expect(
      forwards.count > first + 2
        && Self.isInside(forwards[first + 2], editor.canvas.fields.boxEntries[0].widget))
  }

  @Test func theEditorWithTheStylePanelOpen() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    editor.header.styleToggle.isActive = true
    EditorHarness.settle(editor)
    let forwards = try Self.checkBothWays(editor.window, "editor with the style panel")
    #expect(forwards.contains { Self.isInside($0, editor.stylePanel.widget) }, "Tab enters the style panel")
  }

  @Test func cropMode() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
    EditorHarness.settle(editor)
    #expect(editor.cropMode.isOn)
    try Self.checkBothWays(editor.window, "crop mode")
  }

  @Test func sentMemesAndDetail() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      SentMemesHarness.waitForThumbnails(window)
      try Self.checkBothWays(window.window, "Sent Memes")
      let navigator = try #require(app.sentMemes)
      let detail = try #require(navigator.showDetail(id: memes[0].id, from: .list))
      #expect(MainContext.iterate { !detail.isLoading })
      SentMemesHarness.settle(app)
      try Self.checkBothWays(detail.window, "Detail")
    }
  }
}
