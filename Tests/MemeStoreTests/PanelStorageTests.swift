// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// How Sent Memes and the templates keep panel memes: the grid as JSON in the `panels` column, each
/// cell's picture kept once by content in the store's `stickers` folder (shared with the stickers),
/// so a panel meme still opens once the chosen files are gone, and each copy goes with the last row
/// that uses it. A template keeps the grid as a form to fill, with no picture.
@Suite struct PanelStorageTests {
  /// The pictures the user chose, in a folder of their own: two PNGs, and bytes of no picture format
  /// (kept without an extension).
  struct Chosen {
    let folder: TemporaryFolder
    let noiseBytes = randomBytes(700)

    var glasses: URL { folder.file("glasses.png") }
    var green: URL { folder.file("green.png") }
    var noise: URL { folder.file("noise") }

    init() throws {
      folder = try TemporaryFolder()
      try StickerStorageTests.glasses.write(to: glasses)
      try StickerStorageTests.green.write(to: green)
      try noiseBytes.write(to: noise)
    }

    /// The name of the store's copy of `file`: its SHA-256 as `sha256sum` reads it, and its format's
    /// extension.
    func keptName(_ file: URL, fileExtension: String? = "png") throws -> String {
      KeptStickers.fileName(hash: try StickerStorageTests.sha256sum(file), fileExtension: fileExtension)
    }
  }

