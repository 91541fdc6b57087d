// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// How text boxes behave between the pointer and the keyboard, as in slides and drawing apps: the
/// accent frame is a selected box's only outline, a drag moves a box without starting to type in it,
/// a paste on a selected box replaces its text, Escape leaves the keyboard somewhere, and Shift on
/// a corner keeps a box's proportions.
@MainActor @Suite(.serialized) struct TextBoxFeelTests {
  static let box = TextBoxEditorHarness.box

  private func makeEditor(boxes: [TextBox] = [box]) -> EditorWindow {
    TextBoxEditorHarness.makeEditor(boxes: boxes)
  }

  private func shown(_ index: Int, in editor: EditorWindow) throws -> BoxOnScreen {
    try TextBoxEditorHarness.shown(index, in: editor)
  }

  /// The pixels `widget` paints itself (its background, border and shadows), not transparent.
  private func paintedPixels(of widget: UnsafeMutablePointer<GtkWidget>) throws -> Int {
    let texture = try #require(Screenshot.texture(of: widget))
    defer { g_object_unref(texture.raw) }
    let image = try #require(
      RasterImage(
        width: Int(gdk_texture_get_width(texture)), height: Int(gdk_texture_get_height(texture)),
        hasAlpha: true))
    gdk_texture_download(texture, image.pixels, gsize(image.stride))
    image.markDirty()
    return (0..<image.height).reduce(0) { count, y in
      count + (0..<image.width).filter { image.color(atX: $0, y: y).alpha > 0.02 }.count
    }
  }

  /// Lets a CSS transition (150 ms) finish.
  private func waitForTransitions(_ editor: EditorWindow) {
    let end = g_get_monotonic_time() + 300_000
    MainContext.iterate { g_get_monotonic_time() >= end }
    EditorHarness.settle(editor)
  }

  @Test func aBoxBeingTypedInShowsItsFrameAndNoSecondOutline() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor(boxes: [])
    defer { EditorHarness.close(editor) }
    // The classic field shows its focus outline: the probe sees an outline where there is one.
    editor.canvas.fields.topEntry.focus()
    waitForTransitions(editor)
    #expect(
      try paintedPixels(of: editor.canvas.fields.topEntry.widget) > 100, "the classic field's focus outline")

    editor.actions.action(named: EditorAction.addText.name)?.activate()
    waitForTransitions(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(entry.isFocused && entry.isTyping && editor.document.selectedLayerIndex == 0)
    #expect(try paintedPixels(of: entry.widget) == 0, "the box's field draws nothing over the frame")
    // The frame and handles are the focus indication: drawn in the accent colour around the box.
    let frame = try shown(0, in: editor)
    let canvas = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let corner = frame.position(of: .topLeft)
    let handle = canvas.color(atX: Int(corner.x.rounded()), y: Int(corner.y.rounded()))
    #expect(
      handle.red > 0.9 && handle.green > 0.9 && handle.blue > 0.9, "a white handle on the corner: \(handle)")
    Screenshot.save(editor.window, named: "editor-box-typing-single-outline")
    // Selected without typing: still nothing drawn by the field.
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("Escape")
    waitForTransitions(editor)
    #expect(entry.isFocused && !entry.isTyping)
    #expect(try paintedPixels(of: entry.widget) == 0)
  }

  @Test func theCanvasAloneShowsWhichBoxIsUnderThePointer() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    // The classic field shades itself under the pointer: the probe sees shading where there is some.
    let top = try #require(
      WidgetTree.bounds(of: editor.canvas.fields.topEntry.widget, in: editor.canvas.widget))
    try RealPointer.hover(
      atX: top.x + top.width / 2, y: top.y + top.height / 2, of: editor.canvas.widget, in: editor.window)
    waitForTransitions(editor)
    #expect(try paintedPixels(of: editor.canvas.fields.topEntry.widget) > 100)
    let box = try shown(0, in: editor)
    try RealPointer.hover(atX: box.centreX, y: box.centreY, of: editor.canvas.widget, in: editor.window)
    waitForTransitions(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(gtk_widget_get_state_flags(entry.widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0)
    #expect(try paintedPixels(of: entry.widget) == 0, "the box's field adds no shading of its own")
    #expect(editor.boxHandles.hoveredIndex == 0, "the canvas outlines the box")
  }

  @Test func aDragMovesAnUnselectedBoxAndLeavesItSelectedNotTyping() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    let start = try shown(0, in: editor)
    try RealPointer.drag(
      fromX: start.centreX, y: start.centreY, by: 70, 30, of: editor.canvas.widget, in: editor.window)
    EditorHarness.settle(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    let picture = editor.canvas.pictureRect
    #expect(abs((editor.document.textBoxes[0].frame.x - Self.box.frame.x) * picture.width - 70) <= 1.5)
    #expect(editor.document.selectedLayerIndex == 0, "the dragged box is selected")
    #expect(entry.isFocused && !entry.isTyping, "and not being typed in")
    #expect(entry.selection == nil)
    // Its keys are a selected box's: an arrow nudges it, the text stays.
    let afterDrag = editor.document.textBoxes[0].frame
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("Right")
    #expect(abs((editor.document.textBoxes[0].frame.x - afterDrag.x) * picture.width - 1) < 1e-6)
    #expect(editor.document.textBoxes[0].text == Self.box.text)

    // A plain click on the selected box starts typing where it falls.
    let here = try shown(0, in: editor)
    try RealPointer.click(atX: here.centreX, y: here.centreY, of: editor.canvas.widget, in: editor.window)
    #expect(entry.isFocused && entry.isTyping, "a click enters the text")
    // A drag of a box being typed in moves it and keeps typing (the caret stays in its text).
    try RealPointer.drag(
      fromX: here.centreX, y: here.centreY, by: -40, 20, of: editor.canvas.widget, in: editor.window)
    #expect(entry.isFocused && entry.isTyping)

    // Pressing Escape, clicking elsewhere and dragging the box again: selected, not typing.
    let picked = try shown(0, in: editor)
    try RealPointer.click(
      atX: picture.x + picture.width * 0.8, y: picture.y + picture.height * 0.5, of: editor.canvas.widget,
      in: editor.window)
    #expect(editor.document.selectedLayerIndex == nil)
    try RealPointer.drag(
      fromX: picked.centreX, y: picked.centreY, by: 30, -30, of: editor.canvas.widget, in: editor.window)
    #expect(editor.document.selectedLayerIndex == 0 && entry.isFocused && !entry.isTyping)
    // A plain click on an unselected box goes straight to typing.
    try RealPointer.click(
      atX: picture.x + picture.width * 0.8, y: picture.y + picture.height * 0.5, of: editor.canvas.widget,
      in: editor.window)
    let last = try shown(0, in: editor)
    try RealPointer.click(atX: last.centreX, y: last.centreY, of: editor.canvas.widget, in: editor.window)
    #expect(editor.document.selectedLayerIndex == 0 && entry.isFocused && entry.isTyping)
  }

  @Test func aPasteOnASelectedBoxReplacesItsTextAsALetterDoes() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor(boxes: [])
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("ctrl+t")
    try RealKeyboard.type("old")
    try RealKeyboard.press("Escape")
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(entry.isFocused && !entry.isTyping && editor.document.textBoxes[0].text == "old")
    let clipboard = gtk_widget_get_clipboard(editor.window)
    gdk_clipboard_set_text(clipboard, "pasted")
    try RealKeyboard.press("ctrl+v")
    #expect(MainContext.iterate { editor.document.textBoxes[0].text != "old" })
    #expect(editor.document.textBoxes[0].text == "pasted", "the paste replaces the selected box's text")
    #expect(entry.isTyping, "and the box is being typed in, as after a letter")
    // While typing, a paste goes in at the caret, as in any text.
    try RealKeyboard.press("ctrl+v")
    #expect(MainContext.iterate { editor.document.textBoxes[0].text == "pastedpasted" })
    // One undo step for the replacing paste's typing run, as for typed letters: back to "old".
    try RealKeyboard.press("Escape")
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes[0].text == "old")
  }

  @Test func textCopiedAfterAFieldWasFocusedPastesIntoIt() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor(boxes: [])
    defer { EditorHarness.close(editor) }
    // The clipboard is empty when the field gets the focus; the text arrives on it afterwards.
    gdk_clipboard_set_text(gtk_widget_get_clipboard(editor.window), "")
    editor.canvas.fields.topEntry.focus()
    EditorHarness.settle(editor)
    gdk_clipboard_set_text(gtk_widget_get_clipboard(editor.window), "copied later")
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("ctrl+v")
    #expect(MainContext.iterate { editor.canvas.fields.topEntry.text == "copied later" })
    #expect(editor.document.captions.top == "copied later", "the paste is an edit of the caption")
  }

  @Test func escapeOrDeleteOnASelectedBoxLeavesTheKeyboardOnAddText() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(entry.isFocused && !entry.isTyping)
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("Escape")
    #expect(editor.document.selectedLayerIndex == nil)
    let focus = try #require(gtk_root_get_focus(OpaquePointer(editor.window)), "some widget has the focus")
    #expect(focus == editor.bottomBar.addTextButton)
    // From there Ctrl+T and Enter work at once: Enter on the button adds a box.
    try RealKeyboard.press("Return")
    #expect(MainContext.iterate { editor.document.textBoxes.count == 2 })
    // Delete on a selected box leaves the keyboard there too, not on nothing.
    try RealKeyboard.press("Escape")
    #expect(editor.canvas.fields.boxEntry(at: 1).map { $0.isFocused && !$0.isTyping } == true)
    try RealKeyboard.press("Delete")
    #expect(editor.document.textBoxes.count == 1)
    #expect(gtk_root_get_focus(OpaquePointer(editor.window)) == editor.bottomBar.addTextButton)
  }

  @Test func theDrawingOrderShortcutsWorkFromARealKeyboard() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor(boxes: ["a", "b", "c"].map { TextBox(text: $0, frame: Self.box.frame) })
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 1)
    EditorHarness.settle(editor)
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("ctrl+bracketright")
    #expect(editor.document.textBoxes.map(\.text) == ["a", "c", "b"], "Ctrl+] brings it forward")
    try RealKeyboard.press("ctrl+shift+bracketleft")
    #expect(editor.document.textBoxes.map(\.text) == ["b", "a", "c"], "Shift+Ctrl+[ sends it to the back")
    try RealKeyboard.press("ctrl+shift+bracketright")
    #expect(editor.document.textBoxes.map(\.text) == ["a", "c", "b"], "Shift+Ctrl+] brings it to the front")
    try RealKeyboard.press("ctrl+bracketleft")
    #expect(editor.document.textBoxes.map(\.text) == ["a", "b", "c"], "Ctrl+[ sends it backward")
    #expect(editor.document.selectedLayerIndex == 1 && editor.document.textBoxes[1].text == "b")
  }

  @Test func shiftOnACornerKeepsTheBoxsProportions() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let before = try shown(0, in: editor)
    let corner = before.position(of: .bottomRight)
    // Over the corner first (skipped where no input can be synthesised), then Shift held.
    try RealPointer.hover(atX: corner.x - 2, y: corner.y - 2, of: editor.canvas.widget, in: editor.window)
    _ = try RealPointer.xdotool(["keydown", "shift"])
    defer { _ = try? RealPointer.xdotool(["keyup", "shift"]) }
    try RealPointer.drag(
      fromX: corner.x - 2, y: corner.y - 2, by: 80, 4, of: editor.canvas.widget, in: editor.window)
    _ = try RealPointer.xdotool(["keyup", "shift"])
    let kept = try shown(0, in: editor)
    #expect(kept.width > before.width + 60, "the corner followed the pointer out")
    #expect(abs(kept.width / kept.height - before.width / before.height) < 0.01, "\(before) → \(kept)")
    // Without Shift the same drag changes the proportions.
    let free = kept.position(of: .bottomRight)
    try RealPointer.drag(
      fromX: free.x - 2, y: free.y - 2, by: 80, 4, of: editor.canvas.widget, in: editor.window)
    let changed = try shown(0, in: editor)
    #expect(abs(changed.width / changed.height - kept.width / kept.height) > 0.1)
  }
}
