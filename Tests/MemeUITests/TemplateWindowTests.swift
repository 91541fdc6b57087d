// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import PictureFixtures
import Testing

@testable import MemeUI

/// Templates through the app's windows: Use as Template in Sent Memes, Detail and the editor; the
/// gallery's order, search, Rename, Delete with Undo and import; a template pressed starts a meme.
@Suite(.serialized) struct TemplateWindowTests {
  static let posterStyle = CaptionStyle(
    fontFamily: "DejaVu Serif", textColor: .white, outlineColor: .black, isUppercase: false)

  /// A store holding one meme whose picture (320 × 200) was turned a quarter, in the Band layout.
  static func storeWithATurnedBandMeme() throws -> (folder: URL, meme: SentMeme) {
    let folder = ScratchFolder.unique("templates")
    let store = try SentMemeStore(directory: folder)
    let picture = Fixtures.picture(width: 320, height: 200, name: "template-turned-source.png")
    let png = EncodedImage.png(try Data(contentsOf: picture))
    let meme = Meme(
      content: MemeContent(
        captions: MemeCaptions(
          top: "When the build", bottom: "finally passes", style: MemeLayoutKind.band.defaultStyle,
          layout: .band),
        transform: PictureTransform(quarterTurns: 1)),
      originalImage: picture)
    return (folder, try store.save(SentMemeDraft(meme: meme, rendered: png, thumbnail: png)))
  }

  /// A store with one meme and the templates named, made from fixture pictures (240 × 160), in the
  /// Poster layout; each is used as often as its count says.
  static func storeWithTemplates(_ templates: [(name: String, uses: Int)]) throws -> URL {
    let folder = try SentMemesHarness.makeStoreFolder(memes: 1).folder
    let store = try SentMemeStore(directory: folder)
    for (index, (name, uses)) in templates.enumerated() {
      let picture = Fixtures.picture(width: 240, height: 160, name: "template-\(index).png")
      let saved = try store.saveTemplate(
        TemplateMaker.draft(
          name: name, pictureAt: picture,
          content: MemeContent(
            captions: MemeCaptions(top: "", bottom: "", style: posterStyle, layout: .poster))))
      for _ in 0..<uses { try store.markTemplateUsed(id: saved.id) }
    }
    return folder
  }

