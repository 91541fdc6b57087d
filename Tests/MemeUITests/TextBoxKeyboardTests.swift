// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Text boxes from the keyboard in a real window: Add Text, typing in place, the keys of a selected
/// box, Tab through the captions, the drawing-order actions, and what screen readers are told.
@MainActor @Suite(.serialized) struct TextBoxKeyboardTests {
  /// An editor with a landscape picture, shown and laid out.
  static func editorWithPicture() -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    return editor
  }

  static func addText(_ editor: EditorWindow) {
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    EditorHarness.settle(editor)
  }

  @Test func addTextNeedsAPictureAndPlacesASelectedBoxInTheMiddleReadyForTyping() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let button = try #require(WidgetTree.descendant(of: editor.window, named: "add-text-button"))
    #expect(gtk_widget_is_sensitive(button) == 0, "no picture yet: nothing to put text on")
    #expect(EditorHarness.application.application.actions(forAccelerator: "<Control>t") == ["win.add-text"])
    Self.addText(editor)
    #expect(editor.document.textBoxes.isEmpty)

    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    #expect(gtk_widget_is_sensitive(button) != 0)
    #expect(AccessibleNameTests.labelMismatch(button, "Add Text") == nil)
    #expect(gtk_widget_activate(button) != 0)
    // A keyboard-activated button shows itself pressed for a moment, then clicks.
    #expect(MainContext.iterate { editor.document.textBoxes.count == 1 }, "the button adds a box")
    EditorHarness.settle(editor)
    #expect(editor.document.selectedLayerIndex == 0)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(entry.isFocused && entry.isTyping, "the caret is in the new box")
    #expect(entry.text == EditorState.boxPlaceholder && editor.document.textBoxes[0].text == "")
    #expect(
      entry.selection == 0..<EditorState.boxPlaceholder.count, "the placeholder is selected to be typed over")
    // The field lies over the box, in the middle of the picture.
    let picture = editor.canvas.pictureRect
    let field = try #require(WidgetTree.bounds(of: entry.widget, in: editor.canvas.drawingArea))
    let box = editor.document.textBoxes[0].frame
    #expect(abs(field.x + field.width / 2 - (picture.x + picture.width / 2)) <= 1.5)
    #expect(abs(field.y + field.height / 2 - (picture.y + picture.height / 2)) <= 1.5)
    #expect(abs(field.width - box.width * picture.width) <= 1.5, "\(field) over \(box) of \(picture)")
    #expect(
      abs(field.height - box.height * picture.height) <= 1.5 || field.height > box.height * picture.height)
    // The canvas draws the placeholder where the box is: white letters in the field's middle.
    #expect(try Self.whitePixels(in: editor, around: field) > 30, "the box's caption is drawn")
  }

  /// White (caption-coloured) pixels of the canvas as drawn on screen, inside `rect`.
  static func whitePixels(
    in editor: EditorWindow, around rect: (x: Double, y: Double, width: Double, height: Double)
  ) throws -> Int {
    let image = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let columns = max(0, Int(rect.x))..<min(image.width, Int(rect.x + rect.width))
    let rows = max(0, Int(rect.y))..<min(image.height, Int(rect.y + rect.height))
    return rows.reduce(0) { count, y in
      count
        + columns.filter { x in
          let pixel = image.color(atX: x, y: y)
          return pixel.red > 0.97 && pixel.green > 0.97 && pixel.blue > 0.97
        }.count
    }
  }

  @Test func typingIntoABoxIsFittedLiveAndOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    Self.addText(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    for text in ["s", "sh", "short"] { Entry(wrapping: entry.widget).text = text }
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes[0].text == "short")
    let short = try #require(editor.canvas.layout?.layers.first)
    #expect(short.text == "SHORT", "the canvas lays out what was typed")
    Entry(wrapping: entry.widget).text = "short, and then a good deal longer"
    let long = try #require(editor.canvas.layout?.layers.first)
    #expect(long.fontSize < short.fontSize, "longer text is fitted smaller, as it is typed")
    #expect(long.fits)
    editor.actions.action(named: "undo")?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes.map(\.text) == [""], "one step for the whole run")
    #expect(entry.text == EditorState.boxPlaceholder)
    editor.actions.action(named: "undo")?.activate()
    EditorHarness.settle(editor)
    #expect(
      editor.document.textBoxes.isEmpty && editor.canvas.fields.boxEntries.isEmpty,
      "the next undo removes the box")
    #expect(
      !editor.canvas.fields.topEntry.isFocused && editor.canvas.fields.topEntry.text == "TOP",
      "the focus did not fall to the top caption, clearing it")
    editor.actions.action(named: "redo")?.activate()
    editor.actions.action(named: "redo")?.activate()
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.boxEntry(at: 0)?.text == "short, and then a good deal longer")

    // A box emptied and left gets its placeholder back, as a classic caption does.
    let again = try #require(editor.canvas.fields.boxEntry(at: 0))
    again.focus()
    Entry(wrapping: again.widget).text = ""
    again.stopTyping()
    #expect(editor.document.textBoxes[0].text == "" && again.text == EditorState.boxPlaceholder)
    #expect(editor.document.selectedLayerIndex == 0 && !again.isTyping, "still selected, not typing")
  }

  @Test func aBoxTooSmallForItsTextIsReportedByItsName() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    Self.addText(editor)
    let revealer = editor.warningBar.revealer.widget
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(revealer)) == 0)
    let long = Array(repeating: "far too many words for one small box", count: 120).joined(separator: " ")
    Entry(wrapping: try #require(editor.canvas.fields.boxEntry(at: 0)).widget).text = long
    #expect(editor.canvas.layout?.overflowingBoxes == [0], "the engine says it does not fit")
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(revealer)) != 0)
    let label = try #require(WidgetTree.descendant(of: editor.window, named: "caption-overflow"))
    #expect(String(cString: gtk_label_get_text(gtkkit_label(label))).contains("Text box 1"))
  }

  @Test func boxFieldsAreNamedTextBoxOneOnwardsAndFollowTheBoxes() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    for _ in 0..<3 { Self.addText(editor) }
    #expect(editor.canvas.fields.boxEntries.count == 3)
    for (index, entry) in editor.canvas.fields.boxEntries.enumerated() {
      #expect(
        AccessibleNameTests.labelMismatch(entry.widget, "Text box \(index + 1)") == nil,
        "\(AccessibleNameTests.labelMismatch(entry.widget, "Text box \(index + 1)") ?? "")")
      #expect(
        gtk_accessible_get_accessible_role(gtkkit_accessible(entry.widget)) == GTK_ACCESSIBLE_ROLE_TEXT_BOX)
      #expect(gtk_editable_get_editable(gtkkit_editable(entry.widget)) != 0)
    }
    editor.document.setText("the second box", ofBoxAt: 1)
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.boxEntry(at: 1)?.text == "the second box", "each field shows its box's text")
    editor.document.removeLayer(at: 0)
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.boxEntries.count == 2)
    #expect(editor.canvas.fields.boxEntry(at: 0)?.text == "the second box")
    #expect(
      WidgetTree.descendant(of: editor.window, named: "caption-box-2") == nil, "the extra field is gone")
  }

  @Test func aSelectedBoxTakesEscapeDeleteArrowsAndLetters() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("ctrl+t")
    EditorHarness.settle(editor)
    try #require(editor.document.textBoxes.count == 1, "Ctrl+T adds a box")
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    try RealKeyboard.type("hi")
    #expect(editor.document.textBoxes[0].text == "hi", "typing replaces the placeholder")

    try RealKeyboard.press("Escape")
    #expect(entry.isFocused && !entry.isTyping, "Escape leaves typing")
    #expect(editor.document.selectedLayerIndex == 0, "and keeps the box selected")

    // Arrows nudge by a screen pixel, Shift+arrows by ten; the text stays as it was.
    let picture = editor.canvas.pictureRect
    let start = editor.document.textBoxes[0].frame
    try RealKeyboard.press("Right")
    try RealKeyboard.press("Right")
    try RealKeyboard.press("shift+Down")
    let moved = editor.document.textBoxes[0].frame
    #expect(abs((moved.x - start.x) * picture.width - 2) < 1e-6, "\(moved.x - start.x)")
    #expect(abs((moved.y - start.y) * picture.height - 10) < 1e-6)
    #expect(editor.document.textBoxes[0].text == "hi")
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.textBoxes[0].frame == start, "the run of nudges is one step")

    // A letter on a selected box replaces its text; Enter ends typing, keeping the box selected.
    try RealKeyboard.type("yo")
    #expect(editor.document.textBoxes[0].text == "yo")
    #expect(entry.isTyping)
    try RealKeyboard.press("Return")
    #expect(!entry.isTyping && editor.document.selectedLayerIndex == 0)

    // Escape with nothing typed deselects; the field lets the focus go.
    try RealKeyboard.press("Escape")
    #expect(editor.document.selectedLayerIndex == nil)
    #expect(!entry.isFocused)

    // Delete removes a selected box, and Ctrl+Z brings it back selected, its frame drawn.
    let mapping = try #require(editor.boxHandles.mapping)
    let corner = mapping.onScreen(editor.document.textBoxes[0]).position(of: .topLeft)
    func cornerPixel() throws -> (red: Double, green: Double, blue: Double) {
      let canvas = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
      let pixel = canvas.color(atX: Int(corner.x.rounded()), y: Int(corner.y.rounded()))
      return (pixel.red, pixel.green, pixel.blue)
    }
    let unselected = try cornerPixel()
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    #expect(entry.isFocused && !entry.isTyping, "selecting a box gives its field the keys")
    let selected = try cornerPixel()
    #expect(selected != unselected, "the probe sees the frame's handle: \(selected) \(unselected)")
    try RealKeyboard.press("Delete")
    #expect(editor.document.textBoxes.isEmpty)
    try RealKeyboard.press("ctrl+z")
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes.map(\.text) == ["yo"])
    #expect(editor.document.selectedLayerIndex == 0, "the box undo brought back is selected")
    let back = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(back.isFocused && !back.isTyping, "its field takes the keys at once")
    #expect(try cornerPixel() == selected, "its frame is drawn")
  }

  @Test func tabGoesThroughTheCaptionsInCaptionOrder() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    Self.addText(editor)
    Self.addText(editor)
    try RealKeyboard.focus(editor.window)
    editor.canvas.fields.topEntry.focus()
    try RealKeyboard.press("Tab")
    #expect(editor.canvas.fields.bottomEntry.isFocused)
    #expect(editor.document.selectedLayerIndex == nil)
    try RealKeyboard.press("Tab")
    #expect(editor.canvas.fields.boxEntry(at: 0)?.isFocused == true, "Caption 3 after the bottom caption")
    #expect(editor.document.selectedLayerIndex == 0)
    try RealKeyboard.press("Tab")
    #expect(editor.canvas.fields.boxEntry(at: 1)?.isFocused == true)
    #expect(editor.document.selectedLayerIndex == 1)
    try RealKeyboard.press("shift+Tab")
    #expect(editor.canvas.fields.boxEntry(at: 0)?.isFocused == true, "Shift+Tab goes back")
    try RealKeyboard.press("Tab")
    try RealKeyboard.press("Tab")
    // After the last caption Tab leaves the captions (for the canvas's other controls, then the bars).
    let captions =
      [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry]
      + (0..<2).compactMap { editor.canvas.fields.boxEntry(at: $0) }
    #expect(gtk_window_get_focus(gtkkit_window(editor.window)) != nil)
    #expect(!captions.contains { $0.isFocused }, "after the last caption Tab leaves the captions")
    // Tab from a box not being typed in goes on in the same order.
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    try RealKeyboard.press("shift+Tab")
    #expect(editor.canvas.fields.bottomEntry.isFocused && editor.document.selectedLayerIndex == nil)
  }

  @Test func theDrawingOrderActionsMoveTheSelectedBoxAndAreInTheMenu() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    for text in ["a", "b", "c"] {
      Self.addText(editor)
      editor.canvas.fields.boxEntry(at: editor.document.textBoxes.count - 1).map {
        Entry(wrapping: $0.widget).text = text
      }
    }
    let app = EditorHarness.application.application
    #expect(app.actions(forAccelerator: "<Control>bracketright") == ["layer.bring-forward"])
    #expect(app.actions(forAccelerator: "<Control>bracketleft") == ["layer.send-backward"])
    #expect(app.actions(forAccelerator: "<Control><Shift>bracketright") == ["layer.bring-to-front"])
    #expect(app.actions(forAccelerator: "<Control><Shift>bracketleft") == ["layer.send-to-back"])
    func enabled(_ action: LayerAction) -> Bool {
      editor.layerActions.actions.action(named: action.name)?.isEnabled ?? false
    }
    // The last added box is selected and on top: it can only go down.
    #expect(editor.document.selectedLayerIndex == 2)
    #expect(
      !enabled(.bringForward) && !enabled(.bringToFront) && enabled(.sendBackward) && enabled(.sendToBack))
    editor.layerActions.actions.action(named: LayerAction.sendToBack.name)?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes.map(\.text) == ["c", "a", "b"])
    #expect(
      editor.document.selectedLayerIndex == 0 && editor.canvas.fields.boxEntry(at: 0)?.isFocused == true)
    #expect(enabled(.bringForward) && !enabled(.sendBackward))
    editor.layerActions.actions.action(named: LayerAction.bringForward.name)?.activate()
    #expect(editor.document.textBoxes.map(\.text) == ["a", "c", "b"])
    editor.actions.action(named: "undo")?.activate()
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.textBoxes.map(\.text) == ["a", "b", "c"])
    // Delete, as the menu gives it, removes the selected layer and offers Undo in a toast.
    editor.document.selectLayer(at: 1)
    EditorHarness.settle(editor)
    #expect(enabled(.delete))
    editor.layerActions.actions.action(named: LayerAction.delete.name)?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes.map(\.text) == ["a", "c"])
    #expect(editor.toasts.shownToast?.title == "Text box deleted")
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.textBoxes.map(\.text) == ["a", "b", "c"])
    editor.document.selectLayer(at: nil)
    EditorHarness.settle(editor)
    #expect(LayerAction.allCases.allSatisfy { !enabled($0) }, "nothing selected")
    // The canvas's context menu lists them, in its second section.
    let menu = EditorContextMenu.menu
    let section = try #require(g_menu_model_get_item_link(menu.model, 1, "section"))
    defer { g_object_unref(section) }
    let items = (0..<g_menu_model_get_n_items(section)).compactMap { index -> String? in
      guard let value = g_menu_model_get_item_attribute_value(section, index, "action", nil) else {
        return nil
      }
      defer { g_variant_unref(value) }
      return String(cString: g_variant_get_string(value, nil))
    }
    #expect(
      items == [
        "layer.bring-forward", "layer.send-backward", "layer.bring-to-front", "layer.send-to-back",
        "layer.delete",
      ])
  }

  @Test func theStylePanelStylesTheSelectedBoxAlone() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithPicture()
    defer { EditorHarness.close(editor) }
    Self.addText(editor)
    Self.addText(editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    defer { editor.stylePanel.isOpen = false }
    let toggle = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "uppercase"))
    #expect(editor.document.selectedLayerIndex == 1)
    gtk_switch_set_active(OpaquePointer(toggle), 0)
    #expect(editor.document.textBoxes[1].style.isUppercase == false, "the selected box changed")
    #expect(editor.document.textBoxes[0].style.isUppercase, "the other box did not")
    #expect(editor.document.captions.style.isUppercase, "nor did the classic captions")
    #expect(editor.canvas.layout?.captions.textBoxes[1].style.isUppercase == false, "the canvas draws it so")
    let target = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "style-target"))
    #expect(String(cString: gtk_label_get_text(gtkkit_label(target))) == "Styles the selected text box only.")
    // A box has an alignment of its own; the classic captions are always centred.
    let left = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "align-left"))
    #expect(gtk_widget_get_mapped(left) != 0)
    gtk_toggle_button_set_active(gtkkit_toggle_button(left), 1)
    #expect(
      editor.document.textBoxes[1].alignment == .left && editor.document.textBoxes[0].alignment == .center)
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.textBoxes[1].alignment == .center)
    #expect(gtk_toggle_button_get_active(gtkkit_toggle_button(left)) == 0, "the panel follows undo")
    // Selecting the other box shows its style; with none selected the panel is the captions' again.
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    #expect(gtk_switch_get_active(OpaquePointer(toggle)) != 0)
    editor.document.selectLayer(at: nil)
    EditorHarness.settle(editor)
    #expect(
      String(cString: gtk_label_get_text(gtkkit_label(target))) == "Styles the top and bottom captions.")
    #expect(gtk_widget_get_mapped(left) == 0, "no alignment for the classic captions")
    gtk_switch_set_active(OpaquePointer(toggle), 0)
    #expect(!editor.document.captions.style.isUppercase)
    #expect(editor.document.textBoxes[0].style.isUppercase)
    editor.actions.action(named: "undo")?.activate()
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.captions.style.isUppercase && editor.document.textBoxes[1].style.isUppercase)
  }
}

