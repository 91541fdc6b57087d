// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Crop mode from the keyboard alone, with real key presses: Ctrl+Shift+X opens it, Tab reaches the
/// presets, Cancel and Done, the arrows move the crop, Alt and the arrows move a corner, Shift
/// makes a press ten times as far, Enter applies and the focus lands on a control, not a caption.
@MainActor @Suite(.serialized) struct CropKeyboardTests {
  /// An editor showing a landscape picture, the X input focus on it and the pointer resting on the
  /// header bar, off the picture: Alt and the arrows then move the bottom-right corner.
  static func editorWithThePointerOffThePicture() throws -> EditorWindow {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    do {
      try RealKeyboard.focus(editor.window)
      try RealPointer.hover(atX: 2, y: 2, of: editor.header.cancelButton, in: editor.window)
    } catch {
      EditorHarness.close(editor)
      throw error
    }
    return editor
  }

  @Test func aCropMadeEntirelyFromTheKeyboard() throws {
    let editor = try Self.editorWithThePointerOffThePicture()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.press("ctrl+shift+x")
    EditorHarness.settle(editor)
    let start = try #require(editor.cropMode.selection?.rect, "Ctrl+Shift+X opens crop mode")
    #expect(start == ImageRect(x: 0, y: 0, width: 1200, height: 800))
    // Picture pixels per screen pixel: a press moves the crop by one screen pixel.
    let scale = 1200 / editor.canvas.pictureRect.width

    // Alt+Left and Alt+Up: the bottom-right corner in (the pointer is not on the crop).
    try RealKeyboard.press("alt+shift+Left")
    try RealKeyboard.press("alt+Up")
    var rect = try #require(editor.cropMode.selection?.rect)
    #expect(rect.x == 0 && rect.y == 0)
    #expect(abs(rect.width - (1200 - 10 * scale)) < 1e-6, "Shift: ten screen pixels: \(rect)")
    #expect(abs(rect.height - (800 - scale)) < 1e-6, "\(rect)")
    // The arrows move the whole, its size kept.
    try RealKeyboard.press("shift+Right")
    try RealKeyboard.press("Down")
    rect = try #require(editor.cropMode.selection?.rect)
    #expect(abs(rect.x - 10 * scale) < 1e-6 && abs(rect.y - scale) < 1e-6, "\(rect)")
    #expect(abs(rect.width - (1200 - 10 * scale)) < 1e-6 && abs(rect.height - (800 - scale)) < 1e-6)
    // Not past the picture's edge.
    for _ in 0..<3 { try RealKeyboard.press("shift+Right") }
    #expect(try #require(editor.cropMode.selection?.rect).maxX <= 1200 + 1e-9)

    // Tab reaches the presets, Cancel and Done.
    let bar = editor.cropMode.bar
    var reached: [UnsafeMutablePointer<GtkWidget>] = []
    for _ in 0..<20 {
      try RealKeyboard.press("Tab")
      guard let focus = gtk_window_get_focus(gtkkit_window(editor.window)) else { continue }
      reached.append(focus)
      if focus == bar.doneButton { break }
    }
    func wasReached(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
      reached.contains { $0 == widget || gtk_widget_is_ancestor($0, widget) != 0 }
    }
    for aspect in CropAspect.allCases {
      #expect(
        wasReached(try #require(bar.presetButtons[aspect])), "Tab reaches the preset \(aspect.rawValue)")
    }
    #expect(wasReached(bar.cancelButton) && wasReached(bar.doneButton), "Tab reaches Cancel and Done")
    #expect(
      !reached.contains { gtk_widget_is_ancestor($0, editor.canvas.widget) != 0 },
      "no hidden caption field takes the focus")

    // Space on a preset picks it; the arrows still move the crop from there.
    let square = try #require(bar.presetButtons[.square])
    _ = gtk_widget_grab_focus(square)
    try RealKeyboard.press("space")
    rect = try #require(editor.cropMode.selection?.rect)
    #expect(abs(rect.width - rect.height) < 1e-6, "Square: \(rect)")
    // Held to a shape, Alt and an arrow move the corner along its diagonal, so it shrinks.
    try RealKeyboard.press("alt+shift+Left")
    let smaller = try #require(editor.cropMode.selection?.rect)
    #expect(
      abs(smaller.width - smaller.height) < 1e-6 && smaller.width < rect.width - 9 * scale, "\(smaller)")

    // Enter on Done applies; the focus goes back to the picture's menu button, not a caption.
    _ = gtk_widget_grab_focus(bar.doneButton)
    try RealKeyboard.press("Return")
    EditorHarness.settle(editor)
    #expect(editor.cropMode.selection == nil)
    let crop = try #require(editor.document.transform.crop, "the crop is applied")
    #expect(abs(Double(crop.width) - smaller.width) <= 1 && abs(Double(crop.height) - smaller.height) <= 1)
    #expect(editor.canvas.fields.topEntry.isFocused == false, "the top caption did not take the focus")
    #expect(editor.document.captions.top.isEmpty, "the top caption is still untouched")
    #expect(
      editor.canvas.fields.topEntry.text == EditorState.placeholder(at: .top), "and shows its placeholder")
    let focus = try #require(gtk_window_get_focus(gtkkit_window(editor.window)))
    #expect(
      focus == editor.bottomBar.transformButton
        || gtk_widget_is_ancestor(focus, editor.bottomBar.transformButton) != 0)
  }

  @Test func enterOnCancelLeavesThePictureAsItWas() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
    EditorHarness.settle(editor)
    try RealKeyboard.press("alt+shift+Up")
    #expect(editor.cropMode.selection?.rect.height ?? 800 < 800)
    _ = gtk_widget_grab_focus(editor.cropMode.bar.cancelButton)
    try RealKeyboard.press("Return")
    EditorHarness.settle(editor)
    #expect(editor.cropMode.selection == nil && editor.document.transform.crop == nil)
    #expect(!editor.canvas.fields.topEntry.isFocused)
    // Escape, as before, leaves crop mode too.
    editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
    EditorHarness.settle(editor)
    try RealKeyboard.press("Escape")
    #expect(editor.cropMode.selection == nil)
  }

  @Test func altAndTheArrowsMoveTheEdgeNearestThePointer() throws {
    let editor = try Self.editorWithThePointerOffThePicture()
    defer { EditorHarness.close(editor) }
    editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
    EditorHarness.settle(editor)
    let overlay = editor.cropMode.overlay
    #expect(overlay.resizingHandle == .bottomRight, "with the pointer elsewhere")
    let picture = editor.canvas.pictureRect
    // The pointer near the middle of the left edge.
    let point = (x: picture.x + 5, y: picture.y + picture.height / 2)
    try RealPointer.hover(atX: point.x, y: point.y, of: overlay.widget, in: editor.window)
    #expect(overlay.resizingHandle == .left)
    try RealKeyboard.press("alt+shift+Right")
    let rect = try #require(editor.cropMode.selection?.rect)
    let scale = 1200 / picture.width
    #expect(abs(rect.x - 10 * scale) < 1e-6 && abs(rect.maxX - 1200) < 1e-6 && rect.height == 800, "\(rect)")
  }
}
