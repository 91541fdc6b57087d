// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// A comic bubble's tail with a real pointer and real keys (xdotool, X11 only): a drag from the
/// handle at the tail's tip moves the tip (one undo step) and leaves the bubble where it was, and
/// Move Tail gives the arrow keys to the tip.
@MainActor @Suite(.serialized) struct SpeechBubblePointerTests {
  @Test func aDragFromTheTipMovesTheTailAndMoveTailGivesItTheArrowKeys() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    SpeechBubbleHarness.add(comic: true, editor)
    try RealKeyboard.press("Escape")  // stop typing: the bubble stays selected, its keys its own
    let added = try #require(editor.document.layers.first?.speechBubble)
    let mapping = try #require(editor.boxHandles.mapping)
    let tip = mapping.tailTip(of: added)

    var whileDragging: SpeechBubble?
    try RealPointer.drag(fromX: tip.x, y: tip.y, by: 60, 30, of: editor.canvas.widget, in: editor.window) {
      whileDragging = editor.document.layers.first?.speechBubble
      Screenshot.save(editor.window, named: "speech-bubble-tail-drag")
    }
    EditorHarness.settle(editor)
    let dragged = try #require(editor.document.layers.first?.speechBubble)
    #expect(whileDragging?.tailX != added.tailX, "the tail follows the pointer")
    let picture = mapping.pictureRect
    #expect(abs((dragged.tailX - added.tailX) * picture.width - 60) <= 1.5)
    #expect(abs((dragged.tailY - added.tailY) * picture.height - 30) <= 1.5)
    #expect(dragged.frame == added.frame && editor.document.selectedLayerIndex == 0, "the bubble stays")

    // Move Tail from the keyboard: the arrows move the tip, Escape gives them back to the bubble.
    StickerEditorTests.activate(BubbleActions.moveTailName, editor)
    try RealKeyboard.press("Left")
    try RealKeyboard.press("shift+Up")
    let keyed = try #require(editor.document.layers.first?.speechBubble)
    #expect(abs((dragged.tailX - keyed.tailX) * picture.width - 1) < 0.01)
    #expect(abs((dragged.tailY - keyed.tailY) * picture.height - 10) < 0.01)
    #expect(keyed.frame == added.frame)
    try RealKeyboard.press("Escape")
    try RealKeyboard.press("Left")
    #expect(
      editor.document.layers.first?.speechBubble?.frame != added.frame, "the arrows move the bubble again")

    for expected in [keyed, dragged, added] {
      editor.actions.action(named: "undo")?.activate()
      #expect(editor.document.layers.first?.speechBubble == expected)
    }
  }
}
