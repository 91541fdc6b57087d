// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Hide Area with a real pointer and real keys (xdotool, X11 only): the button clicked starts the
/// drawing mode, a drag draws the area (one undo step), the area moves and resizes by its body and
/// handles and by the keys, Escape leaves the mode and Enter places an area in the middle; Save As
/// writes the file with the area pixelated and the rest of the photo as it was.
@MainActor @Suite(.serialized) struct HiddenAreaPointerTests {
  /// Where the area at `index` lies on the canvas now.
  static func shown(_ index: Int, in editor: EditorWindow) throws -> BoxOnScreen {
    let mapping = try #require(editor.boxHandles.mapping)
    return mapping.onScreen(editor.document.layers[index])
  }

  /// Clicks Hide Area in the bottom bar with the pointer.
  static func clickHideArea(_ editor: EditorWindow) throws {
    let button = editor.bottomBar.hideAreaButton
    try RealPointer.click(
      atX: Double(button.width) / 2, y: Double(button.height) / 2, of: button, in: editor.window)
    EditorHarness.settle(editor)
  }

  @Test func aDragDrawsTheAreaWhichMovesAndResizesByPointerAndKeysAndIsSaved() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    // A key pressed before: the click on the button still says the pointer is in use.
    try RealKeyboard.press("Tab")
    try Self.clickHideArea(editor)
    #expect(editor.hiding.isOn, "a click starts the drawing mode")
    #expect(editor.hiding.hint.widget.isVisible)
    #expect(editor.document.layers.isEmpty)
    Screenshot.save(editor.window, named: "hide-area-drawing-mode")

    // The drag draws the area from its press to its release, hidden as it grows.
    let rect = editor.canvas.pictureRect
    let start = (x: rect.x + rect.width * 0.2, y: rect.y + rect.height * 0.3)
    var whileDrawing: HiddenArea?
    try RealPointer.drag(
      fromX: start.x, y: start.y, by: 240, 120, of: editor.canvas.widget, in: editor.window
    ) {
      whileDrawing = editor.document.layers.first?.hiddenArea
      Screenshot.save(editor.window, named: "hide-area-while-drawing")
    }
    EditorHarness.settle(editor)
    #expect(whileDrawing != nil, "the area shows while the pointer draws it")
    #expect(!editor.hiding.isOn && !editor.hiding.hint.widget.isVisible, "the mode ends with the drawing")
    let drawn = try Self.shown(0, in: editor)
    #expect(
      abs(drawn.centreX - drawn.width / 2 - start.x) <= 1.5
        && abs(drawn.centreY - drawn.height / 2 - start.y) <= 1.5)
    #expect(abs(drawn.width - 240) <= 1.5 && abs(drawn.height - 120) <= 1.5, "\(drawn)")
    #expect(editor.document.selectedLayerIndex == 0)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(entry.isFocused && !entry.isTyping)
    // One undo step for the whole drawing.
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers.isEmpty)
    editor.actions.action(named: "redo")?.activate()
    #expect(editor.document.layers.count == 1)
    EditorHarness.settle(editor)

    // Its body moves it, a corner resizes it, as any layer's.
    try RealPointer.drag(
      fromX: drawn.centreX, y: drawn.centreY, by: 60, 40, of: editor.canvas.widget, in: editor.window)
    let moved = try Self.shown(0, in: editor)
    #expect(abs(moved.centreX - drawn.centreX - 60) <= 1.5 && abs(moved.centreY - drawn.centreY - 40) <= 1.5)
    #expect(abs(moved.width - drawn.width) < 0.5)
    let corner = moved.position(of: .bottomRight)
    try RealPointer.drag(
      fromX: corner.x - 1, y: corner.y - 1, by: 50, 30, of: editor.canvas.widget, in: editor.window)
    let resized = try Self.shown(0, in: editor)
    #expect(
      abs(resized.width - moved.width - 50) <= 2 && abs(resized.height - moved.height - 30) <= 2, "\(resized)"
    )
    editor.actions.action(named: "undo")?.activate()
    #expect(abs(try Self.shown(0, in: editor).width - moved.width) < 0.5, "the resize was one step")
    editor.actions.action(named: "redo")?.activate()
    EditorHarness.settle(editor)

    // The keys: an arrow nudges, Shift ten pixels, Alt resizes.
    try RealKeyboard.press("Right")
    try RealKeyboard.press("shift+Down")
    let nudged = try Self.shown(0, in: editor)
    #expect(
      abs(nudged.centreX - resized.centreX - 1) < 0.01 && abs(nudged.centreY - resized.centreY - 10) < 0.01)
    try RealKeyboard.press("alt+shift+Right")
    let wider = try Self.shown(0, in: editor)
    #expect(abs(wider.width - nudged.width - 10) < 0.01 && abs(wider.height - nudged.height) < 0.01)

    let area = try #require(editor.document.layers[0].hiddenArea)
    let saved = try HiddenAreaHarness.saveAs(editor, sink: sink)
    try HiddenAreaHarness.expectPixelated(area, in: saved, of: picture)
    #expect(sink.entries.last?.captions.layers == [.hidden(area)], "Sent Memes keeps the area")
  }

  @Test func escapeLeavesTheModeAndEnterPlacesAnAreaInTheMiddle() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try Self.clickHideArea(editor)
    #expect(editor.hiding.isOn)
    try RealKeyboard.press("Escape")
    #expect(!editor.hiding.isOn && editor.document.layers.isEmpty)
    // Presses reach the layers again: a click on the picture draws nothing.
    let rect = editor.canvas.pictureRect
    try RealPointer.click(
      atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2, of: editor.canvas.widget, in: editor.window)
    #expect(editor.document.layers.isEmpty)

    try Self.clickHideArea(editor)
    #expect(editor.hiding.isOn)
    try RealKeyboard.press("Return")
    #expect(!editor.hiding.isOn)
    let area = try #require(editor.document.layers.first?.hiddenArea)
    #expect(area.frame == HiddenArea.newFrame(pictureWidth: 1200, pictureHeight: 800))
    #expect(editor.document.selectedLayerIndex == 0)
    // A click in the mode places a new-sized area about the point.
    try Self.clickHideArea(editor)
    let point = (x: rect.x + rect.width * 0.75, y: rect.y + rect.height * 0.5)
    try RealPointer.click(atX: point.x, y: point.y, of: editor.canvas.widget, in: editor.window)
    let placed = try Self.shown(1, in: editor)
    #expect(abs(placed.centreX - point.x) <= 1 && abs(placed.centreY - point.y) <= 1, "\(placed)")
    #expect(editor.document.selectedLayerIndex == 1)
  }
}
