// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GLibSupport
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
    waitForStickers(editor)
  }

  /// Waits until every sticker being read has gone on the meme (or been refused), then settles.
  static func waitForStickers(_ editor: EditorWindow) {
    #expect(MainContext.iterate(maxIterations: 6000) { editor.stickers.decodesRunning == 0 })
    EditorHarness.settle(editor)
  }

  /// Chooses `source` in Add Sticker's popover (what its buttons and the emoji chooser call) and
  /// waits until it is on the meme.
  static func choose(_ source: StickerSource, _ editor: EditorWindow) {
    editor.stickers.popover.choose(source)
    waitForStickers(editor)
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

  /// A file chosen through a symbolic link becomes a sticker of the file it points at, named as
  /// chosen: the store, which reads no link, can keep it when the meme is shared.
  @Test func aLinkedFileIsTheFileItPointsAt() throws {
    try DisplayHarness.requireDisplay()
    let link = ScratchFolder.unique("linked").appendingPathExtension("png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try Self.stickerFile())
    defer { try? FileManager.default.removeItem(at: link) }
    let editor = Self.editor(answering: link)
    defer { EditorHarness.close(editor) }
    try Self.addFromFile(editor)
    let sticker = try #require(editor.document.layers.first?.sticker)
    let target = try Self.stickerFile().resolvingSymlinksInPath().path
    #expect(sticker.source == .picture(StickerPicture(path: target, name: link.lastPathComponent)))
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: target)) == nil, "no link")
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
    Self.choose(.emoji("😎"), editor)
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
    Self.choose(.emoji("👍🏽"), editor)
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
    Self.choose(.emoji("👍"), editor)
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
    #expect(items == ["Flip Sticker", "Opacity…"], "\(items)")
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

  /// Ctrl+Tab goes round the captions and every layer in drawing order, a sticker among them.
  @Test func ctrlTabReachesTheStickerAmongTheCaptionsAndBoxes() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: try Self.stickerFile())
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    try Self.addFromFile(editor)
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.topEntry.isFocused)
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.bottomEntry.isFocused)
    try RealKeyboard.press("ctrl+Tab")
    #expect(
      editor.document.selectedLayerIndex == 0 && editor.canvas.fields.boxEntry(at: 0)?.isFocused == true)
    try RealKeyboard.press("ctrl+Tab")
    #expect(
      editor.document.selectedLayerIndex == 1 && editor.canvas.fields.boxEntry(at: 1)?.isFocused == true)
    #expect(editor.document.selectedLayer?.sticker != nil, "the sticker")
    try RealKeyboard.press("ctrl+Tab")
    #expect(editor.canvas.fields.topEntry.isFocused && editor.document.selectedLayerIndex == nil)
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

  /// Opacity… opens a slider at the sticker: any whole per cent from 0 to 100, by the keys as by the
  /// pointer, and everything done while it is open is one undo step.
  @Test func theOpacitySliderSetsAnyPercentAsOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editor(answering: try Self.stickerFile())
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    try Self.addFromFile(editor)
    let opacity = try #require(editor.layerTools?.opacity)
    Self.activate(StickerActions.adjustOpacityName, editor)
    #expect(MainContext.iterate { opacity.popover.isMapped }, "Opacity… opened the slider")
    #expect(opacity.scale.value == 100 && gtk_widget_has_focus(opacity.scale.widget) != 0)
    #expect(AccessibleNameTests.labelMismatch(opacity.scale.widget, "Opacity") == nil)
    // Page Down twice (ten per cent each), then one step back up: 81 %.
    try RealKeyboard.press("Page_Down")
    try RealKeyboard.press("Page_Down")
    try RealKeyboard.press("Up")
    #expect(MainContext.iterate { editor.document.layers[0].sticker?.opacity == 0.81 })
    EditorHarness.settle(editor)
    Screenshot.saveScreen(named: "sticker-opacity", width: 1280, height: 900)
    opacity.scale.value = 0
    #expect(editor.document.layers[0].sticker?.opacity == 0, "0 % is a choice too")
    opacity.scale.value = 37
    #expect(editor.document.layers[0].sticker?.opacity == 0.37)
    Popover(wrapping: opacity.popover).close()
    EditorHarness.settle(editor)
    #expect(editor.document.selectedLayerIndex == 0, "closing the slider leaves the sticker selected")
    #expect(editor.canvas.fields.boxEntry(at: 0)?.isFocused == true, "and focused")
    // The action takes any whole per cent, and it is a step of its own.
    Self.activate(StickerActions.opacityName, editor, choosing: "64")
    #expect(editor.document.layers[0].sticker?.opacity == 0.64)
    Self.activate(StickerActions.opacityName, editor, choosing: "140")
    #expect(editor.document.layers[0].sticker?.opacity == 0.64, "over 100 % is refused")
    let undo = editor.actions.action(named: EditorAction.undo.name)
    undo?.activate()
    #expect(editor.document.layers[0].sticker?.opacity == 0.37, "the action's step")
    undo?.activate()
    #expect(editor.document.layers[0].sticker?.opacity == 1, "the slider's changes were one step")
    #expect(editor.document.layers.count == 1)
  }

  /// A file dropped on the canvas over a picture asks: Add as Sticker puts it on as a selected
  /// sticker (one undo step), Replace Picture loads it in the picture's place, Cancel keeps all.
  @Test func aFileDroppedOverThePictureAsksWhetherItIsAStickerOrThePicture() throws {
    try DisplayHarness.requireDisplay()
    let file = try Self.stickerFile()
    let editor = Self.editor(answering: nil)
    defer { EditorHarness.close(editor) }
    let landscape = try #require(editor.document.image?.url)
    func drop() {
      var value = GValue()
      g_value_init(&value, gtkkit_type_file())
      g_value_take_object(&value, FileURL.file(for: file).raw)
      defer { g_value_unset(&value) }
      #expect(editor.loading.acceptDrop(&value))
    }
    let question = try #require(Self.questionAfter(drop))
    EditorHarness.settle(editor)
    Screenshot.saveScreen(named: "sticker-or-picture-question", width: 1280, height: 900)
    #expect(question.body.contains("“glasses.png”"), "\(question.body)")
    #expect(
      Self.responseLabels(of: question) == ["Cancel", "Replace Picture", "Add as Sticker"],
      "\(Self.responseLabels(of: question))")
    question.respond(StickerOrPictureQuestion.Response.cancel.rawValue)
    Self.waitForStickers(editor)
    #expect(editor.document.layers.isEmpty && editor.document.image?.url == landscape)

    drop()
    #expect(EditorHarness.answerStickerOrPicture(.sticker))
    Self.waitForStickers(editor)
    let sticker = try #require(editor.document.layers.first?.sticker)
    #expect(sticker.source == .picture(StickerPicture(path: file.path)))
    #expect(editor.document.selectedLayerIndex == 0 && editor.document.image?.url == landscape)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.layers.isEmpty && editor.document.image?.url == landscape)

    drop()
    #expect(EditorHarness.answerStickerOrPicture(.replace))
    #expect(MainContext.iterate { editor.document.image?.url == file && !editor.isLoading })
    #expect(editor.document.layers.isEmpty)
  }

  /// A pasted image (bytes another application offers) added as a sticker is written once into the
  /// pasted-stickers folder under its SHA-256, which the sticker reads, named "pasted picture".
  @Test func aPastedPictureAddedAsAStickerIsKeptAsAFileOfItsOwn() throws {
    try DisplayHarness.requireDisplay()
    let file = try Self.stickerFile()
    let editor = Self.editor(answering: nil)
    defer { EditorHarness.close(editor) }
    let png = [UInt8](try Data(contentsOf: file))
    let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let provider = gdk_content_provider_new_for_bytes("image/png", bytes)
    g_bytes_unref(bytes)
    gdk_clipboard_set_content(gtk_widget_get_clipboard(gtkkit_widget(editor.window)), provider)
    g_object_unref(provider)
    editor.actions.action(named: EditorAction.paste.name)?.activate()
    #expect(EditorHarness.answerStickerOrPicture(.sticker))
    Self.waitForStickers(editor)

    let sticker = try #require(editor.document.layers.first?.sticker)
    guard case .picture(let picture) = sticker.source else {
      Issue.record("a picture sticker, not \(sticker.source)")
      return
    }
    let kept = editor.preferences.pastedStickerFolder.appendingPathComponent(
      "\(ContentDigest.sha256(of: png)).png")
    #expect(picture.path == kept.path && picture.name == "pasted picture")
    #expect(try Data(contentsOf: kept) == Data(png), "the clipboard's bytes, as they were")
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(AccessibleNameTests.labelMismatch(field.widget, "Sticker 1: pasted picture") == nil)
    // Its proportions are the picture's: twice as wide as high.
    let pixels = sticker.frame.pixels(width: 1200, height: 800)
    #expect(abs(pixels.width - 2 * pixels.height) < 0.01, "\(pixels)")
  }

  /// Runs `step` and returns the Add as Sticker question it asks.
  static func questionAfter(_ step: () -> Void) -> MessageDialog? {
    step()
    let name = StickerOrPictureQuestion.dialogName
    MainContext.iterate { EditorWindowTests.toplevel(named: name) != nil }
    return EditorWindowTests.toplevel(named: name).flatMap(MessageDialog.init)
  }

  /// The labels of the question's three answers, without their mnemonic underscores; the suggested
  /// one is Add as Sticker, which Enter gives, and Escape cancels.
  static func responseLabels(of question: MessageDialog) -> [String] {
    #expect(question.defaultResponse == StickerOrPictureQuestion.Response.sticker.rawValue)
    #expect(question.closeResponse == StickerOrPictureQuestion.Response.cancel.rawValue)
    #expect(question.appearance(ofResponse: StickerOrPictureQuestion.Response.sticker.rawValue) == .suggested)
    let responses: [StickerOrPictureQuestion.Response] = [.cancel, .replace, .sticker]
    return responses.compactMap {
      question.label(ofResponse: $0.rawValue)?.replacingOccurrences(of: "_", with: "")
    }
  }

  /// The colour of the pixel at `point` of an ARGB32 image.
  static func rgb(of image: RasterImage, at point: (x: Int, y: Int)) -> (red: Int, green: Int, blue: Int) {
    let row = image.pixels.advanced(by: point.y * image.stride)
    let value = row.withMemoryRebound(to: UInt32.self, capacity: image.width) { $0[point.x] }
    return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
  }
}
