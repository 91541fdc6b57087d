// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// A selected text box resized and turned from the keyboard with real key presses: Alt and the
/// arrows resize it, Ctrl with Left and Right turn it, Shift makes each press larger; turns stop on
/// multiples of 45°, and the angle shows beside the box while Ctrl is held.
@MainActor @Suite(.serialized) struct TextBoxSizeAndTurnKeysTests {
  /// An editor with `TextBoxEditorHarness.box` selected; `keyboard`: the X input focus on it.
  static func editorWithSelectedBox(keyboard: Bool) throws -> EditorWindow {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor()
    if keyboard {
      do { try RealKeyboard.focus(editor.window) } catch {
        EditorHarness.close(editor)
        throw error
      }
    }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    return editor
  }

  @Test func altAndTheArrowsResizeTheSelectedBoxAboutItsCentre() throws {
    let editor = try Self.editorWithSelectedBox(keyboard: true)
    defer { EditorHarness.close(editor) }
    let before = try TextBoxEditorHarness.shown(0, in: editor)
    try RealKeyboard.press("alt+Right")
    try RealKeyboard.press("alt+shift+Right")
    try RealKeyboard.press("alt+shift+Up")
    let after = try TextBoxEditorHarness.shown(0, in: editor)
    #expect(abs(after.width - before.width - 11) < 1e-6, "\(before.width) → \(after.width)")
    #expect(abs(after.height - before.height + 10) < 1e-6, "\(before.height) → \(after.height)")
    #expect(abs(after.centreX - before.centreX) < 1e-6 && abs(after.centreY - before.centreY) < 1e-6)
    #expect(editor.document.textBoxes[0].text == TextBoxEditorHarness.box.text, "the text stays")
    // Never smaller than a handle can take hold of.
    for _ in 0..<40 { try RealKeyboard.press("alt+shift+Up") }
    #expect(try TextBoxEditorHarness.shown(0, in: editor).height >= BoxDrag.minimumSide - 1e-6)
    // Plain arrows still nudge, size kept.
    let sized = try TextBoxEditorHarness.shown(0, in: editor)
    try RealKeyboard.press("Left")
    let nudged = try TextBoxEditorHarness.shown(0, in: editor)
    #expect(abs(nudged.centreX - sized.centreX + 1) < 1e-6 && abs(nudged.width - sized.width) < 1e-6)
    // The run of resizes is one undo step.
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes[0] == TextBoxEditorHarness.box)
  }

  @Test func ctrlAndLeftOrRightTurnTheBoxStoppingOnMultiplesOf45WhileTheAngleShows() throws {
    let editor = try Self.editorWithSelectedBox(keyboard: true)
    defer { EditorHarness.close(editor) }
    let badge = editor.boxHandles.angleBadge
    #expect(!badge.isShown)
    try RealKeyboard.hold("ctrl")
    defer { try? RealKeyboard.releaseModifiers() }  // also when a check below throws
    try RealKeyboard.pressHolding("Right")
    #expect(editor.document.textBoxes[0].angle == 1)
    #expect(badge.isShown, "the angle shows while Ctrl is held")
    #expect(badge.text == "1°")
    try RealKeyboard.pressHolding("shift+Right")
    try RealKeyboard.pressHolding("shift+Right")
    #expect(editor.document.textBoxes[0].angle == 31)
    // 15 more would pass 45°: the turn stops there.
    try RealKeyboard.pressHolding("shift+Right")
    #expect(editor.document.textBoxes[0].angle == 45)
    EditorHarness.settle(editor)
    #expect(badge.text == "45°")
    // The badge lies outside the box, beside its rotation handle, clear of the caption.
    let shown = try TextBoxEditorHarness.shown(0, in: editor)
    let bounds = try #require(WidgetTree.bounds(of: badge.widget, in: editor.canvas.drawingArea))
    let centre = shown.localPoint(canvasX: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
    #expect(
      abs(centre.x) > shown.width / 2 || abs(centre.y) > shown.height / 2,
      "the badge is off the box: \(bounds)")
    Screenshot.save(editor.window, named: "editor-box-turning-angle")
    // From a snap angle the next press leaves it.
    try RealKeyboard.pressHolding("Right")
    #expect(editor.document.textBoxes[0].angle == 46)
    try RealKeyboard.pressHolding("Left")
    try RealKeyboard.pressHolding("Left")
    #expect(editor.document.textBoxes[0].angle == 44)
    try RealKeyboard.release("ctrl")
    #expect(!badge.isShown, "letting go of Ctrl ends the turn")
    #expect(editor.document.textBoxes[0].frame == TextBoxEditorHarness.box.frame, "turning leaves the frame")
    // Anticlockwise past 0° to negative angles, and back to upright in one undo step.
    try RealKeyboard.press("ctrl+shift+Left")
    try RealKeyboard.press("ctrl+shift+Left")
    #expect(editor.document.textBoxes[0].angle == 14)
    try RealKeyboard.press("ctrl+shift+Left")
    #expect(editor.document.textBoxes[0].angle == 0, "the turn stops on upright")
    try RealKeyboard.press("ctrl+shift+Left")
    #expect(editor.document.textBoxes[0].angle == -15)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes[0].angle == 0)
  }

  @Test func thePointerSnapsTo45DegreesAndShowsTheAngleWhileTurning() throws {
    let editor = try Self.editorWithSelectedBox(keyboard: false)
    defer { EditorHarness.close(editor) }
    let start = try TextBoxEditorHarness.shown(0, in: editor)
    let knob = start.position(of: .rotation)
    let radius = hypot(knob.x - start.centreX, knob.y - start.centreY)
    // 2° short of 45°, seen from the centre.
    let r = 43 * Double.pi / 180
    let target = (x: start.centreX + radius * sin(r), y: start.centreY - radius * cos(r))
    let badge = editor.boxHandles.angleBadge
    try RealPointer.drag(
      fromX: knob.x, y: knob.y, by: target.x - knob.x, target.y - knob.y, of: editor.canvas.widget,
      in: editor.window
    ) {
      #expect(editor.boxHandles.guides == [.snappedAngle])
      #expect(badge.isShown && badge.text == "45°", "the angle shows while turning")
    }
    #expect(editor.document.textBoxes[0].angle == 45)
    #expect(!badge.isShown, "and goes when the turn is done")
  }

  @Test func ctrlTabGoesRoundTheCaptionsAndBoxes() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor(boxes: [TextBoxEditorHarness.box, TextBoxEditorHarness.box])
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    // From a control outside the canvas, Ctrl+Tab goes to the top caption.
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.topEntry.isFocused)
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.bottomEntry.isFocused)
    try RealKeyboard.press("ctrl+Tab")
    #expect(
      editor.canvas.fields.boxEntry(at: 0)?.isFocused == true && editor.document.selectedLayerIndex == 0)
    try RealKeyboard.press("ctrl+Tab")
    #expect(
      editor.canvas.fields.boxEntry(at: 1)?.isFocused == true && editor.document.selectedLayerIndex == 1)
    // All round: after the last box, the top caption again.
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.topEntry.isFocused && editor.document.selectedLayerIndex == nil)
    try RealKeyboard.press("ctrl+shift+Tab")
    #expect(editor.canvas.fields.boxEntry(at: 1)?.isFocused == true, "Ctrl+Shift+Tab goes back")
    try RealKeyboard.press("ctrl+shift+Tab")
    #expect(editor.canvas.fields.boxEntry(at: 0)?.isFocused == true)
    #expect(
      EditorHarness.application.application.actions(forAccelerator: "<Control>Tab") == ["win.next-caption"])
  }
}
