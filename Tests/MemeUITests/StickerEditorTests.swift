// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Stickers in the editor: Add Sticker's popover (a file, an emoji, the recent ones), the keys of a
/// selected sticker, Flip and Opacity from the layer actions, undo back to the bare picture, the
/// name a screen reader hears, and the canvas drawing it where the export does.
@MainActor @Suite(.serialized) struct StickerEditorTests {
  /// A 300 × 150 PNG with a transparent background and a red disc, made by ImageMagick.
  static func stickerFile() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("glasses.png")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let made = try ChildProcess.run(
      "/usr/bin/convert",
      ["-size", "300x150", "xc:none", "-fill", "#e01010", "-draw", "circle 150,75 150,10", url.path])
    try #require(made.status == 0, "convert: \(made.errors)")
    return url
  }

  /// An editor showing the 1200 × 800 landscape, whose file chooser answers a sticker request with
  /// `sticker`.
  static func editor(answering sticker: URL?, preferences: Preferences = .inMemory()) -> EditorWindow {
    let editor = EditorHarness.makeEditor(preferences: preferences)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    editor.filePicker = { request, completion in
      guard case .stickerPicture = request else { return completion(nil) }
      completion(sticker)
    }
    return editor
  }

  /// Opens Add Sticker and presses From a File… in its popover, as a person does.
  static func addFromFile(_ editor: EditorWindow) throws {
    let popover = editor.stickers.popover.popover.widget
    // A Wayland compositor maps a popup that grabs input only for a real input event.
    if DisplayHarness.isWayland { gtk_popover_set_autohide(gtkkit_popover(popover), 0) }
    MenuButton(wrapping: editor.bottomBar.addStickerButton).popUp()
    #expect(MainContext.iterate { gtk_widget_get_mapped(popover) != 0 }, "Add Sticker's popover opened")
    let button = try #require(WidgetTree.descendant(of: popover, named: "sticker-from-file-button"))
    // A button's activation (Enter, Space) clicks it once it has shown itself pressed.
    _ = gtk_widget_activate(button)
    #expect(MainContext.iterate { gtk_widget_get_mapped(popover) == 0 }, "choosing closed the popover")
    EditorHarness.settle(editor)
  }

  static func activate(_ name: String, _ editor: EditorWindow, choosing value: String? = nil) {
    guard let action = editor.layerActions.actions.action(named: name) else { return }
    if let value { action.activate(choosing: value) } else { action.activate() }
    EditorHarness.settle(editor)
  }

  @Test func fromAFileAddsASelectedStickerInTheMiddleWithItsProportionsAsOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let file = try Self.stickerFile()
    let recents = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recent-stickers-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: recents) }
    let preferences = Preferences.inMemory()
    preferences.recentStickers = RecentStickers(file: recents)
    let editor = Self.editor(answering: file, preferences: preferences)
    defer { EditorHarness.close(editor) }
    #expect(gtk_widget_get_sensitive(editor.bottomBar.addStickerButton) != 0)
    try Self.addFromFile(editor)

    #expect(editor.document.layers.count == 1)
    let sticker = try #require(editor.document.layers.first?.sticker)
    #expect(sticker.source == .picture(StickerPicture(path: file.path)))
    // A third of the picture's shorter side (800 / 3) long, half as high as wide, in the middle.
    let pixels = sticker.frame.pixels(width: 1200, height: 800)
    #expect(abs(pixels.width - 800.0 / 3) < 0.01 && abs(pixels.height - 400.0 / 3) < 0.01, "\(pixels)")
    #expect(abs(pixels.x + pixels.width / 2 - 600) < 0.01 && abs(pixels.y + pixels.height / 2 - 400) < 0.01)
    #expect(editor.document.selectedLayerIndex == 0)
    // Its field names it for a screen reader.
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(field.widget.isVisible && !field.acceptsText)
    #expect(AccessibleNameTests.labelMismatch(field.widget, "Sticker 1: glasses.png") == nil)
    // Kept as the first recent sticker, in its file: a new list read from it (the next run) has it.
    #expect(RecentStickers(file: recents).stickers == [sticker.source])
    editor.stickers.popover.showRecents()
    let grid = try #require(
      WidgetTree.descendant(of: editor.stickers.popover.popover.widget, named: "recent-stickers"))
    #expect(gtk_widget_get_visible(grid) != 0 && gtk_widget_get_first_child(grid) != nil)

    // One undo step: back to the bare picture.
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.layers.isEmpty && editor.document.image != nil)
  }

  @Test func aFileThatCannotBeReadIsAToastAndChangesNothing() throws {
    try DisplayHarness.requireDisplay()
    let broken = Fixtures.broken(name: "broken-sticker.png")
    let editor = Self.editor(answering: broken)
    defer { EditorHarness.close(editor) }
    let history = editor.document.canUndo
    try Self.addFromFile(editor)
    #expect(editor.document.layers.isEmpty)
    #expect(editor.document.canUndo == history)
    let toast = try #require(editor.toasts.shownToast, "a toast says why")
    #expect(!toast.title.isEmpty && !toast.title.contains("\n"), "\(toast.title)")
    #expect(editor.preferences.recentStickers.stickers.isEmpty)
  }

  @Test func anEmojiIsASquareStickerNamedForItsEmoji() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: nil)
    defer { EditorHarness.close(editor) }
    // What the emoji chooser's emoji-picked signal calls.
    editor.stickers.popover.choose(.emoji("😎"))
    EditorHarness.settle(editor)
    let sticker = try #require(editor.document.layers.first?.sticker)
    #expect(sticker.source == .emoji("😎"))
    let pixels = sticker.frame.pixels(width: 1200, height: 800)
    #expect(abs(pixels.width - pixels.height) < 0.01 && abs(pixels.width - 800.0 / 3) < 0.01, "\(pixels)")
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(
      AccessibleNameTests.labelMismatch(field.widget, "Sticker 1: smiling face with sunglasses") == nil,
      "\(AccessibleNameTests.labelMismatch(field.widget, "Sticker 1: smiling face with sunglasses") ?? "")")
    // A second sticker is Sticker 2; a text box between them is counted on its own.
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    editor.stickers.popover.choose(.emoji("👍🏽"))
    EditorHarness.settle(editor)
    #expect(editor.document.layers.count == 3)
    let labels = [(1, "Text box 1"), (2, "Sticker 2: thumbs up sign")]
    for (index, label) in labels {
      let field = try #require(editor.canvas.fields.boxEntry(at: index))
      let mismatch = AccessibleNameTests.labelMismatch(field.widget, label)
      #expect(mismatch == nil, "\(mismatch ?? "")")
    }
  }

  @Test func theHundredthStickerIsTheLast() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: nil)
    defer { EditorHarness.close(editor) }
    let sticker = StickerLayer(
      source: .emoji("😎"), frame: RelativeRect(x: 0.1, y: 0.1, width: 0.1, height: 0.1))
    editor.document.setLayers(Array(repeating: .sticker(sticker), count: StickerLayer.maximumCount))
    EditorHarness.settle(editor)
    editor.stickers.popover.choose(.emoji("👍"))
    EditorHarness.settle(editor)
    #expect(editor.document.layers.count == StickerLayer.maximumCount)
    #expect(editor.toasts.shownToast?.title == "A meme holds at most 100 stickers")
  }

  @Test func flipAndOpacityAreLayerActionsOfAStickerAloneEachOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: try Self.stickerFile())
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    EditorHarness.settle(editor)
    func enabled(_ name: String) -> Bool {
      editor.layerActions.actions.action(named: name)?.isEnabled ?? false
    }
    #expect(
      !enabled(StickerActions.flipName) && !enabled(StickerActions.opacityName), "a text box is selected")
    #expect(
      editor.layerActions.stickerActions.menuSection.count == 0, "a text box's menu has no sticker items")
    try Self.addFromFile(editor)
    #expect(enabled(StickerActions.flipName) && enabled(StickerActions.opacityName))
    try #require(editor.document.layers.count == 2)
    let added = try #require(editor.document.layers[1].sticker)
    Self.activate(StickerActions.flipName, editor)
    #expect(editor.document.layers[1].sticker?.isFlipped == true)
    Self.activate(StickerActions.opacityName, editor, choosing: "50")
    #expect(editor.document.layers[1].sticker?.opacity == 0.5)
    #expect(editor.layerActions.actions.action(named: StickerActions.opacityName)?.stringState == "50")
    // The context menu offers both, in a section of their own.
    let section = editor.layerActions.stickerActions.menuSection
    let items = PrimaryMenuTests.items(of: section.model).map(\.label)
    #expect(items == ["Flip Sticker", "Opacity"], "\(items)")
    // Each was one step: undo takes them back one by one, then the sticker, then the box.
    let undo = editor.actions.action(named: EditorAction.undo.name)
    undo?.activate()
    #expect(
      editor.document.layers[1].sticker?.opacity == 1 && editor.document.layers[1].sticker?.isFlipped == true)
    undo?.activate()
    #expect(editor.document.layers[1].sticker == added)
    undo?.activate()
    undo?.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.layers.isEmpty && editor.document.image != nil)
  }

  @Test func theKeysMoveResizeTurnAndDeleteTheSelectedStickerAndUndoTakesItAllBack() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: try Self.stickerFile())
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try Self.addFromFile(editor)
    editor.document.selectLayer(at: nil)
    EditorHarness.settle(editor)
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(field.isFocused, "selecting the sticker puts the focus on it")
    let mapping = try #require(editor.boxHandles.mapping)
    let start = mapping.onScreen(editor.document.layers[0])
    try RealKeyboard.press("Right")
    try RealKeyboard.press("shift+Down")
    var shown = mapping.onScreen(editor.document.layers[0])
    #expect(abs(shown.centreX - start.centreX - 1) < 1e-6 && abs(shown.centreY - start.centreY - 10) < 1e-6)
    try RealKeyboard.press("alt+shift+Right")
    shown = mapping.onScreen(editor.document.layers[0])
    #expect(abs(shown.width - start.width - 10) < 1e-6, "\(start.width) → \(shown.width)")
    try RealKeyboard.press("ctrl+Right")
    try RealKeyboard.releaseModifiers()
    #expect(editor.document.layers[0].angle > 0, "turned clockwise")
    // Typing does nothing to a sticker: it has no text.
    try RealKeyboard.press("a")
    #expect(editor.document.layers[0].sticker != nil && !field.isTyping)
    try RealKeyboard.press("Delete")
    #expect(editor.document.layers.isEmpty)
    #expect(editor.toasts.shownToast?.title == "Sticker deleted")
    // Undo: the deletion, the turn, the resize, the nudges (one run), the sticker; then the bare
    // picture.
    var steps = 0
    while editor.document.canUndo, !editor.document.layers.isEmpty || steps == 0 {
      editor.actions.action(named: EditorAction.undo.name)?.activate()
      steps += 1
    }
    EditorHarness.settle(editor)
    #expect(editor.document.layers.isEmpty && editor.document.image != nil)
    #expect(steps == 5, "\(steps) undo steps: the deletion, the turn, the resize, the nudges, the adding")
  }

  @Test func theCanvasDrawsTheStickerWhereTheExportDoes() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: try Self.stickerFile())
    defer { EditorHarness.close(editor) }
    try Self.addFromFile(editor)
    // Turned, half opaque and flipped: every part of its drawing counts.
    var sticker = try #require(editor.document.layers.first?.sticker)
    sticker.angle = 20
    sticker.opacity = 0.75
    sticker.isFlipped = true
    editor.document.updateLayer(at: 0, to: .sticker(sticker))
    editor.document.selectLayer(at: nil)
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    EditorHarness.settle(editor)
    let layout = try #require(editor.canvas.layout)
    let picture = try #require(editor.canvas.image)
    let shown = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let rect = editor.canvas.pictureRect
    let exported = try #require(MemeRenderer.rendered(layout.captions, image: picture.full))
    let expected = try #require(
      CanvasMatchesExportTests.draw(exported, into: rect, width: shown.width, height: shown.height))
    let scale = rect.width / Double(picture.width)
    let region = sticker.frame.pixels(width: picture.width, height: picture.height)
    CanvasMatchesExportTests.expectMatch(
      shown, expected, in: region, inkRect: region, picture: rect, scale: scale, label: "sticker")
    // And the canvas does show it: red at its centre, which the landscape has nowhere.
    let centre = (
      x: Int(rect.x + (region.x + region.width / 2) * scale),
      y: Int(rect.y + (region.y + region.height / 2) * scale)
    )
    let pixel = Self.rgb(of: shown, at: centre)
    #expect(pixel.red > 150 && pixel.green < 110 && pixel.blue < 110, "\(pixel) at the sticker's centre")
    Screenshot.save(editor.window, named: "editor-sticker")
  }

  /// The colour of the pixel at `point` of an ARGB32 image.
  static func rgb(of image: RasterImage, at point: (x: Int, y: Int)) -> (red: Int, green: Int, blue: Int) {
    let row = image.pixels.advanced(by: point.y * image.stride)
    let value = row.withMemoryRebound(to: UInt32.self, capacity: image.width) { $0[point.x] }
    return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
  }
}