/// The caret of a box's field stands on the box's drawn letters, turned with the box. Found in the
/// pixels: the canvas drawn while typing and again once typing stopped differs by the caret alone.
@MainActor @Suite(.serialized) struct TextBoxCaretTests {
  /// The bounding rectangle of the pixels where the canvas typing and not typing differ.
  static func caretPixels(_ editor: EditorWindow, entry: CaptionEntry) throws -> (
    minX: Int, maxX: Int, minY: Int, maxY: Int
  ) {
    entry.startTyping()
    gtk_editable_set_position(gtkkit_editable(entry.widget), -1)
    EditorHarness.settle(editor)
    let typing = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    entry.isTyping = false
    EditorHarness.settle(editor)
    let still = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    var bounds = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
    for y in 0..<min(typing.height, still.height) {
      for x in 0..<min(typing.width, still.width) {
        let p = typing.color(atX: x, y: y)
        let q = still.color(atX: x, y: y)
        guard abs(p.red - q.red) + abs(p.green - q.green) + abs(p.blue - q.blue) > 0.15 else { continue }
        bounds = (min(bounds.minX, x), max(bounds.maxX, x), min(bounds.minY, y), max(bounds.maxY, y))
      }
    }
    try #require(bounds.minX <= bounds.maxX, "the caret is drawn")
    return bounds
  }

