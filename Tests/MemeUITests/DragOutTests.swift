// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Dragging the meme out starts on purpose only: the button held still for the long-press time,
/// then moved 12 pixels or more. A plain drag on the fitted picture does nothing, and on a zoomed
/// one it pans. With the real pointer (XTest), as a person drags.
@Suite(.serialized) struct DragOutTests {
  /// The drag source on the canvas, and whether a drag of it is under way.
  private func dragSource(of editor: EditorWindow) throws -> gpointer {
    try #require(DragSourceProbe.dragSource(of: editor.canvas.drawingArea))
  }

  private func isDragging(_ source: gpointer) -> Bool {
    gtk_drag_source_get_drag(OpaquePointer(source)) != nil
  }

  /// The middle of the picture, in the canvas's coordinates: no caption field or box lies there.
  private func middle(of editor: EditorWindow) -> (x: Double, y: Double) {
    let picture = editor.canvas.pictureRect
    return (picture.x + picture.width / 2, picture.y + picture.height / 2)
  }

  private func editor() throws -> EditorWindow {
    try DisplayHarness.requireDisplay()
    if DisplayHarness.isWayland {
      try Test.cancel(
        Comment(rawValue: "The real pointer goes through the X server (XTest); the X11 run covers it."))
    }
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    EditorHarness.type(top: "drag me", bottom: "on purpose", into: editor)
    EditorHarness.settle(editor)
    return editor
  }

  @Test func aPlainDragOnTheFittedPictureStartsNothing() throws {
    let editor = try editor()
    defer { EditorHarness.close(editor) }
    let source = try dragSource(of: editor)
    let start = middle(of: editor)
    var dragged = false
    try RealPointer.drag(fromX: start.x, y: start.y, by: 80, 40, of: editor.canvas.widget, in: editor.window)
    {
      dragged = isDragging(source)
    }
    #expect(!dragged, "no drag-out without a hold")
    #expect(editor.canvas.painter.zoom.isFitted, "and nothing panned: the picture is fitted")
    #expect(editor.document.textBoxes.isEmpty, "nor a box made")
  }

  @Test func aZoomedPlainDragPansAndStartsNothing() throws {
    let editor = try editor()
    defer { EditorHarness.close(editor) }
    for _ in 0..<3 { editor.actions.action(named: EditorAction.zoomIn.name)?.activate() }
    EditorHarness.settle(editor)
    let source = try dragSource(of: editor)
    let before = editor.canvas.pictureRect
    #expect(!editor.canvas.painter.zoom.isFitted)
    let start = (
      x: Double(editor.canvas.drawingArea.width) / 2, y: Double(editor.canvas.drawingArea.height) / 2
    )
    var dragged = false
    try RealPointer.drag(fromX: start.x, y: start.y, by: 60, 40, of: editor.canvas.widget, in: editor.window)
    {
      dragged = isDragging(source)
    }
    EditorHarness.settle(editor)
    let after = editor.canvas.pictureRect
    #expect(!dragged, "a plain drag is not a drag-out")
    #expect(
      abs(after.x - before.x - 60) <= 1.5 && abs(after.y - before.y - 40) <= 1.5,
      "it panned: \(before) → \(after)")
  }

  @Test func holdingThenMovingDragsTheMemeOut() throws {
    let editor = try editor()
    defer { EditorHarness.close(editor) }
    let source = try dragSource(of: editor)
    let start = middle(of: editor)
    try RealPointer.hover(atX: start.x, y: start.y, of: editor.canvas.widget, in: editor.window)
    _ = try RealPointer.xdotool(["mousedown", "1"])
    defer {
      _ = try? RealPointer.xdotool(["key", "Escape"])
      _ = try? RealPointer.xdotool(["mouseup", "1"])
      for _ in 0..<10 {
        g_usleep(20_000)
        MainContext.drain()
      }
    }
    // Held still: the desktop's long-press time arms it (a bounded wait for GTK's own timer).
    #expect(MainContext.iterate(maxIterations: 4000) { editor.sharing.dragOut.isArmed }, "the hold was seen")
    #expect(!isDragging(source))
    // Under 12 pixels: still nothing.
    _ = try RealPointer.xdotool(["mousemove_relative", "--", "6", "5"])
    MainContext.iterate(maxIterations: 50) { false }
    #expect(!isDragging(source), "7.8 px is not far enough")
    for _ in 0..<4 {
      _ = try RealPointer.xdotool(["mousemove_relative", "--", "8", "4"])
      MainContext.iterate(maxIterations: 20) { isDragging(source) }
    }
    #expect(MainContext.iterate(maxIterations: 200) { isDragging(source) }, "the meme is dragged out")
  }
}