  /// A 2×2 grid with `pictures` (nil: an empty cell), each cell lying differently, its gutter,
  /// colour and cell shape none of the defaults.
  static func grid(_ pictures: [URL?]) -> PanelGrid {
    let transforms = [
      PictureTransform(crop: PixelRect(x: 1, y: 2, width: 8, height: 6), quarterTurns: 1),
      PictureTransform(flipsHorizontally: true), .identity,
      PictureTransform(quarterTurns: 2, flipsVertically: true),
    ]
    let cells = pictures.enumerated().map { index, picture in
      PanelCell(
        picture: picture, transform: transforms[index % 4], fit: index.isMultiple(of: 2) ? .fit : .cover,
        zoom: 1 + Double(index) * 0.75, focusX: 0.1 + Double(index) * 0.2, focusY: 0.9 - Double(index) * 0.2,
        caption: "cell \(index) ✓")
    }
    return PanelGrid(
      arrangement: .grid(rows: 2, columns: 2), cells: cells, gutter: 12,
      gutterColor: RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), cellAspect: 1.25)
  }

  static func draft(_ grid: PanelGrid?, layers: [MemeLayer] = []) -> SentMemeDraft {
    var draft = sampleDraft(0)
    draft.content.panels = grid
    draft.content.captions.layers = layers
    return draft
  }

  static func templateDraft(_ grid: PanelGrid?, layers: [MemeLayer] = []) -> MemeTemplateDraft {
    MemeTemplateDraft(
      name: "panels", picture: .png(randomBytes(120)), thumbnail: .png(randomBytes(40)),
      content: MemeContent(captions: MemeCaptions(top: "dropped", bottom: "", layers: layers), panels: grid))
  }

  /// Everything of `grid` but its cells' pictures: how they lie, the captions, the grid's shape.
  static func laidOut(_ grid: PanelGrid?) -> PanelGrid? {
    grid.map { grid in
      var laidOut = grid
      for index in laidOut.cells.indices { laidOut.cells[index].picture = nil }
      return laidOut
    }
  }

  static func panelsColumn(of id: Int64, in table: String = "sentMeme", _ store: SentMemeStore) throws
    -> String?
  {
    try store.column("panels", ofRowWithID: id, in: table)
  }

  /// Panel memes of both arrangements read back, after the store is opened again, with every cell
  /// lying as it was saved; a meme of one picture stores and reads no grid.
  @Test func aPanelMemeReadsBackAsItWasSaved() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let grid = Self.grid([chosen.glasses, chosen.green, nil, chosen.noise])
    let rows = PanelGrid(
      arrangement: .captionRows(count: 3),
      cells: [
        PanelCell(picture: chosen.green, fit: .fit, caption: "no"), PanelCell(caption: "yes"),
        PanelCell(picture: chosen.glasses, zoom: 2.5, focusX: 0, focusY: 1, caption: "maybe"),
      ], gutter: 0, gutterColor: .black)
    let saved: [SentMeme]
    do {
      let store = try SentMemeStore(directory: folder.url)
      saved = try store.save(contentsOf: [Self.draft(grid), Self.draft(rows), Self.draft(nil)])
      #expect(saved.map { Self.laidOut($0.content.panels) } == [Self.laidOut(grid), Self.laidOut(rows), nil])
      #expect(try Self.panelsColumn(of: saved[2].id, store) == nil, "NULL, as every meme before panels")
    }
    let store = try SentMemeStore(directory: folder.url)
    for (meme, original) in zip(saved, [grid, rows]) {
      let readBack = try #require(try store.meme(id: meme.id)?.content.panels)
      #expect(Self.laidOut(readBack) == Self.laidOut(original))
      #expect(readBack.cells.map { $0.picture == nil } == original.cells.map { $0.picture == nil })
      #expect(readBack == meme.content.panels, "as the save returned it")
    }
    #expect(try store.meme(id: saved[2].id)?.content.panels == nil)
    #expect(
      try store.allMemes().map { Self.laidOut($0.content.panels) } == [
        nil, Self.laidOut(rows), Self.laidOut(grid),
      ])
  }

  /// The same picture in two cells (from two files) and in a sticker is one copy, named by the SHA-256
  /// `sha256sum` gives; the row names the copies relative to the store, and no chosen file. Another
  /// meme and a template with the same pictures write no copy more.
  @Test func eachCellPictureIsKeptOnceByItsContent() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let copy = chosen.folder.file("copy of glasses.png")
    let stickerFile = chosen.folder.file("sticker.png")
    try StickerStorageTests.glasses.write(to: copy)
    try StickerStorageTests.glasses.write(to: stickerFile)
    let glassesName = try chosen.keptName(chosen.glasses)
    let greenName = try chosen.keptName(chosen.green)
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.save(
      Self.draft(
        Self.grid([chosen.glasses, copy, chosen.green, nil]),
        layers: [StickerStorageTests.sticker(at: stickerFile)]))
    #expect(StickerStorageTests.keptFiles(in: folder) == [glassesName, greenName].sorted())

    let column = try #require(try Self.panelsColumn(of: saved.id, store))
    let stored = try #require(SentMemeDecoder.panels(fromJSON: column))
    #expect(
      stored.cells.map { $0.picture?.relativeString }
        == ["stickers/\(glassesName)", "stickers/\(glassesName)", "stickers/\(greenName)", nil])
    #expect(!column.contains(chosen.folder.url.lastPathComponent), "no chosen file is named")
    let cells = try #require(saved.content.panels?.cells)
    #expect(cells[0].picture?.path == folder.url.appendingPathComponent("stickers/\(glassesName)").path)
    #expect(cells[0].picture == cells[1].picture)
    #expect(
      StickerStorageTests.picture(of: saved.content.captions.layers.first)?.path == cells[0].picture?.path)

    _ = try store.save(Self.draft(Self.grid([chosen.green, nil, nil, copy])))
    _ = try store.saveTemplate(
      Self.templateDraft(nil, layers: [StickerStorageTests.sticker(at: chosen.green)]))
    #expect(StickerStorageTests.keptFiles(in: folder) == [glassesName, greenName].sorted())
  }

  /// With the chosen files deleted and the store opened again, every cell's picture is the store's
  /// copy, byte for byte the file it was placed from; an empty cell stays empty. Sent again, the meme
  /// shares the copies.
  @Test func cellPicturesAreReadFromTheKeptCopiesOnceTheChosenFilesAreGone() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let noiseName = try chosen.keptName(chosen.noise, fileExtension: nil)
    let pictures = [chosen.glasses, chosen.noise, nil, chosen.green]
    let id = try SentMemeStore(directory: folder.url).save(Self.draft(Self.grid(pictures))).id
    #expect(StickerStorageTests.keptFiles(in: folder).contains(noiseName))
    try FileManager.default.removeItem(at: chosen.folder.url)

    let store = try SentMemeStore(directory: folder.url)
    let expected = [StickerStorageTests.glasses, chosen.noiseBytes, nil, StickerStorageTests.green]
    for meme in [try store.meme(id: id), try store.allMemes().first] {
      let cells = try #require(meme?.content.panels?.cells)
      #expect(cells.count == 4)
      for (cell, bytes) in zip(cells, expected) {
        guard let bytes else {
          #expect(cell.picture == nil)
          continue
        }
        let picture = try #require(cell.picture)
        #expect(picture.isFileURL)
        #expect(
          picture.deletingLastPathComponent().path == folder.url.appendingPathComponent("stickers").path)
        #expect(try Data(contentsOf: picture) == bytes)
      }
    }
    // Sent again (Edit & Resend), the cells read from the copies share them.
    let kept = StickerStorageTests.keptFiles(in: folder)
    let readBack = try store.meme(id: id)?.content.panels
    #expect(try store.save(Self.draft(readBack)).content.panels == readBack)
    #expect(StickerStorageTests.keptFiles(in: folder) == kept)
  }

  /// A copy goes with the last row that uses it, whether it uses it in a cell or as a sticker: a
  /// template's sticker keeps a meme's cell picture, a meme's cell keeps another's sticker picture;
  /// purging on opening counts cells too.
  @Test func aCopyGoesWithTheLastRowThatUsesIt() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let (glasses, green) = (try chosen.keptName(chosen.glasses), try chosen.keptName(chosen.green))
    let noise = try chosen.keptName(chosen.noise, fileExtension: nil)
    var store = try SentMemeStore(directory: folder.url)
    let a = try store.save(Self.draft(Self.grid([chosen.glasses, chosen.noise, nil, nil])))
    let b = try store.save(Self.draft(Self.grid([nil, nil, chosen.green, nil])))
    let c = try store.save(Self.draft(nil, layers: [StickerStorageTests.sticker(at: chosen.green)]))
    let template = try store.saveTemplate(
      Self.templateDraft(Self.grid([chosen.noise]), layers: [StickerStorageTests.sticker(at: chosen.glasses)])
    )
    #expect(StickerStorageTests.keptFiles(in: folder) == [glasses, green, noise].sorted())

    try store.delete(id: a.id)
    #expect(try store.purgeDeleted(id: a.id))
    #expect(StickerStorageTests.keptFiles(in: folder) == [glasses, green].sorted(), "the template's sticker")

    try store.delete(id: c.id)
    #expect(try store.purgeDeleted() == 1)
    #expect(StickerStorageTests.keptFiles(in: folder) == [glasses, green].sorted(), "the second meme's cell")

    try store.delete(id: b.id)
    store = try SentMemeStore(directory: folder.url)
    try store.finishOpening()
    #expect(try store.count() == 0)
    #expect(StickerStorageTests.keptFiles(in: folder) == [glasses])

    try store.deleteTemplate(id: template.id)
    #expect(try store.purgeDeletedTemplates() == 1)
    #expect(StickerStorageTests.keptFiles(in: folder) == [])
  }

  /// A store made by the release before panels migrates: its memes and templates read as memes of
  /// one picture (their `panels` NULL), and it keeps panel memes from then on.
  @Test func aStoreMadeBeforePanelsMigrates() throws {
    let folder = try TemporaryFolder()
    try StickerStorageTests.makeReleaseStoreWithATemplate(in: folder, upTo: "v9 template stickers")

    let store = try SentMemeStore(directory: folder.url)
    let meme = try #require(try store.allMemes().first)
    #expect(meme.top == "top" && meme.content.panels == nil)
    let template = try #require(try store.templates().first)
    #expect(template.name == "old" && template.content.panels == nil)
    let nulls = try store.database.reading { db in
      [
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sentMeme WHERE panels IS NULL"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM memeTemplate WHERE panels IS NULL"),
      ]
    }
    #expect(nulls == [1, 1])

    let chosen = try Chosen()
    let grid = Self.grid([chosen.green, nil, nil, nil])
    let saved = try store.save(Self.draft(grid))
    #expect(Self.laidOut(try store.meme(id: saved.id)?.content.panels) == Self.laidOut(grid))
  }

  /// A template keeps a panel meme's grid as a form to fill: its shape, gutter, colour, and each
  /// cell's fit and caption, with no picture (so no copy) and nothing of how one lay.
  @Test func aPanelTemplateKeepsTheGridWithoutPictures() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let grid = Self.grid([chosen.glasses, chosen.green, nil, chosen.noise])
    let draft = Self.templateDraft(grid)
    let saved: MemeTemplate
    do {
      let store = try SentMemeStore(directory: folder.url)
      saved = try store.saveTemplate(draft)
      #expect(saved.content.panels == draft.content.panels)
    }
    try FileManager.default.removeItem(at: chosen.folder.url)
    #expect(StickerStorageTests.keptFiles(in: folder) == [])

    let store = try SentMemeStore(directory: folder.url)
    let template = try #require(try store.template(id: saved.id))
    #expect(template.content.top == "")
    let kept = try #require(template.content.panels)
    #expect(kept == draft.content.panels)
    #expect(template.meme.content.panels == kept)
    #expect(kept.arrangement == grid.arrangement && kept.gutter == 12 && kept.cellAspect == 1.25)
    #expect(kept.gutterColor == grid.gutterColor)
    #expect(kept.cells.map(\.caption) == grid.cells.map(\.caption))
    #expect(kept.cells.map(\.fit) == grid.cells.map(\.fit))
    #expect(
      kept.cells.allSatisfy {
        $0.picture == nil && $0.transform == .identity && $0.zoom == 1 && $0.focusX == 0.5 && $0.focusY == 0.5
      })
    #expect(MemeContent.template(of: Self.draft(nil).content).panels == nil)
  }

  /// A cell picture that is a symbolic link, a FIFO, missing or a folder fails the save (and a save
  /// of several memes it is part of) with the store's error, leaving no row, no image file, no copy.
  @Test func anUnreadableCellPictureFailsTheSave() throws {
    let chosen = try Chosen()
    let link = chosen.folder.file("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: chosen.glasses)
    let fifo = chosen.folder.file("fifo.png")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for file in [link, fifo, chosen.folder.file("missing.png"), chosen.folder.url] {
      let folder = try TemporaryFolder()
      let store = try SentMemeStore(directory: folder.url)
      let grid = Self.grid([chosen.glasses, nil, file, nil])
      #expect(throws: StoreError.self, "\(file.path)") { try store.save(Self.draft(grid)) }
      #expect(throws: StoreError.self, "\(file.path)") {
        try store.save(contentsOf: [Self.draft(Self.grid([chosen.green])), Self.draft(grid)])
      }
      #expect(try store.count() == 0)
      #expect(try folder.imageFileNames().isEmpty)
      #expect(StickerStorageTests.keptFiles(in: folder) == [])
    }
  }

  /// A grid that no longer decodes reads as a meme of one picture rather than hiding the meme; one
  /// written by hand with cells missing and a gutter out of range reads as one MemeMe can draw.
  @Test func aGridThatNoLongerDecodesReadsAsNone() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let id = try store.save(Self.draft(nil)).id
    func storing(_ json: String) throws -> SentMeme? {
      try store.database.writing {
        try $0.execute(sql: "UPDATE sentMeme SET panels = ? WHERE id = ?", arguments: [json, id])
      }
      return try store.meme(id: id)
    }
    let unknown = try storing(#"{"arrangement":{"hexagon":{"sides":6}},"cells":[],"gutter":0}"#)
    #expect(unknown?.top == "Top 0" && unknown?.content.panels == nil)

    var short = Self.grid([nil, nil, nil, nil])
    short.cells = [PanelCell(zoom: 3, caption: "only")]
    short.gutter = 99
    let drawable = try #require(
      try storing(String(decoding: try JSONEncoder().encode(short), as: UTF8.self))?.content.panels)
    #expect(drawable.cells.map(\.caption) == ["only", "", "", ""])
    #expect(drawable.cells[0].zoom == 3 && drawable.gutter == PanelGrid.gutterRange.upperBound)
  }

  /// The repair never moves a cell's copy, and a damaged database rebuilt from what still reads keeps
  /// its panel memes, their cells read from the same copies.
  @Test func repairAndRebuildKeepPanelMemes() throws {
    let folder = try TemporaryFolder()
    let chosen = try Chosen()
    let grid = Self.grid([chosen.glasses, chosen.green, nil, nil])
    let id: Int64
    do {
      let store = try SentMemeStore(directory: folder.url)
      id = try store.save(Self.draft(grid)).id
      #expect(try store.repair().filesSetAside.isEmpty)
    }
    let kept = StickerStorageTests.keptFiles(in: folder)
    #expect(kept.count == 2)
    try FileManager.default.removeItem(at: chosen.folder.url)

    let (store, rebuild) = try SentMemeStore.rebuildDamagedDatabase(in: folder.url)
    #expect(rebuild.recoveredMemes == 1)
    #expect(StickerStorageTests.keptFiles(in: folder) == kept)
    let panels = try #require(try store.meme(id: id)?.content.panels)
    #expect(Self.laidOut(panels) == Self.laidOut(grid))
    #expect(try panels.cells[1].picture.map { try Data(contentsOf: $0) } == StickerStorageTests.green)
  }

  /// Only a relative `stickers/<sha256>[.<ext>]` names a copy: a file URL, another folder, `..`, a
  /// hash of the wrong shape is a picture the store did not keep, never removed by a purge.
  @Test func onlyTheStoresOwnNamesAreCellCopies() {
    let hash = String(repeating: "cd", count: 32)
    let kept = { (text: String) in URL(string: text).flatMap(KeptStickers.keptName(ofCellPicture:)) }
    #expect(kept("stickers/\(hash).png") == "\(hash).png")
    #expect(kept("stickers/\(hash)") == hash)
    #expect(kept("file:///stickers/\(hash).png") == nil)
    #expect(kept("stickers/\(hash).exe") == nil)
    #expect(kept("stickers/../stickers/\(hash).png") == nil)
    #expect(kept("images/\(hash).png") == nil)
    #expect(kept("stickers/\(hash.uppercased()).png") == nil)
    #expect(kept("stickers/\(hash.dropLast()).png") == nil)
  }
}
