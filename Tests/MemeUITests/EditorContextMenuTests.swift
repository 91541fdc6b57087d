// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// What acts on the picture (Paste, Undo, Redo, a box's drawing order) is in the canvas's context
/// menu, under a secondary click on a box (which selects it), or the Menu key and Shift+F10.
@Suite(.serialized) struct EditorContextMenuTests {
  static func isShown(_ editor: EditorWindow) -> Bool {
    editor.contextMenu.popover.map { gtk_widget_get_mapped($0) != 0 } ?? false
  }

  /// Two boxes side by side, "a" and "b".
  static let twoBoxes = [
    TextBox(text: "a", frame: RelativeRect(x: 0.1, y: 0.4, width: 0.3, height: 0.2)),
    TextBox(text: "b", frame: RelativeRect(x: 0.5, y: 0.4, width: 0.3, height: 0.2)),
  ]

  static func close(_ editor: EditorWindow) {
    if let popover = editor.contextMenu.popover { gtk_popover_popdown(gtkkit_popover(popover)) }
    EditorHarness.settle(editor)
  }

  /// The menu key's action: the menu opens at the selected box, whose drawing order it then changes.
  @Test func theMenuKeysActionOpensTheMenuAtTheSelectedBox() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor(boxes: Self.twoBoxes)
    defer { EditorHarness.close(editor) }
    let application = EditorHarness.application.application
    for key in ["Menu", "<Shift>F10"] {
      #expect(
        application.actions(forAccelerator: key).contains("win.\(EditorAction.contextMenu.name)"), "\(key)")
    }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    // A Wayland compositor maps a popup that grabs input only for a real input event.
    if DisplayHarness.isWayland {
      gtk_popover_set_autohide(gtkkit_popover(editor.contextMenu.builtPopover()), 0)
    }
    editor.actions.action(named: EditorAction.contextMenu.name)?.activate()
    EditorHarness.settle(editor)
    #expect(Self.isShown(editor))
    let popover = try #require(editor.contextMenu.popover)
    var pointing = GdkRectangle()
    #expect(gtk_popover_get_pointing_to(gtkkit_popover(popover), &pointing) != 0)
    let shown = try TextBoxEditorHarness.shown(0, in: editor)
    #expect(abs(Double(pointing.x) - shown.centreX) <= 1 && abs(Double(pointing.y) - shown.centreY) <= 1)
    _ = Screenshot.save(editor.window, named: "editor-context-menu")
    // Its items are the window's actions: Bring to Front moves the box it was opened for.
    Self.close(editor)
    editor.layerActions.actions.action(named: LayerAction.bringToFront.name)?.activate()
    #expect(editor.document.textBoxes.map(\.text) == ["b", "a"])
  }

  /// A real secondary click on a box selects it and opens the menu there; a click elsewhere closes it.
  @Test func aSecondaryClickOnABoxSelectsItAndOpensTheMenu() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let box = try TextBoxEditorHarness.shown(0, in: editor)
    #expect(editor.document.selectedLayerIndex == nil)
    try RealPointer.hover(atX: box.centreX, y: box.centreY, of: editor.canvas.widget, in: editor.window)
    _ = try RealPointer.xdotool(["click", "3"])
    #expect(MainContext.iterate { Self.isShown(editor) }, "the menu opened")
    #expect(editor.document.selectedLayerIndex == 0, "the box clicked is selected")
    Self.close(editor)
  }

  /// Shift+F10 as a person presses it.
  @Test func shiftF10OpensTheMenu() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("shift+F10")
    #expect(MainContext.iterate { Self.isShown(editor) }, "the menu opened")
    Self.close(editor)
  }

  /// The menu opened from a box's field with the Menu key gives the focus back to that field when
  /// Escape closes it (GTK would move it to the header bar's first button): a keyboard or screen
  /// reader user stays where they were. The menu is named for a screen reader. (The screen reader
  /// walk also chooses an item from it at a hidden area and finds the focus back in the area's field.)
  @Test func theFocusGoesBackToTheFieldTheMenuWasOpenedFrom() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor(boxes: Self.twoBoxes)
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    let field = try #require(editor.canvas.fields.boxEntries.last)
    let isInField = {
      gtk_window_get_focus(gtkkit_window(editor.window)).map {
        $0 == field.widget || gtk_widget_is_ancestor($0, field.widget) != 0
      } ?? false
    }
    field.focus(typing: false)
    EditorHarness.settle(editor)
    #expect(isInField())
    try RealKeyboard.press("Menu")
    #expect(MainContext.iterate { Self.isShown(editor) }, "the menu opened")
    let popover = try #require(editor.contextMenu.popover)
    #expect(AccessibleNameTests.labelMismatch(popover, "Picture Menu") == nil, "named, not “GtkPopoverMenu”")
    #expect(!isInField(), "the menu has the focus while it is open")
    try RealKeyboard.press("Escape")
    #expect(MainContext.iterate { !Self.isShown(editor) }, "Escape closed it")
    DisplayHarness.waitForFrames(editor.window)
    #expect(MainContext.iterate { isInField() }, "the focus is back in the field")
  }
}
