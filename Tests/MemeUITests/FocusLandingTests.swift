// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Focus lands where typing goes: in the top caption once a picture arrives (Album, paste, drop),
/// back on the Crop button after crop mode, on a control a person sees after every step, with a
/// focus ring after keyboard use; and the window's shortcuts still work once a menu has closed.
@MainActor @Suite(.serialized) struct FocusLandingTests {
  /// The focus is somewhere, on a control that is shown.
  private static func expectFocusShown(in editor: EditorWindow, _ step: String) {
    EditorHarness.settle(editor)
    let focus = editor.focusWidget
    #expect(focus != nil, "\(step): the focus is on nothing")
    if let focus {
      #expect(
        gtk_widget_is_drawable(focus) != 0,
        "\(step): the focus is on hidden \(AccessibilityAudit.describe(focus))")
    }
  }

  @Test func aPictureFromTheAlbumAPasteOrADropPutsTheCaretInTheTopCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let landscape = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    #expect(EditorHarness.load(landscape, into: editor))
    #expect(editor.canvas.fields.topEntry.isFocused, "Album: the caret is in the top caption")

    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    let portrait = Fixtures.picture(width: 600, height: 900, name: "portrait.png")
    editor.loading.load(pasted: [UInt8](try Data(contentsOf: portrait)))
    #expect(MainContext.iterate { editor.document.image?.width == 600 && !editor.isLoading })
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.topEntry.isFocused, "paste: the caret is in the top caption")

    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    var value = GValue()
    g_value_init(&value, gtkkit_type_file())
    g_value_take_object(&value, FileURL.file(for: landscape).raw)
    defer { g_value_unset(&value) }
    #expect(editor.loading.acceptDrop(&value))
    #expect(EditorHarness.answerStickerOrPicture(.replace), "a picture shows: the drop asks")
    #expect(MainContext.iterate { editor.document.image?.width == 1200 && !editor.isLoading })
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.topEntry.isFocused, "drop: the caret is in the top caption")

    // Someone already typing in a caption keeps typing there.
    editor.canvas.fields.bottomEntry.focus()
    editor.loading.load(pasted: [UInt8](try Data(contentsOf: portrait)))
    #expect(MainContext.iterate { editor.document.image?.width == 600 && !editor.isLoading })
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.bottomEntry.isFocused, "the bottom caption being typed in keeps the caret")
  }

  @Test func cropDoneAndCancelGiveTheFocusBackToTheCropButton() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    for ending in [CropAction.apply, .cancel] {
      editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
      #expect(editor.cropMode.isOn)
      Self.expectFocusShown(in: editor, "crop mode")
      #expect(
        editor.focusIsInside(editor.cropMode.bar.doneButton),
        "in crop mode the focus waits on Done, not on \(editor.focusWidget.map(AccessibilityAudit.describe) ?? "nothing")"
      )
      editor.cropMode.actions.action(named: ending.name)?.activate()
      EditorHarness.settle(editor)
      #expect(!editor.cropMode.isOn)
      #expect(
        editor.focusIsInside(editor.bottomBar.transformButton),
        "after \(ending.name) the focus is on the Crop button, not on \(editor.focusWidget.map(AccessibilityAudit.describe) ?? "nothing")"
      )
    }
  }

  @Test func theFocusIsNeverOnNothing() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    Self.expectFocusShown(in: editor, "launch")
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    Self.expectFocusShown(in: editor, "a picture opened")
    // Each menu button's menu opened and closed: the focus is back on its button.
    for button in ShownControls.controls(in: editor.window)
    where gtkkit_is_a(button, gtk_menu_button_get_type()) != 0 && gtk_widget_is_sensitive(button) != 0 {
      _ = gtk_widget_grab_focus(button)
      MenuButton(wrapping: button).popUp()
      EditorHarness.settle(editor)
      gtk_menu_button_popdown(gtkkit_menu_button(button))
      Self.expectFocusShown(in: editor, "\(AccessibilityAudit.describe(button))'s menu closed")
    }
    editor.header.styleToggle.isActive = true
    Self.expectFocusShown(in: editor, "style panel open")
    editor.header.styleToggle.isActive = false
    Self.expectFocusShown(in: editor, "style panel closed")
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    Self.expectFocusShown(in: editor, "a text box added")
    let box = try #require(editor.canvas.fields.boxEntries.first)
    box.stopTyping()
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Delete), GdkModifierType(rawValue: 0), in: box, index: 0)
    Self.expectFocusShown(in: editor, "the text box deleted")
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    EditorHarness.settle(editor)
    // A press on the picture away from the box deselects it: its field lets the focus go.
    editor.document.selectLayer(at: nil)
    Self.expectFocusShown(in: editor, "the text box deselected")
    editor.document.markKept()
    editor.actions.action(named: EditorAction.cancel.name)?.activate()
    #expect(MainContext.iterate { editor.document.image == nil })
    Self.expectFocusShown(in: editor, "started over")
  }

  @Test func aFocusRingIsDrawnAfterKeyboardUse() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("Tab")
    #expect(gtk_window_get_focus_visible(gtkkit_window(editor.window)) != 0, "Tab turns the focus ring on")
    let focus = try #require(editor.focusWidget)
    #expect(gtk_widget_has_visible_focus(focus) != 0, "\(AccessibilityAudit.describe(focus)) draws its ring")
  }

  /// Shift+Ctrl+S (Save As) after each menu and popover of the editor closed by Escape, as a
  /// keyboard user closes them.
  @Test func shiftCtrlSWorksAfterAnyMenuCloses() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    var saveRequests = 0
    editor.filePicker = { request, completion in
      if case .saveMeme = request { saveRequests += 1 }
      completion(nil)
    }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("ctrl+shift+s")
    #expect(MainContext.iterate { saveRequests == 1 }, "Shift+Ctrl+S before any menu")
    editor.header.styleToggle.isActive = true
    EditorHarness.settle(editor)
    let buttons = ShownControls.controls(in: editor.window).filter {
      gtkkit_is_a($0, gtk_menu_button_get_type()) != 0 && gtk_widget_is_sensitive($0) != 0
    }
    #expect(buttons.count >= 4, "Share, the main menu, the transform menu, Album's and the style panel's")
    for button in buttons {
      let before = saveRequests
      // The pointer where a person opening it would have left it: on the button.
      try RealPointer.move(over: button, in: editor.window)
      _ = gtk_widget_grab_focus(button)
      MenuButton(wrapping: button).popUp()
      EditorHarness.settle(editor)
      try RealKeyboard.press("Escape")
      EditorHarness.settle(editor)
      let popover = try #require(button.menuPopover)
      #expect(gtk_widget_get_visible(gtkkit_widget(popover)) == 0, "Escape closed the menu")
      #expect(editor.focusIsInside(button), "the focus is back on its button")
      // A window manager gives the keyboard back to the window once the menu's popup is gone; Xvfb
      // runs none, and X would send the next keys to whatever lies under the pointer.
      try RealKeyboard.focus(editor.window)
      try RealKeyboard.press("ctrl+shift+s")
      #expect(
        MainContext.iterate { saveRequests == before + 1 },
        "Shift+Ctrl+S after \(AccessibilityAudit.describe(button))'s menu closed")
    }
  }
}
