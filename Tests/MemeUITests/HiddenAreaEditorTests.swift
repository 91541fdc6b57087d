// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Hidden areas in the editor through its actions and keys: Hide Area from the keyboard, the keys
/// of a selected area, its method, strength and colour in the canvas's menu, undo, and Save As
/// writing a file whose pixels are hidden inside the area and untouched outside it.
@MainActor @Suite(.serialized) struct HiddenAreaEditorTests {
  static let layerActionNames = [
    HidingActions.methodName, HidingActions.colorName, HidingActions.adjustStrengthName,
    HidingActions.chooseColorName,
  ]

  /// Whether `widget` takes input: its own flag and its ancestors' (a row made insensitive).
  static func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_is_sensitive(widget) != 0
  }

  /// How many of every seventh pixel of `image` on every seventh row are not grey.
  static func colouredPixels(in image: RasterImage) -> Int {
    var coloured = 0
    for y in stride(from: 0, to: image.height, by: 7) {
      for x in stride(from: 0, to: image.width, by: 7) {
        let word = HiddenAreaHarness.word(image, x, y)
        if word >> 16 & 0xFF != word & 0xFF || word >> 8 & 0xFF != word & 0xFF { coloured += 1 }
      }
    }
    return coloured
  }

  static func enabled(_ name: String, _ editor: EditorWindow) -> Bool {
    editor.layerActions.actions.action(named: name)?.isEnabled ?? false
  }

  @Test func fromTheKeyboardHideAreaPlacesASelectedAreaInTheMiddleWithTheKeysOfALayer() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    HiddenAreaHarness.hideFromKeyboard(editor)
    let area = try #require(editor.document.layers.first?.hiddenArea)
    #expect(editor.document.layers.count == 1)
    #expect(area.frame == HiddenArea.newFrame(pictureWidth: 1200, pictureHeight: 800))
    #expect(area.method == .pixelate && area.strength == HiddenArea.defaultStrength)
    #expect(editor.document.selectedLayerIndex == 0)
    #expect(!editor.hiding.isOn, "no drawing mode from the keyboard")
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(MainContext.iterate { entry.isFocused }, "its field has the keys")
    #expect(!entry.acceptsText)
    #expect(AccessibleNameTests.labelMismatch(entry.widget, "Hidden area 1") == nil)
    Screenshot.save(editor.window, named: "hidden-area-keyboard")
    // One undo step takes it away, redo brings it back selected.
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers.isEmpty)
    editor.actions.action(named: "redo")?.activate()
    #expect(editor.document.layers.first?.hiddenArea == area && editor.document.selectedLayerIndex == 0)
    EditorHarness.settle(editor)

    // The arrow keys nudge it; with Alt they resize it, as any layer.
    let refocused = try #require(editor.canvas.fields.boxEntry(at: 0))
    refocused.focus(typing: false)
    let none = GdkModifierType(rawValue: 0)
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Right), none, in: refocused, index: 0)
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Down), GDK_SHIFT_MASK, in: refocused, index: 0)
    let nudged = try #require(editor.document.layers[0].hiddenArea?.frame)
    let picture = editor.canvas.pictureRect
    #expect(abs((nudged.x - area.frame.x) * picture.width - 1) < 0.01, "Right: one pixel")
    #expect(abs((nudged.y - area.frame.y) * picture.height - 10) < 0.01, "Shift+Down: ten pixels")
    #expect(nudged.width == area.frame.width)
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Right), GDK_ALT_MASK, in: refocused, index: 0)
    let wider = try #require(editor.document.layers[0].hiddenArea?.frame)
    #expect(abs((wider.width - nudged.width) * picture.width - 1) < 0.01, "Alt+Right: one pixel wider")
    #expect(abs(wider.height - nudged.height) < 1e-9)

    // Delete takes it away with Undo in a toast named for the kind.
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Delete), none, in: refocused, index: 0)
    #expect(editor.document.layers.isEmpty)
    #expect(editor.toasts.shownToast?.title == "Hidden area deleted")
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.frame == wider)
  }

  @Test func methodStrengthAndColourAreTheSelectedAreasOwnEachOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    #expect(Self.layerActionNames.allSatisfy { !Self.enabled($0, editor) }, "nothing selected")
    #expect(editor.layerActions.hidingActions.menuSection.count == 0)
    HiddenAreaHarness.hideFromKeyboard(editor)
    #expect(Self.layerActionNames.allSatisfy { Self.enabled($0, editor) })
    // The canvas's menu has the area's own section while it is selected.
    let items = PrimaryMenuTests.items(of: editor.layerActions.hidingActions.menuSection.model)
    #expect(items.map(\.label) == ["Pixelate", "Blur", "Solid", "Strength…", "Colour…"], "\(items)")
    // Hide Area lies in the canvas menu's Add submenu, beside Speech Bubble.
    let contextMenu = EditorContextMenu.menu
    #expect(
      SpeechBubbleHarness.paths(of: contextMenu.model).contains {
        $0.path == "Add/Hide Area" && $0.action == EditorAction.hideArea.detailedName
      })
    let method = try #require(editor.layerActions.actions.action(named: HidingActions.methodName))
    #expect(method.stringState == "pixelate")

    HiddenAreaHarness.activateLayerAction(HidingActions.methodName, editor, choosing: "blur")
    #expect(editor.document.layers[0].hiddenArea?.method == .blur && method.stringState == "blur")
    HiddenAreaHarness.activateLayerAction(HidingActions.methodName, editor, choosing: "solid")
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(.black))
    #expect(!Self.enabled(HidingActions.adjustStrengthName, editor), "a solid colour has no strength")
    HiddenAreaHarness.activateLayerAction(HidingActions.colorName, editor, choosing: "#e01010")
    let red = try #require(RGBAColor(parsing: "#e01010"))
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(red))
    // Colour…: GTK's colour chooser, starting at the area's colour; Cancel changes nothing.
    HiddenAreaHarness.activateLayerAction(HidingActions.chooseColorName, editor)
    #expect(MainContext.iterate { EditorWindowTests.toplevel(named: HidingColorChoice.dialogName) != nil })
    let dialog = try #require(EditorWindowTests.toplevel(named: HidingColorChoice.dialogName))
    var shown = GdkRGBA()
    gtk_color_chooser_get_rgba(gtkkit_color_chooser(dialog), &shown)
    #expect(abs(Double(shown.red) - red.red) < 0.01 && abs(Double(shown.green) - red.green) < 0.01)
    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_CANCEL.rawValue)
    #expect(MainContext.iterate { EditorWindowTests.toplevel(named: HidingColorChoice.dialogName) == nil })
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(red))
    // Choosing blue there makes the area blue: one undo step, as the menu's choice is.
    HiddenAreaHarness.activateLayerAction(HidingActions.chooseColorName, editor)
    #expect(MainContext.iterate { EditorWindowTests.toplevel(named: HidingColorChoice.dialogName) != nil })
    let again = try #require(EditorWindowTests.toplevel(named: HidingColorChoice.dialogName))
    var blue = GdkRGBA(red: 0, green: 0, blue: 1, alpha: 1)
    gtk_color_chooser_set_rgba(gtkkit_color_chooser(again), &blue)
    gtk_dialog_response(gtkkit_dialog(again), GTK_RESPONSE_OK.rawValue)
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(RGBAColor(red: 0, green: 0, blue: 1)))
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(red))
    Screenshot.save(editor.window, named: "hidden-area-solid")

    // Solid in its colour: the file has that colour all over the area.
    let solid = try HiddenAreaHarness.saveAs(editor, sink: sink)
    let area = try #require(editor.document.layers[0].hiddenArea)
    let rect = area.pixelRect(pictureWidth: 1200, pictureHeight: 800)
    #expect(HiddenAreaHarness.colours(in: rect, of: solid) == [0xFFE0_1010])

    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.method == .solid(.black))
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.method == .blur)
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.method == .pixelate)
    EditorHarness.settle(editor)
    #expect(method.stringState == "pixelate", "the radio items follow undo")

    // Strength…: a slider from 1 to 10 at the area; everything while it is open is one step.
    let strength = try #require(editor.layerTools?.strength)
    if DisplayHarness.isWayland { gtk_popover_set_autohide(gtkkit_popover(strength.popover), 0) }
    HiddenAreaHarness.activateLayerAction(HidingActions.adjustStrengthName, editor)
    #expect(MainContext.iterate { strength.popover.isMapped }, "Strength… opened the slider")
    #expect(strength.scale.value == 5 && gtk_widget_has_focus(strength.scale.widget) != 0)
    #expect(AccessibleNameTests.labelMismatch(strength.scale.widget, "Strength") == nil)
    strength.scale.value = 8
    strength.scale.value = 10
    #expect(editor.document.layers[0].hiddenArea?.strength == 10)
    gtk_popover_popdown(gtkkit_popover(strength.popover))
    EditorHarness.settle(editor)
    let strongest = try #require(editor.document.layers[0].hiddenArea)
    let saved = try HiddenAreaHarness.saveAs(editor, sink: sink)
    try HiddenAreaHarness.expectPixelated(strongest, in: saved, of: picture)
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers[0].hiddenArea?.strength == 5, "the slider's run was one step")
  }

  /// The effects in the Style panel: each switch and each slider's run one undo step, kept in the
  /// meme's captions and drawn into the saved file.
  @Test func theStylePanelsEffectsChangeTheMemeAndTheSavedFile() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    let effects = try #require(editor.stylePanel.effectsControls)
    for (widget, name) in [
      (effects.deepFry.widget, "Deep-fry"), (effects.deepFryStrength.widget, "Deep-fry strength"),
      (effects.friesText.widget, "Fry the text too"), (effects.moreJPEG.widget, "More JPEG"),
      (effects.passes.widget, "More JPEG passes"), (effects.blackAndWhite.widget, "Black & white"),
    ] {
      #expect(AccessibleNameTests.labelMismatch(widget, name) == nil, "\(name)")
      // Shown as written: a row's title read as markup would show nothing for "Black & white".
      #expect(SentMemesHarness.labels(in: editor.stylePanel.widget).contains(name), "the row shows \(name)")
    }
    #expect(!Self.isSensitive(effects.friesText.widget), "no frying of the text while Deep-fry is off")
    #expect(!Self.isSensitive(effects.deepFryStrength.widget), "no strength while Deep-fry is off")

    // Black & white alone: the file is grey all over.
    effects.blackAndWhite.isOn = true
    #expect(editor.document.captions.effects == PictureEffects(isBlackAndWhite: true))
    let grey = try HiddenAreaHarness.saveAs(editor, sink: sink)
    #expect(Self.colouredPixels(in: grey) == 0, "a black and white meme has no colour")
    #expect(sink.entries.last?.captions.effects.isBlackAndWhite == true, "Sent Memes keeps the effects")

    effects.deepFry.isOn = true
    #expect(editor.document.captions.effects.deepFry == PictureEffects.defaultDeepFry)
    #expect(Self.isSensitive(effects.friesText.widget) && Self.isSensitive(effects.deepFryStrength.widget))
    effects.deepFryStrength.value = 7
    effects.deepFryStrength.value = 9
    #expect(editor.document.captions.effects.deepFry == 9)
    effects.friesText.isOn = true
    effects.moreJPEG.isOn = true
    #expect(Self.isSensitive(effects.passes.widget))
    effects.passes.value = 6
    let all = PictureEffects(deepFry: 9, moreJPEG: 6, isBlackAndWhite: true, friesText: true)
    #expect(editor.document.captions.effects == all)
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "effects-panel")
    let fried = try HiddenAreaHarness.saveAs(editor, sink: sink)
    let changed = HiddenAreaHarness.changedOutside(
      ImageRect(x: 0, y: 0, width: 0, height: 0), margin: 0, saved: fried, original: grey)
    #expect(changed > 1200 * 800 / 4, "deep-fried and re-encoded: \(changed) pixels changed")
    #expect(sink.entries.last?.captions.effects == all)

    // Undo, one step each: the passes' run, More JPEG, the text, the strength's run, Deep-fry, B&W.
    for expected in [
      PictureEffects(deepFry: 9, moreJPEG: 3, isBlackAndWhite: true, friesText: true),
      PictureEffects(deepFry: 9, isBlackAndWhite: true, friesText: true),
      PictureEffects(deepFry: 9, isBlackAndWhite: true), PictureEffects(deepFry: 5, isBlackAndWhite: true),
      PictureEffects(isBlackAndWhite: true), .none,
    ] {
      editor.actions.action(named: "undo")?.activate()
      #expect(editor.document.captions.effects == expected)
    }
    EditorHarness.settle(editor)
    #expect(!effects.deepFry.isOn && !effects.blackAndWhite.isOn && !effects.moreJPEG.isOn)
    #expect(!Self.isSensitive(effects.deepFryStrength.widget), "the rows follow undo")
    editor.stylePanel.isOpen = false
  }

  /// In a phone-narrow window, light and dark: Hide Area fits the bottom bar beside Add Sticker and
  /// Add Text, and the Effects group fits the Style panel (screenshots for a person to look at).
  @Test(arguments: [StyleManager.Scheme.light, .dark])
  func hideAreaAndTheEffectsFitA360PixelWindow(scheme: StyleManager.Scheme) throws {
    try DisplayHarness.requireDisplay()
    StyleManager.scheme = scheme
    defer { StyleManager.scheme = .followSystem }
    let (editor, _, _) = HiddenAreaHarness.editor()
    defer { EditorHarness.close(editor) }
    let width = NarrowWindow.make360(editor.window) { EditorHarness.settle(editor) }
    HiddenAreaHarness.hideFromKeyboard(editor)
    EditorHarness.settle(editor)
    #expect(gtk_widget_get_width(editor.window) == width, "nothing made the window wider")
    for button in [
      editor.bottomBar.hideAreaButton, editor.bottomBar.speechBubbleButton, editor.bottomBar.addStickerButton,
      editor.bottomBar.addTextButton,
    ] {
      let bounds = try #require(WidgetTree.bounds(of: button, in: editor.window))
      #expect(button.isMapped && bounds.x >= 0 && bounds.x + bounds.width <= Double(width))
    }
    _ = Screenshot.save(editor.window, named: "hidden-area-\(scheme.rawValue)-360x640")
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    EditorHarness.settle(editor)
    let effects = try #require(editor.stylePanel.effectsControls)
    effects.deepFry.isOn = true
    EditorHarness.settle(editor)
    let group = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "effects-group"))
    let groupBounds = try #require(WidgetTree.bounds(of: group, in: editor.window))
    #expect(groupBounds.width <= Double(width), "\(groupBounds)")
    #expect(gtk_widget_get_width(editor.window) == width)
    // Scrolled to the effects, as a person would to reach them.
    let scrolled = try #require(
      WidgetTree.first(in: editor.stylePanel.widget) {
        gtkkit_is_a($0, gtk_scrolled_window_get_type()) != 0
      })
    let adjustment = gtk_scrolled_window_get_vadjustment(gtkkit_scrolled_window(scrolled))
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    EditorHarness.settle(editor)
    _ = Screenshot.save(editor.window, named: "effects-\(scheme.rawValue)-360x640")
  }
}