  static func withApp(storeFolder: URL, _ body: (MemeMeApplication, SentMemesNavigator) throws -> Void) throws
  {
    try DisplayHarness.requireDisplay()
    let app = SentMemesHarness.launch(storeFolder: storeFolder)
    defer { SentMemesHarness.close(app) }
    try body(app, try #require(app.sentMemes))
  }

  /// Waits for the library to finish what it does and hold `count` templates.
  static func waitForTemplates(_ count: Int, in library: TemplateLibrary) -> Bool {
    MainContext.iterate { library.pendingWork == 0 && library.templates.count == count }
  }

  static func pictureSize(_ url: URL) throws -> (Int, Int) {
    let image = try ImageLoader().load(contentsOf: url)
    return (image.width, image.height)
  }

  /// Opens the gallery from Sent Memes, with the templates read.
  static func openGallery(in navigator: SentMemesNavigator, count: Int) throws -> TemplateGallery {
    let window = try #require(navigator.sentMemesWindow)
    SentMemesHarness.activate(TemplateAction.newFromTemplate.name, in: window.window)
    let gallery = try #require(navigator.templateGallery)
    #expect(MainContext.iterate { navigator.templates.pendingWork == 0 && gallery.tiles.count == count })
    DisplayHarness.waitForFrames(gallery.window)
    return gallery
  }

  /// A kept template's toast: its message beside its Rename button (the toast's custom title).
  static func message(of toast: Toast) -> String? {
    toast.customTitle.flatMap { SentMemesHarness.labels(in: $0).first }
  }

  static func names(in gallery: TemplateGallery) -> [String] { gallery.tiles.map(\.template.name) }

  // MARK: - Use as Template

  @Test func useAsTemplateOnASentMemeKeepsItsTurnedPictureLayoutAndStyleWithoutTexts() throws {
    let (folder, meme) = try Self.storeWithATurnedBandMeme()
    try Self.withApp(storeFolder: folder) { app, navigator in
      let window = try #require(navigator.sentMemesWindow)
      window.select(id: meme.id)
      SentMemesHarness.activate(TemplateAction.useAsTemplate.name, in: window.window)
      #expect(Self.waitForTemplates(1, in: navigator.templates))

      let template = try #require(navigator.templates.templates.first)
      #expect(template.name == "When the build / finally passes")
      #expect(template.layout == .band && template.style == meme.style)
      #expect(try Self.pictureSize(template.pictureURL) == (200, 320), "turned as the meme was")
      #expect(template.meme.top.isEmpty && template.meme.bottom.isEmpty)
      let toast = try #require(window.toasts.shownToast)
      #expect(Self.message(of: toast) == "Kept as template “When the build / finally passes”")
      #expect(toast.buttonLabel == "Undo")
      #expect(WidgetTree.descendant(of: window.window, named: "rename-kept-template-button") != nil)

      // Undo takes it back (and its files go).
      let undo = try #require(window.toasts.shownToastButton)
      gtk_widget_activate(undo)
      #expect(Self.waitForTemplates(0, in: navigator.templates))
      #expect(MainContext.iterate { !FileManager.default.fileExists(atPath: template.pictureURL.path) })
    }
  }

  @Test func useAsTemplateInDetailKeepsTheMemesPicture() throws {
    let (folder, meme) = try Self.storeWithATurnedBandMeme()
    try Self.withApp(storeFolder: folder) { app, navigator in
      let detail = try #require(navigator.showDetail(id: meme.id, from: .list))
      SentMemesHarness.activate(TemplateAction.useAsTemplate.name, in: detail.window)
      #expect(Self.waitForTemplates(1, in: navigator.templates))
      let template = try #require(navigator.templates.templates.first)
      #expect(template.layout == .band)
      #expect(try Self.pictureSize(template.pictureURL) == (200, 320))
      let toast = try #require(detail.toasts.shownToast)
      #expect(Self.message(of: toast) == "Kept as template “When the build / finally passes”")
    }
  }

  @Test func useAsTemplateInTheEditorKeepsThePictureAsItIsTurnedNowAndIsNamedAfterItsFile() throws {
    let folder = ScratchFolder.unique("templates")
    _ = try SentMemeStore(directory: folder)
    let picture = Fixtures.picture(width: 300, height: 180, name: "Success Kid.png")
    try Self.withApp(storeFolder: folder) { app, navigator in
      let editor = try #require(app.editor)
      let useAsTemplate = try #require(editor.actions.action(named: TemplateAction.useAsTemplate.name))
      #expect(!useAsTemplate.isEnabled, "no picture yet")
      #expect(EditorHarness.load(picture, into: editor))
      #expect(useAsTemplate.isEnabled)
      editor.actions.action(named: EditorAction.rotateRight.name)?.activate()
      editor.document.setLayout(.poster)
      useAsTemplate.activate()
      #expect(Self.waitForTemplates(1, in: navigator.templates))

      let template = try #require(navigator.templates.templates.first)
      #expect(template.name == "Success Kid")
      #expect(template.layout == .poster && template.style == editor.document.captions.style)
      #expect(try Self.pictureSize(template.pictureURL) == (180, 300))
      #expect(template.source == "Success Kid.png")
      #expect(Self.message(of: try #require(editor.toasts.shownToast)) == "Kept as template “Success Kid”")
      // The menus offer it: the picture's context menu and Album's.
      let contextMenu = EditorContextMenu.menu
      #expect(PrimaryMenuTests.items(of: contextMenu.model).contains { $0.label == "Use as Template" })
      withExtendedLifetime(contextMenu) {}
    }
  }

  // MARK: - The gallery

  @Test func theGalleryShowsTheMostUsedFirstAndItsSearchIgnoresCaseAndAccents() throws {
    let folder = try Self.storeWithTemplates([("Drake", 1), ("Café Débat", 3), ("Surprised cat", 0)])
    try Self.withApp(storeFolder: folder) { app, navigator in
      let gallery = try Self.openGallery(in: navigator, count: 3)
      #expect(Self.names(in: gallery) == ["Café Débat", "Drake", "Surprised cat"])
      #expect(gallery.stack.visibleChildName == "templates")
      Screenshot.save(gallery.window, named: "template-gallery")

      gallery.search.text = "CAFE"
      #expect(MainContext.iterate { Self.names(in: gallery) == ["Café Débat"] })
      gallery.search.text = "no such template"
      #expect(MainContext.iterate { gallery.stack.visibleChildName == "no-results" })
      gallery.search.text = ""
      #expect(MainContext.iterate { gallery.tiles.count == 3 })
    }
  }

  @Test func pressingATemplateOpensTheEditorOnItsPictureWithEmptyCaptionsItsLayoutAndStyle() throws {
    let folder = try Self.storeWithTemplates([("Drake", 0), ("Distracted", 2)])
    try Self.withApp(storeFolder: folder) { app, navigator in
      let gallery = try Self.openGallery(in: navigator, count: 2)
      let drake = try #require(gallery.tiles.first { $0.template.name == "Drake" })
      // A button's activation clicks it after a short pressed look: the main loop runs meanwhile.
      gtk_widget_activate(drake.tile.button)
      #expect(MainContext.iterate { app.editor != nil })
      let editor = try #require(app.editor)
      #expect(MainContext.iterate { editor.document.image != nil && !editor.isLoading })
      #expect(MainContext.iterate { navigator.templateGallery == nil }, "the gallery closed")
      #expect(SentMemesHarness.isVisible(editor.window))
      #expect(editor.document.captions.top.isEmpty && editor.document.captions.bottom.isEmpty)
      #expect(editor.document.captions.textBoxes.isEmpty)
      #expect(editor.document.layout == .poster)
      #expect(editor.document.captions.style == Self.posterStyle)
      #expect(editor.document.image?.url == drake.template.pictureURL)
      #expect((editor.document.image?.width, editor.document.image?.height) == (240, 160))
      #expect(!editor.document.hasUnsharedChanges, "nothing to lose yet")
      EditorHarness.settle(editor)
      #expect(editor.canvas.fields.topEntry.isFocused, "the caret is in the top caption, ready for typing")
      // Used once now: it counts, and comes first next to the one used twice when used again.
      let store = try SentMemeStore(directory: folder)
      #expect(try store.template(id: drake.template.id)?.useCount == 1)
    }
  }

  @Test func aDeletedTemplateComesBackWithUndoAndGoesForGoodWithTheGallery() throws {
    let folder = try Self.storeWithTemplates([("Drake", 0), ("Distracted", 0)])
    try Self.withApp(storeFolder: folder) { app, navigator in
      var gallery = try Self.openGallery(in: navigator, count: 2)
      let drake = try #require(gallery.tiles.first { $0.template.name == "Drake" })
      gtk_widget_activate(drake.tile.deleteButton)
      #expect(MainContext.iterate { Self.names(in: gallery) == ["Distracted"] })
      let toast = try #require(gallery.toasts.shownToast)
      #expect(toast.title == "“Drake” deleted" && toast.buttonLabel == "Undo")
      let undo = try #require(gallery.toasts.shownToastButton)
      gtk_widget_activate(undo)
      #expect(MainContext.iterate { gallery.tiles.count == 2 })

      gallery = try Self.openGallery(in: navigator, count: 2)
      let again = try #require(gallery.tiles.first { $0.template.name == "Drake" })
      gtk_widget_activate(again.tile.deleteButton)
      #expect(MainContext.iterate { Self.names(in: gallery) == ["Distracted"] })
      gallery.toplevel.destroy()
      #expect(MainContext.iterate { !FileManager.default.fileExists(atPath: drake.template.pictureURL.path) })
      #expect(try SentMemeStore(directory: folder).templates().map(\.name) == ["Distracted"])
    }
  }

  @Test func aRenamedTemplateShowsItsNewName() throws {
    let folder = try Self.storeWithTemplates([("IMG_2041", 0)])
    try Self.withApp(storeFolder: folder) { app, navigator in
      let gallery = try Self.openGallery(in: navigator, count: 1)
      gtk_widget_activate(try #require(gallery.tiles.first).tile.renameButton)
      #expect(MainContext.iterate { SentMemesHarness.toplevel(named: "rename-template-dialog") != nil })
      let dialog = try #require(SentMemesHarness.toplevel(named: "rename-template-dialog"))
      let field = try #require(WidgetTree.descendant(of: dialog, named: "template-name-field"))
      #expect(Entry(wrapping: field).text == "IMG_2041")
      Entry(wrapping: field).text = "Surprised cat"
      try #require(MessageDialog(dialog)).respond("rename")
      #expect(MainContext.iterate { Self.names(in: gallery) == ["Surprised cat"] })
      #expect(try SentMemeStore(directory: folder).templates().map(\.name) == ["Surprised cat"])
    }
  }

  @Test func anEmptyGallerySaysHowToMakeTemplatesAndImportsAFolderReportingTheBadFile() throws {
    let folder = try SentMemesHarness.makeStoreFolder(memes: 1).folder
    let pictures = ScratchFolder.unique("template-folder")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    for (name, width) in [("Drake", 200), ("Woman yelling at cat", 260)] {
      try FileManager.default.copyItem(
        at: Fixtures.picture(width: width, height: 150, name: "import-\(width).png"),
        to: pictures.appendingPathComponent("\(name).png"))
    }
    try Data("not a picture".utf8).write(to: pictures.appendingPathComponent("broken.jpg"))
    try Self.withApp(storeFolder: folder) { app, navigator in
      let gallery = try Self.openGallery(in: navigator, count: 0)
      #expect(gallery.stack.visibleChildName == "empty")
      let empty = try #require(WidgetTree.descendant(of: gallery.window, named: "no-templates"))
      #expect(SentMemesHarness.labels(in: empty).contains("No Templates Yet"))

      gallery.filePicker = { request, completion in
        guard case .templateFolder = request else { return completion(nil) }
        completion(pictures)
      }
      SentMemesHarness.activate(TemplateAction.importTemplates.name, in: gallery.window)
      #expect(MainContext.iterate { gallery.tiles.count == 2 && navigator.templates.pendingWork == 0 })
      #expect(Set(Self.names(in: gallery)) == ["Drake", "Woman yelling at cat"])
      #expect(gallery.stack.visibleChildName == "templates")
      #expect(gallery.toasts.shownToast?.title == "2 templates imported")
      let message = try #require(
        MainContext.iterate { SentMemesHarness.toplevel(named: "message-dialog") != nil }
          ? SentMemesHarness.toplevel(named: "message-dialog").flatMap { MessageDialog($0) } : nil)
      #expect(message.heading == "Some files were not imported")
      #expect(message.body.contains("broken.jpg") && !message.body.contains("Drake"))
      message.respond(MessageDialog.okResponse)
    }
  }

  @Test func sentMemesAndTheEditorOfferTheGalleryInTheirAddAndAlbumMenus() throws {
    let folder = try SentMemesHarness.makeStoreFolder(memes: 1).folder
    try Self.withApp(storeFolder: folder) { app, navigator in
      let window = try #require(navigator.sentMemesWindow)
      let add = try #require(WidgetTree.descendant(of: window.window, named: "add-menu-button"))
      let addItems = PrimaryMenuTests.items(of: try #require(add.menuModel)).map(\.action)
      #expect(addItems.contains("win.new-from-template") && addItems.contains("win.add"))
      let contextMenu = SentMemesMenus.contextMenu()
      let context = PrimaryMenuTests.items(of: contextMenu.model).map(\.action)
      withExtendedLifetime(contextMenu) {}
      #expect(context.contains("win.use-as-template"))
      let editor = navigator.showEditor()
      let albumItems = PrimaryMenuTests.items(of: try #require(editor.bottomBar.albumMenuButton.menuModel))
        .map(
          \.action)
      #expect(albumItems.contains("win.new-from-template") && albumItems.contains("win.import-templates"))
      editor.actions.action(named: TemplateAction.newFromTemplate.name)?.activate()
      #expect(navigator.templateGallery != nil)
    }
  }
}