  @Test func theCaretFollowsTheTextAndTheTurnOfTheBox() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxKeyboardTests.editorWithPicture()
    defer { EditorHarness.close(editor) }
    TextBoxKeyboardTests.addText(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    Entry(wrapping: entry.widget).text = "HELLO"
    let picture = editor.canvas.pictureRect
    let centre = (x: picture.x + picture.width / 2, y: picture.y + picture.height / 2)

    // Unturned: an upright bar at the end of the word, right of the middle.
    let upright = try Self.caretPixels(editor, entry: entry)
    #expect(upright.maxY - upright.minY > 3 * (upright.maxX - upright.minX), "\(upright)")
    #expect(Double(upright.minX) > centre.x + 10, "after the last letter: \(upright)")

    // A quarter turn clockwise: the word reads downwards, its end below the middle, the caret lies flat.
    var box = editor.document.textBoxes[0]
    box.angle = 90
    editor.document.updateBox(at: 0, to: box)
    let turned = try Self.caretPixels(editor, entry: entry)
    #expect(turned.maxX - turned.minX > 3 * (turned.maxY - turned.minY), "\(turned)")
    #expect(Double(turned.minY) > centre.y + 10, "after the last letter, below the middle: \(turned)")
    #expect(abs(Double(turned.minX + turned.maxX) / 2 - centre.x) < 20, "on the turned line: \(turned)")
  }

