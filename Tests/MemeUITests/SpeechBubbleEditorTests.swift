// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Speech bubbles in the editor through its menus, actions and keys: Add → Speech Bubble's Reaction
/// and Comic (the canvas's menu and the bottom bar), a reaction bubble's Transparent, Flip, Bottom
/// and Size…, a comic bubble's Shape, Move Tail, text and style, each one undo step; Save As with a
/// cut-out read back from the file (PNG keeps it transparent, JPEG fills it white and says so); and
/// Sent Memes' store and Edit & Resend keeping both kinds.
@MainActor @Suite(.serialized) struct SpeechBubbleEditorTests {
  static let reactionActions = [
    BubbleActions.transparentName, BubbleActions.flipName, BubbleActions.bottomName,
    BubbleActions.adjustSizeName,
  ]
  static let comicActions = [BubbleActions.shapeName, BubbleActions.moveTailName]

  static func enabled(_ name: String, _ editor: EditorWindow) -> Bool {
    editor.layerActions.actions.action(named: name)?.isEnabled ?? false
  }

  static func bubble(_ index: Int, _ editor: EditorWindow) -> SpeechBubble? {
    editor.document.layers.indices.contains(index) ? editor.document.layers[index].speechBubble : nil
  }

  @Test func addReactionAndAddComicAreInTheMenusAndEachIsOneUndoStepThatSelectsTheBubble() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    // The canvas's menu: Add → Speech Bubble → Reaction and Comic; the bottom bar has both too.
    let contextMenu = EditorContextMenu.menu
    let menu = withExtendedLifetime(contextMenu) { SpeechBubbleHarness.paths(of: contextMenu.model) }
    for (path, action) in [
      ("Add/Speech Bubble/Reaction", EditorAction.addReactionBubble),
      ("Add/Speech Bubble/Comic", .addComicBubble),
    ] {
      #expect(menu.contains { $0.path == path && $0.action == action.detailedName }, "\(path) in \(menu)")
    }
    let button = editor.bottomBar.speechBubbleButton
    #expect(AccessibleNameTests.labelMismatch(button, "Speech Bubble") == nil)
    // Built as the menu first opens (see `MenuButton.setMenu`).
    _ = try #require(button.menuPopover)
    let buttonModel = try #require(gtk_menu_button_get_menu_model(gtkkit_menu_button(button)))
    #expect(
      SpeechBubbleHarness.paths(of: buttonModel).map(\.path) == ["Reaction", "Comic"], "the bar's menu")
    #expect(button.isSensitive && IconName.all.contains(IconName.speechBubble))

    SpeechBubbleHarness.add(comic: false, editor)
    let reaction = try #require(Self.bubble(0, editor))
    #expect(reaction == .reaction())
    #expect(reaction.frame == RelativeRect(x: 0, y: 0, width: 1, height: 0.2), "across the top, 20 %")
    #expect(editor.document.selectedLayerIndex == 0)
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    #expect(MainContext.iterate { field.isFocused } && !field.acceptsText, "its keys, no text")
    #expect(AccessibleNameTests.labelMismatch(field.widget, "Speech bubble 1") == nil)
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers.isEmpty, "one undo step")
    editor.actions.action(named: "redo")?.activate()
    #expect(Self.bubble(0, editor) == reaction && editor.document.selectedLayerIndex == 0)

    SpeechBubbleHarness.add(comic: true, editor)
    let comic = try #require(Self.bubble(1, editor))
    #expect(comic.shape == .rounded && comic.text.isEmpty)
    #expect(comic.tailY > comic.frame.y + comic.frame.height, "its tail points below it")
    #expect(comic.style.fontFamily == editor.document.captions.style.fontFamily)
    #expect(editor.document.selectedLayerIndex == 1)
    let comicField = try #require(editor.canvas.fields.boxEntry(at: 1))
    #expect(MainContext.iterate { comicField.isFocused } && comicField.acceptsText && comicField.isTyping)
    #expect(AccessibleNameTests.labelMismatch(comicField.widget, "Speech bubble 2") == nil)
    Screenshot.save(editor.window, named: "speech-bubbles-added")
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.layers.count == 1, "one undo step")
  }

  @Test func transparentFlipBottomAndSizeAreTheReactionBubblesOwnEachOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    #expect((Self.reactionActions + Self.comicActions).allSatisfy { !Self.enabled($0, editor) })
    // Where the bubble will lie once at the bottom, beside the bottom caption's text.
    let photo = try SpeechBubbleHarness.shownPixel(atX: 0.1, y: 0.97, editor)
    SpeechBubbleHarness.add(comic: false, editor)
    #expect(Self.reactionActions.allSatisfy { Self.enabled($0, editor) })
    #expect(Self.comicActions.allSatisfy { !Self.enabled($0, editor) }, "a reaction bubble has no shape")
    // The canvas shows the bubble white, then cut out of the picture: neither shows the photo there.
    #expect(try SpeechBubbleHarness.shownPixel(atX: 0.5, y: 0.05, editor) == [255, 255, 255])
    let section = SpeechBubbleHarness.paths(of: editor.layerActions.bubbleActions.reactionSection.model)
    #expect(section.map(\.path) == ["Transparent", "Flip", "Bottom", "Size…"], "\(section)")
    #expect(editor.layerActions.bubbleActions.comicSection.count == 0)

    for (name, check) in [
      (BubbleActions.transparentName, { (bubble: SpeechBubble) in bubble.isTransparent }),
      (BubbleActions.flipName, { $0.isFlipped }), (BubbleActions.bottomName, { $0.isAtBottom }),
    ] {
      StickerEditorTests.activate(name, editor)
      #expect(Self.bubble(0, editor).map(check) == true, "\(name)")
      #expect(editor.layerActions.actions.action(named: name)?.isOn == true, "its check item follows")
    }
    let cutOut = try SpeechBubbleHarness.shownPixel(atX: 0.1, y: 0.97, editor)
    #expect(
      cutOut != photo, "the canvas shows the cut-out: \(cutOut), \(photo)")
    let all = try #require(Self.bubble(0, editor))
    #expect(all == .reaction(transparent: true, flipped: true, atBottom: true))
    #expect(all.frame.y == 0.8, "at the bottom")
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "speech-bubble-reaction-transparent")

    // Size…: a slider from 5 to 60 % at the bubble; everything while it is open is one step.
    let size = try #require(editor.layerTools?.bubbleSize)
    #expect(SpeechBubbleHarness.open(size, by: BubbleActions.adjustSizeName, editor), "Size… opened it")
    #expect(size.scale.value == 20 && gtk_widget_has_focus(size.scale.widget) != 0)
    #expect(AccessibleNameTests.labelMismatch(size.scale.widget, "Size") == nil)
    size.scale.value = 35
    size.scale.value = 60
    size.scale.value = 90
    #expect(Self.bubble(0, editor)?.size == 0.6, "at most 60 %")
    gtk_popover_popdown(gtkkit_popover(size.popover))
    EditorHarness.settle(editor)
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor) == all, "the slider's run was one step")
    for expected in [
      SpeechBubble.reaction(transparent: true, flipped: true), .reaction(transparent: true), .reaction(),
    ] {
      editor.actions.action(named: "undo")?.activate()
      #expect(Self.bubble(0, editor) == expected)
    }
    EditorHarness.settle(editor)
    #expect(editor.layerActions.actions.action(named: BubbleActions.transparentName)?.isOn == false)
  }

  @Test func aComicBubblesShapeTailTextAndStyleAreItsOwnEachOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    SpeechBubbleHarness.add(comic: true, editor)
    let added = try #require(Self.bubble(0, editor))
    let section = SpeechBubbleHarness.paths(of: editor.layerActions.bubbleActions.comicSection.model)
    #expect(section.map(\.path) == ["Shape/Rounded", "Shape/Ellipse", "Move Tail"], "\(section)")
    #expect(Self.reactionActions.allSatisfy { !Self.enabled($0, editor) })
    StickerEditorTests.activate(BubbleActions.shapeName, editor, choosing: "ellipse")
    #expect(Self.bubble(0, editor)?.shape == .ellipse)
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor) == added)

    // Move Tail: the arrows move the tail's tip, not the bubble; Escape gives them back to it.
    let field = try #require(editor.canvas.fields.boxEntry(at: 0))
    field.focus(typing: false)
    StickerEditorTests.activate(BubbleActions.moveTailName, editor)
    let none = GdkModifierType(rawValue: 0)
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Right), none, in: field, index: 0)
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Down), GDK_SHIFT_MASK, in: field, index: 0)
    let picture = editor.canvas.pictureRect
    let moved = try #require(Self.bubble(0, editor))
    #expect(abs((moved.tailX - added.tailX) * picture.width - 1) < 0.01, "Right: one pixel")
    #expect(abs((moved.tailY - added.tailY) * picture.height - 10) < 0.01, "Shift+Down: ten pixels")
    #expect(moved.frame == added.frame, "the bubble stays")
    #expect(editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Escape), none, in: field, index: 0))
    #expect(editor.document.selectedLayerIndex == 0, "Escape ended Move Tail, the bubble stays selected")
    _ = editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Right), none, in: field, index: 0)
    #expect(Self.bubble(0, editor)?.tailX == moved.tailX && Self.bubble(0, editor)?.frame != added.frame)
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor) == moved, "the nudge of the bubble")
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor) == added, "the tail's keys were one step")

    // Nothing typed: the file has the empty bubble (the placeholder is the editor's alone).
    let inside = ImageRect(
      x: (added.frame.x + added.frame.width * 0.2) * 1200,
      y: (added.frame.y + added.frame.height * 0.3) * 800,
      width: added.frame.width * 0.6 * 1200, height: added.frame.height * 0.4 * 800)
    let (empty, _) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "png")
    #expect(HiddenAreaHarness.colours(in: inside, of: empty) == [0xFFFF_FFFF], "a white, empty bubble")

    // Typed text, right to left, and emoji: in the document, drawn inside the bubble. They come in
    // as an input method commits them, through the field's own insertion: xdotool types only what
    // the X keyboard map has keys for.
    for (text, name) in [("مرحبا بالعالم", "arabic"), ("🎉😀 yay", "emoji")] {
      let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
      entry.focus(typing: true)
      gtk_editable_set_text(gtkkit_editable(entry.widget), "")
      var position: Int32 = 0
      gtk_editable_insert_text(gtkkit_editable(entry.widget), text, -1, &position)
      #expect(MainContext.iterate { Self.bubble(0, editor)?.text == text }, "typed \(name)")
      editor.document.endTyping()
      EditorHarness.settle(editor)
      Screenshot.save(editor.window, named: "speech-bubble-comic-\(name)")
      let (saved, _) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "png")
      #expect(HiddenAreaHarness.colours(in: inside, of: saved).count > 8, "the \(name) text is drawn in it")
      #expect(sink.entries.last?.captions.layers.first?.speechBubble?.text == text)
    }
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor)?.text == "مرحبا بالعالم", "the second run of typing was one step")

    // The Style panel styles the selected bubble: text and border in its text colour, filled in its
    // outline colour.
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    var style = try #require(Self.bubble(0, editor)).style
    style.textColor = RGBAColor(red: 0.8, green: 0, blue: 0)
    style.outlineColor = RGBAColor(red: 1, green: 1, blue: 0.6)
    let memeStyle = editor.document.captions.style
    editor.stylePanel.onChange(style)
    #expect(Self.bubble(0, editor)?.style == style && editor.document.captions.style == memeStyle)
    let (styled, _) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "png")
    #expect(
      HiddenAreaHarness.colours(in: inside, of: styled).contains(0xFFFF_FF99), "filled in the outline colour")
    editor.actions.action(named: "undo")?.activate()
    #expect(Self.bubble(0, editor)?.style == added.style)
  }

  @Test func saveAsKeepsTheCutOutTransparentInAPNGAndFillsItWhiteInAJPEGSayingSo() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    SpeechBubbleHarness.add(comic: false, editor)
    StickerEditorTests.activate(BubbleActions.transparentName, editor)
    #expect(editor.document.captions.cutsOutOfPicture)

    let (png, pngNote) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "png")
    #expect(SpeechBubbleHarness.argb(png, 600, 40).a == 0, "transparent at the bubble's centre")
    #expect(SpeechBubbleHarness.argb(png, 600, 600).a == 255, "opaque elsewhere")
    #expect(SpeechBubbleHarness.argb(png, 20, 150).a == 255, "opaque beside its tail")
    #expect(pngNote?.contains("JPEG") == false, "\(pngNote ?? "")")
    #expect(sink.entries.last?.captions.layers.first?.speechBubble?.isTransparent == true)

    let (jpeg, jpegNote) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "jpg")
    let pixel = SpeechBubbleHarness.argb(jpeg, 600, 40)
    #expect(pixel.a == 255 && min(pixel.r, pixel.g, pixel.b) >= 245, "filled white: \(pixel)")
    #expect(
      jpegNote?.contains("JPEG has no transparency: the cut-out is filled white") == true, "\(jpegNote ?? "")"
    )
  }

  @Test func sentMemesStoreAndEditAndResendKeepBothKindsOfBubble() throws {
    try DisplayHarness.requireDisplay()
    let layers: [MemeLayer] = [
      .bubble(.reaction(transparent: true, flipped: true, size: 0.3)),
      .bubble(
        SpeechBubble(
          shape: .ellipse, frame: RelativeRect(x: 0.4, y: 0.4, width: 0.4, height: 0.3), angle: 10,
          tailX: 0.2,
          tailY: 0.9, text: "مرحبا 😀")),
    ]
    let captions = MemeCaptions(top: "kept", bottom: "bubbles", layers: layers)
    let pictureURL = Fixtures.picture(width: 600, height: 400, name: "bubbles-kept.png")
    let snapshot = ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: pictureURL), transform: .identity)
    let shared = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: shared))
    let loaded = try #require(try SentMemeStore(directory: folder).meme(id: saved.id))
    #expect(loaded.content.captions.layers == layers, "the store keeps every bubble")

    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    editor.loading.load(sent: loaded.meme)
    #expect(
      MainContext.iterate { !editor.isLoading && editor.document.captions.layers == layers },
      "Edit & Resend opens them")
    EditorHarness.settle(editor)
    #expect(editor.canvas.layout?.layers.count == 2)
    Screenshot.save(editor.window, named: "speech-bubbles-edit-and-resend")
    let (_, _) = try SpeechBubbleHarness.saveAs(editor, sink: sink, fileExtension: "png")
    #expect(sink.entries.last?.captions.layers == layers, "and sends them again")
  }
}
