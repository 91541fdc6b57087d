// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// Panel memes in the editor, on both display servers: New from Layout in the menus, the empty
/// cells' invitations, filling cells by Album and by drop, the bar's controls, undo of each step.
@MainActor @Suite(.serialized) struct PanelEditorTests {
  static let red = RGBAColor(red: 0.9, green: 0.1, blue: 0.1)
  static let blue = RGBAColor(red: 0.1, green: 0.2, blue: 0.9)

  /// The items of a menu model, submenus' items included.
  static func actions(in model: UnsafeMutablePointer<GMenuModel>) -> [String] {
    var actions: [String] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      for link in ["section", "submenu"] {
        guard let linked = g_menu_model_get_item_link(model, index, link) else { continue }
        actions += Self.actions(in: linked)
        g_object_unref(linked)
      }
      if let value = g_menu_model_get_item_attribute_value(model, index, "action", nil) {
        var action = String(cString: g_variant_get_string(value, nil))
        g_variant_unref(value)
        if let target = g_menu_model_get_item_attribute_value(model, index, "target", nil) {
          action += "::" + String(cString: g_variant_get_string(target, nil))
          g_variant_unref(target)
        }
        actions.append(action)
      }
    }
    return actions
  }

  static let layoutItems = PanelLayoutChoice.allCases.map { "win.new-from-layout::\($0.rawValue)" }

  @Test func newFromLayoutIsInTheEditorsMainMenuAndSentMemesAddMenu() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let mainMenu = try #require(WidgetTree.descendant(of: editor.window, named: "main-menu-button"))
    let editorItems = Self.actions(in: try #require(mainMenu.menuModel))
    #expect(Self.layoutItems.allSatisfy(editorItems.contains), "\(editorItems)")
    #expect(WidgetTree.texts(in: editor.window).contains("New from Layout"))

    let folder = try SentMemesHarness.makeStoreFolder(memes: 1).folder
    try TemplateWindowTests.withApp(storeFolder: folder) { _, navigator in
      let window = try #require(navigator.sentMemesWindow)
      let add = try #require(WidgetTree.descendant(of: window.window, named: "add-menu-button"))
      let addItems = Self.actions(in: try #require(add.menuModel))
      #expect(Self.layoutItems.allSatisfy(addItems.contains), "\(addItems)")
      // Sent Memes' item opens the editor on the empty grid.
      ActionMap(window.window).action(named: PanelLayoutChoice.actionName)?.activate(choosing: "2x2")
      try #require(MainContext.iterate { navigator.adoptedEditor?.panels.grid != nil })
      #expect(navigator.adoptedEditor?.panels.grid?.arrangement == .grid(rows: 2, columns: 2))
    }
  }

  @Test(arguments: PanelLayoutChoice.allCases)
  func aNewLayoutShowsEveryEmptyCellWithItsInvitation(choice: PanelLayoutChoice) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start(choice.rawValue, in: editor)
    let grid = try #require(editor.panels.grid)
    #expect(grid.arrangement == choice.arrangement)
    #expect(grid.cells.allSatisfy { $0.picture == nil })
    #expect(editor.panels.bar.revealer.revealsChild, "the panel controls show")
    for index in grid.cells.indices {
      let invitation = try #require(PanelHarness.invitation(index, in: editor), "cell \(index + 1)")
      #expect(invitation.isMapped, "cell \(index + 1) invites a picture")
      // It lies inside its cell.
      let bounds = try #require(editor.canvas.boundsInDrawing(of: invitation))
      let cell = try #require(editor.panels.canvasRect(ofCell: index))
      #expect(bounds.x >= cell.x - 1 && bounds.x + bounds.width <= cell.x + cell.width + 1)
      #expect(bounds.y >= cell.y - 1 && bounds.y + bounds.height <= cell.y + cell.height + 1)
    }
    // A cell's picture is cut by panning and zooming it: crop mode is not offered.
    #expect(editor.cropMode.actions.action(named: CropAction.begin.name)?.isEnabled == false)
    #expect(editor.actions.action(named: EditorAction.share.name)?.isEnabled == false, "nothing to share yet")
    Screenshot.save(editor.window, named: "panels-new-\(choice.rawValue)")
  }

  @Test func cellsFillByAlbumAndByDropAndUndoTakesEachBack() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let red = try PanelHarness.solid(Self.red, name: "panel-red.png")
    let blue = try PanelHarness.solid(Self.blue, width: 600, height: 800, name: "panel-blue.png")
    PanelHarness.start("1x2", in: editor)

    try PanelHarness.fillByAlbum(cell: 1, with: red, in: editor)
    #expect(editor.panels.grid?.cells[0].picture == nil)
    let (r, g, b) = try PanelHarness.sheetColor(ofCell: 1, in: editor)
    #expect(r > 200 && g < 60 && b < 60, "the second cell shows the red picture: \(r),\(g),\(b)")
    #expect(PanelHarness.invitation(1, in: editor)?.isMapped != true, "a filled cell invites no more")
    #expect(PanelHarness.invitation(0, in: editor)?.isMapped == true)

    try PanelHarness.drop(blue, onCell: 0, in: editor)
    #expect(editor.panels.grid?.cells[1].picture == red, "the drop went to the cell it fell on")
    let first = try PanelHarness.sheetColor(ofCell: 0, in: editor)
    #expect(first.2 > 200 && first.0 < 60, "the first cell shows the blue picture: \(first)")
    Screenshot.save(editor.window, named: "panels-filled-1x2")

    editor.document.undo()
    EditorHarness.settle(editor)
    #expect(editor.panels.grid?.cells[0].picture == nil && editor.panels.grid?.cells[1].picture == red)
    #expect(PanelHarness.invitation(0, in: editor)?.isMapped == true, "the undone cell invites again")
    editor.document.undo()
    #expect(editor.panels.grid?.cells.allSatisfy { $0.picture == nil } == true)
    editor.document.redo()
    editor.document.redo()
    EditorHarness.settle(editor)
    #expect(editor.panels.grid?.cells.map(\.picture) == [blue, red])
    #expect(try PanelHarness.sheetColor(ofCell: 0, in: editor).2 > 200, "redo shows the blue picture again")
  }

  @Test func aBrokenPictureIsNamedAndTheCellsAreKept() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let red = try PanelHarness.solid(Self.red, name: "panel-red.png")
    PanelHarness.start("2x1", in: editor)
    try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
    let broken = Fixtures.broken(name: "panel-broken.jpg")
    editor.filePicker = { _, completion in completion(broken) }
    let invitation = try #require(PanelHarness.invitation(1, in: editor))
    gtk_widget_activate(invitation)
    #expect(MainContext.iterate { editor.lastError != nil })
    let error = try #require(editor.lastError)
    #expect(error.title.contains("panel-broken.jpg"), "\(error.title)")
    #expect(editor.panels.grid?.cells.map(\.picture) == [red, nil], "the meme is as it was")
  }

  @Test func theBarCaptionsFitsAndSetsTheGutterEachOneUndoStep() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let red = try PanelHarness.solid(Self.red, name: "panel-red.png")
    PanelHarness.start("rows", in: editor)
    try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
    let bar = editor.panels.bar!
    bar.captionEntry.text = "small brain"
    EditorHarness.settle(editor)
    #expect(editor.panels.grid?.cells[0].caption == "small brain")
    // The rows' caption cell is black text on white.
    let sheet = try #require(editor.document.image?.full)
    let captionCell = try #require(editor.panels.layout?.geometry.captionCells[0])
    var dark = 0
    for y in captionCell.y..<(captionCell.y + captionCell.height) {
      for x in captionCell.x..<(captionCell.x + captionCell.width) {
        let (r, g, b) = PanelHarness.pixel(of: sheet, x: x, y: y)
        if r + g + b < 100 { dark += 1 }
      }
    }
    #expect(dark > 50, "the caption is drawn dark in its cell: \(dark) dark pixels")

    bar.gutterSpin.value = 20
    EditorHarness.settle(editor)
    #expect(editor.panels.grid?.gutter == 20)
    gtk_widget_activate(bar.addRowButton.widget)
    // A button activated from the keyboard shows itself pressed for a moment, then is clicked.
    #expect(MainContext.iterate { editor.panels.grid?.arrangement == .captionRows(count: 5) })
    EditorHarness.settle(editor)
    let invited = PanelHarness.invitation(4, in: editor)
    #expect(invited?.isMapped == true, "the new row invites a picture")

    editor.document.undo()
    #expect(editor.panels.grid?.arrangement == .captionRows(count: 4))
    editor.document.undo()
    #expect(editor.panels.grid?.gutter == 0)
    EditorHarness.settle(editor)
    #expect(Int(bar.gutterSpin.value) == 0, "the bar follows undo")
    editor.document.undo()
    #expect(editor.panels.grid?.cells[0].caption == "")
    #expect(bar.captionEntry.text == "")
    Screenshot.save(editor.window, named: "panels-rows-bar")
  }

  /// The canvas shows what a share writes: the export (the cells drawn again from their files at the
  /// meme's full width) scaled into the canvas's picture rectangle.
  @Test func theCanvasShowsTheExportScaled() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    PanelHarness.start("2x2", in: editor)
    let pictures = [
      Fixtures.picture(width: 1600, height: 1200, name: "panel-export-a.png"),
      try PanelHarness.solid(Self.red, width: 900, height: 700, name: "panel-export-b.png"),
      Fixtures.picture(width: 1200, height: 1600, name: "panel-export-c.png"),
      try PanelHarness.solid(Self.blue, width: 1000, height: 1000, name: "panel-export-d.png"),
    ]
    for (index, picture) in pictures.enumerated() {
      try PanelHarness.fillByAlbum(cell: index, with: picture, in: editor)
    }
    editor.panels.change { grid in
      grid.gutter = 16
      grid.gutterColor = .black
      grid.cells[0].caption = "before"
      grid.cells[2].caption = "after"
      return true
    }
    EditorHarness.type(top: "two by two", bottom: "and done", into: editor)
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    // Once the changes pause, the canvas fits the sheet to the screen smoothly.
    #expect(MainContext.iterate { !editor.canvas.painter.fitsQuickly })
    EditorHarness.settle(editor)
    let snapshot = ShareSnapshot(
      content: editor.document.content, picture: try #require(editor.document.image))
    let shared = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let exported = try ImageLoader().load(data: [UInt8](shared.file.data), name: "export.png")
    #expect(
      exported.width > editor.document.image!.width, "the export is drawn at full size, not the canvas's")
    let shown = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let rect = editor.canvas.pictureRect
    let expected = try #require(
      CanvasMatchesExportTests.draw(exported, into: rect, width: shown.width, height: shown.height))
    let psnr = Self.psnr(shown, expected, inside: rect)
    #expect(psnr >= 30, "canvas against export: \(psnr) dB")
    Screenshot.save(editor.window, named: "panels-canvas-equals-export")
  }

  /// The peak signal-to-noise ratio (dB) of `a` against `b` (of one size) over `rect`, inset by two
  /// pixels (the edges are resampled differently).
  static func psnr(_ a: RasterImage, _ b: RasterImage, inside rect: ImageRect) -> Double {
    a.flush()
    b.flush()
    var squared = 0.0
    var count = 0
    let rows = max(0, Int(rect.y.rounded(.up)) + 2)..<min(a.height, Int(rect.maxY.rounded(.down)) - 2)
    let columns = max(0, Int(rect.x.rounded(.up)) + 2)..<min(a.width, Int(rect.maxX.rounded(.down)) - 2)
    for y in rows {
      for x in columns {
        for channel in 0..<3 {
          let difference =
            Double(a.pixels[y * a.stride + x * 4 + channel])
            - Double(b.pixels[y * b.stride + x * 4 + channel])
          squared += difference * difference
          count += 1
        }
      }
    }
    guard count > 0, squared > 0 else { return 99 }
    return 10 * log10(255 * 255 / (squared / Double(count)))
  }

  @Test(arguments: ["rows", "2x2"])
  func aPanelMemeFitsAWindow360PixelsWide(layout: String) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    PanelHarness.start(layout, in: editor)
    try PanelHarness.fillByAlbum(
      cell: 0, with: Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), in: editor)
    let width = NarrowWindow.make360(editor.window) { EditorHarness.settle(editor) }
    #expect(MainContext.iterate { gtk_widget_get_width(editor.window) == width }, "the window stays 360 wide")
    NarrowModesTests.expectFits(editor.window, width: width, "a panel meme")
    Screenshot.save(editor.window, named: "panels-\(layout)-360")
  }

  /// A 2×1 of a ten-frame GIF over a still, shared: ten frames (read back by ImageMagick), the GIF's
  /// frame of the moment above, the still in every one below.
  @Test(.enabled(if: AnimationReferences.imageMagickAvailable, "needs ImageMagick"))
  func anAnimatedCellIsSharedAsAnAnimationWithTheStillInEveryFrame() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let palette: [UInt8] = (0..<10).flatMap { (step: Int) -> [UInt8] in
      let red: Int = step * 25
      let green: Int = 200 - step * 15
      let blue: Int = 40 + step * 20
      return [UInt8(red), UInt8(green), UInt8(blue)]
    }
    let frames = (0..<10).map { step in
      GIFBuilder.Frame(width: 160, height: 120, palette: palette, delay: 10) { _, _ in UInt8(step) }
    }
    let animation = try AnimationSamples.write(GIFBuilder(width: 160, height: 120, frames: frames))
    let still = try PanelHarness.solid(Self.blue, width: 160, height: 120, name: "panel-still.png")
    PanelHarness.start("2x1", in: editor)
    try PanelHarness.fillByAlbum(cell: 0, with: animation, in: editor)
    try PanelHarness.fillByAlbum(cell: 1, with: still, in: editor)
    // The animated cell plays on the canvas, the still one in every frame.
    let player = try #require(editor.canvas.playback.player as? PanelSheetPlayer, "the canvas plays the cell")
    #expect(player.frameCount == 10)
    editor.canvas.playback.seek(to: 3)
    let shownFrame = try #require(editor.canvas.painter.shownFrame)
    let cells = try #require(editor.panels.layout?.geometry.pictureCells)
    let playing = PanelHarness.pixel(of: shownFrame, x: cells[0].x + cells[0].width / 2, y: cells[0].y + 10)
    #expect(
      abs(playing.0 - Int(palette[9])) < 12 && abs(playing.1 - Int(palette[10])) < 12, "frame 3: \(playing)")
    let stillPixel = PanelHarness.pixel(
      of: shownFrame, x: cells[1].x + 10, y: cells[1].y + cells[1].height / 2)
    #expect(stillPixel.2 > 200 && stillPixel.0 < 60, "the still cell in the frame: \(stillPixel)")

    let snapshot = ShareSnapshot(
      content: editor.document.content, picture: try #require(editor.document.image))
    #expect(snapshot.isAnimated && snapshot.proposedSaveFormat == .animated(.gif))
    let shared = try SharePipeline.run(snapshot, as: .animated(.gif), to: .caller).get()
    let file = try #require(shared.deliveredFile)
    let written = try AnimationReferences.coalescedByImageMagick(file)
    try #require(written.count == 10, "\(written.count) frames")
    for (step, frame) in written.enumerated() {
      #expect(frame.width == 160 && frame.height == 240)
      let shown = frame.color(atX: 80, y: 60)
      let red = Double(palette[step * 3]) / 255
      let green = Double(palette[step * 3 + 1]) / 255
      #expect(abs(shown.red - red) < 0.05 && abs(shown.green - green) < 0.05, "frame \(step): \(shown)")
      let below = frame.color(atX: 80, y: 180)
      #expect(below.blue > 0.8 && below.red < 0.2, "frame \(step): the still is \(below)")
    }
  }

  /// A cell takes a sent meme, as it was sent, from the panel bar's Sent Memes popover.
  @Test func aCellTakesASentMeme() throws {
    let folder = try SentMemesHarness.makeStoreFolder(memes: 2).folder
    try TemplateWindowTests.withApp(storeFolder: folder) { _, navigator in
      let editor = navigator.showEditor()
      PanelHarness.start("1x2", in: editor)
      let choice = editor.panels.bar.sentMemes
      #expect(choice.button.widget.isVisible, "Sent Memes holds memes to offer")
      // The popover lists the memes as it opens (the headless compositor may not map a popup).
      choice.button.popUp()
      choice.showMemes()
      EditorHarness.settle(editor)
      let buttons = try #require(WidgetTree.descendant(of: editor.window, named: "sent-meme-choices"))
      let first = try #require(
        WidgetTree.first(in: buttons) {
          gtk_widget_get_first_child($0) != nil && gtkkit_is_a($0, gtk_button_get_type()) != 0
        })
      editor.panels.select(1)
      gtkkit_emit_signal(first, "clicked")
      let newest = try #require(navigator.memes.list.meme(at: 0))
      #expect(MainContext.iterate { editor.panels.grid?.cells[1].picture == newest.renderedImageURL })
      #expect(editor.panels.grid?.cells[0].picture == nil)
    }
  }

  /// Crop… on a panel meme cuts its selected cell's picture, in the file's own pixels; the turns act
  /// on it too; undo takes each back.
  @Test func cropAndTurnsActOnTheSelectedCell() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start("1x2", in: editor)
    try PanelHarness.fillByAlbum(
      cell: 1, with: Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), in: editor)
    let begin = try #require(editor.cropMode.actions.action(named: CropAction.begin.name))
    #expect(begin.isEnabled, "the selected cell has a picture to crop")
    begin.activate()
    #expect(MainContext.iterate { editor.cropMode.isOn })
    #expect(
      editor.cropMode.selection?.rect == ImageRect(x: 0, y: 0, width: 1200, height: 800), "the whole picture")
    // The right half of the top half.
    editor.cropMode.overlay.selection = CropSelection(
      pictureWidth: 1200, pictureHeight: 800, rect: ImageRect(x: 600, y: 0, width: 600, height: 400))
    editor.cropMode.actions.action(named: CropAction.apply.name)?.activate()
    EditorHarness.settle(editor)
    #expect(!editor.cropMode.isOn)
    #expect(editor.panels.grid?.cells[1].transform.crop == PixelRect(x: 600, y: 0, width: 600, height: 400))
    #expect(editor.panels.grid?.cells[0].transform.isIdentity == true)

    editor.actions.action(named: EditorAction.rotateRight.name)?.activate()
    #expect(editor.panels.grid?.cells[1].transform.quarterTurns == 1, "the turn is the cell's")
    #expect(editor.document.transform.isIdentity, "the meme itself stays as it is")
    editor.document.undo()
    editor.document.undo()
    #expect(editor.panels.grid?.cells[1].transform.isIdentity == true)
    // An empty cell has nothing to crop.
    editor.panels.select(0)
    #expect(!begin.isEnabled)
  }

  /// In the dark style the rows' caption cells stay white (they are the meme's, not the window's),
  /// and their hints and frames show on the dark canvas.
  @Test func theRowsLayoutInTheDarkStyle() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    StyleManager.scheme = .dark
    defer { StyleManager.scheme = .followSystem }
    #expect(MainContext.iterate { StyleManager.isDark })
    PanelHarness.start("rows", in: editor)
    try PanelHarness.fillByAlbum(
      cell: 0, with: Fixtures.picture(width: 1200, height: 900, name: "pointer-landscape.png"), in: editor)
    EditorHarness.settle(editor)
    let shown = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let cell = try #require(editor.panels.canvasRect(ofCaptionCell: 1))
    let inside = PanelHarness.pixel(of: shown, x: Int(cell.x + 4), y: Int(cell.y + 4))
    #expect(inside.0 > 240 && inside.1 > 240 && inside.2 > 240, "the caption cell is white: \(inside)")
    let hint = try #require(WidgetTree.descendant(of: editor.window, named: "panel-caption-cell-2"))
    #expect(hint.isMapped, "the empty caption cell shows where its caption goes")
    Screenshot.save(editor.window, named: "panels-rows-dark")
  }

  /// The meme's width can be chosen smaller than its natural one (which upscales no picture), not
  /// larger; a share writes it at the width chosen.
  @Test func theWidthCanBeChosenSmallerButNotLarger() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start("1x2", in: editor)
    let red = try PanelHarness.solid(Self.red, name: "panel-red.png")
    try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
    try PanelHarness.fillByAlbum(cell: 1, with: red, in: editor)
    let spin = editor.panels.bar.widthSpin
    // Two 800-pixel-wide pictures side by side, no gutter.
    #expect(editor.panels.naturalWidth == 1600 && Int(spin.value) == 1600)
    spin.value = 1000
    #expect(editor.panels.grid?.width == 1000)
    let snapshot = ShareSnapshot(
      content: editor.document.content, picture: try #require(editor.document.image))
    let shared = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let exported = try ImageLoader().load(data: [UInt8](shared.file.data), name: "narrow.png")
    #expect(exported.width == 1000, "written at the width chosen: \(exported.width)")
    // A run of changes to the width is one undo step, until the next run.
    editor.panels.endRunOfChanges()
    spin.value = 5000
    #expect(Int(spin.value) == 1600, "no wider than the natural width")
    #expect(editor.panels.grid?.width == nil, "the natural width again")
    editor.document.undo()
    #expect(editor.panels.grid?.width == 1000)
  }

  /// Every control a panel meme adds (the invitations, the bar's fields and buttons) has a name a
  /// screen reader reads.
  @Test func thePanelControlsAreNamedForScreenReaders() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start("rows", in: editor)
    try PanelHarness.fillByAlbum(
      cell: 0, with: Fixtures.picture(width: 1200, height: 900, name: "pointer-landscape.png"), in: editor)
    let unnamed = AccessibilityAudit.unnamedControls(in: editor.window)
    #expect(unnamed.isEmpty, "unnamed: \(unnamed)")
  }
}