  /// 2000 characters: words, and one word longer than the box holds.
  @Test(arguments: [String(repeating: "MEME ", count: 400), String(repeating: "A", count: 2000)])
  func theCaretOfTextTooLongToFitStaysInTheBox(text: String) throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxKeyboardTests.editorWithPicture()
    defer { EditorHarness.close(editor) }
    TextBoxKeyboardTests.addText(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    Entry(wrapping: entry.widget).text = text
    EditorHarness.settle(editor)
    #expect(editor.document.textBoxes[0].text.count == 2000)
    #expect(
      editor.canvas.painter.drawnCaptions(
        inWidth: Double(gtk_widget_get_width(editor.canvas.drawingArea)),
        height: Double(gtk_widget_get_height(editor.canvas.drawingArea)))?.layout.overflowingBoxes == [0],
      "the text is too long to fit")
    // The warning bar slides in under the canvas and makes it shorter: wait until it is in, so the
    // snapshots below differ by the caret alone (a slow compositor still had it moving).
    #expect(
      MainContext.iterate {
        gtk_revealer_get_child_revealed(gtkkit_revealer(editor.warningBar.revealer.widget)) != 0
      },
      "the warning is shown")
    DisplayHarness.waitForFrames(editor.window)
    EditorHarness.settle(editor)
    let caret = try Self.caretPixels(editor, entry: entry)
    // The box on the canvas, grown by the caret's own width and its dark edge.
    let box = try #require(editor.boxHandles.mapping).onScreen(editor.document.textBoxes[0])
    let (left, right) = (box.centreX - box.width / 2 - 3, box.centreX + box.width / 2 + 3)
    let (top, bottom) = (box.centreY - box.height / 2 - 3, box.centreY + box.height / 2 + 3)
    #expect(
      Double(caret.minX) >= left && Double(caret.maxX) <= right && Double(caret.minY) >= top
        && Double(caret.maxY) <= bottom, "\(caret) within \(box)")
    // All of it selected: the selection is drawn where the text is, within the box too. Found as
    // the pixels where the canvas with the selection differs from the canvas without.
    entry.isTyping = false
    EditorHarness.settle(editor)
    let still = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    entry.startTyping()
    gtk_editable_select_region(gtkkit_editable(entry.widget), 0, -1)
    EditorHarness.settle(editor)
    let selected = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    var outside = 0
    var inside = 0
    for y in 0..<min(selected.height, still.height) {
      for x in 0..<min(selected.width, still.width) {
        let (p, q) = (selected.color(atX: x, y: y), still.color(atX: x, y: y))
        guard abs(p.red - q.red) + abs(p.green - q.green) + abs(p.blue - q.blue) > 0.15 else { continue }
        let within = Double(x) >= left && Double(x) <= right && Double(y) >= top && Double(y) <= bottom
        if within { inside += 1 } else { outside += 1 }
      }
    }
    #expect(inside > 100 && outside == 0, "selection pixels: \(inside) in the box, \(outside) outside")
    entry.startTyping()
    gtk_editable_set_position(gtkkit_editable(entry.widget), -1)
    EditorHarness.settle(editor)
    Screenshot.save(
      editor.window, named: "editor-box-caret-text-too-long-\(text.hasPrefix("A") ? "word" : "words")")
  }

  /// A press on a turned box's letters puts the caret where the canvas draws it: each caret, turned
  /// with the box onto the screen, maps back to its own position (no display needed).
  @Test(arguments: [0.0, 35.0, 90.0, -150.0])
  func pressesOnATurnedBoxMapBackToTheCaretDrawnThere(angle: Double) throws {
    let text = "HELLO WIDE WORLD"
    let box = TextBox(
      text: text, frame: RelativeRect(x: 0.2, y: 0.3, width: 0.6, height: 0.3), angle: angle)
    let layout = MemeLayout(
      captions: MemeCaptions(top: "", bottom: "", layers: [box].map(MemeLayer.text)), imageWidth: 1200,
      imageHeight: 800)
    let frame = ImageRect(x: 40, y: 30, width: 600, height: 400)
    let cursor = try #require(CaptionCursor(layout: layout, slot: .box(0), frame: frame, popScale: 1))
    let turn = cursor.turn
    let radians = angle * .pi / 180
    for offset in 0...text.count {
      let caret = cursor.caretRect(atOffset: offset)
      // The middle of the caret as drawn: turned about the box's centre.
      let (dx, dy) = (caret.x - turn.x, caret.y + caret.height / 2 - turn.y)
      let x = turn.x + dx * cos(radians) - dy * sin(radians)
      let y = turn.y + dx * sin(radians) + dy * cos(radians)
      #expect(cursor.offset(atCanvasX: x, y: y) == offset, "angle \(angle), offset \(offset)")
    }
  }
}
