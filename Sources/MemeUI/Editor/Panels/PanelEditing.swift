// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// A panel meme in the editor: the grid New from Layout starts, its cells filled the ways the
/// editor takes a picture (Album, drop, paste, the camera), and every change to it (a cell's
/// picture, pan, zoom, fit and caption, a swap, a row, the gutter) drawn again by `PanelSheetMaker`
/// and made the document's in one undo step. The pointer's part is `PanelPointer`'s, the controls'
/// `PanelBar`'s, the cells' frames and invitations `PanelCellMarks`'.
final class PanelEditing {
  private unowned let host: any EditorHost
  /// The cell pictures decoded, which the sheet is drawn again from.
  let pictures = PanelPictures()
  /// The cell Album, paste, the camera, the keys and the bar act on.
  private(set) var selectedCell = 0
  /// Where the shown sheet's cells lie, and the grid it was laid out for.
  private var shown: (grid: PanelGrid, layout: PanelComposer.CellLayout)?
  /// Draws the canvas smoothly once the changes pause (see `refineSoon`).
  private var refining: Timeout?
  /// Increases with every picture being decoded, so that a superseded one fills no cell.
  private var generation = 0
  /// The controls under the canvas.
  private(set) var bar: PanelBar!
  /// The cells' frames and invitations over the canvas.
  private(set) var marks: PanelCellMarks!
  /// Dragging, scrolling and keys on the cells.
  private(set) var pointer: PanelPointer!

  init(host: any EditorHost) {
    self.host = host
    let canvas = host.canvas
    bar = PanelBar(panels: self)
    marks = PanelCellMarks(panels: self, canvas: canvas)
    pointer = PanelPointer(panels: self, canvas: canvas) { [unowned canvas] in
      canvas.zoomControls.isDragOutArmed()
    }
    pointer.onSwapTargetChange = { [weak self] in self?.showControls() }
    // Animated cells play on the canvas, drawn as the export draws them.
    canvas.animatedPanels = { [weak self] in
      guard let self, let grid, grid.cells.contains(where: { $0.picture.map(animates) == true }) else {
        return nil
      }
      return grid
    }
    canvas.playback.makePanelPlayer = { [weak self] in
      guard let self, let grid else { return nil }
      return PanelSheetPlayer(grid, style: host.document.captions.style, pictures: pictures)
    }
  }

  /// Whether each cell picture is an animation, read once per file (the canvas asks at every change).
  private var animatedFiles: [URL: Bool] = [:]

  private func animates(_ url: URL) -> Bool {
    if let known = animatedFiles[url] { return known }
    let animated = AnimationReader.info(ofImageAt: url)?.isAnimated == true
    animatedFiles[url] = animated
    return animated
  }

  /// The document changed: the bar and the marks follow its grid; a new caption style draws the
  /// cells' captions again.
  func documentChanged(_ change: EditorChange) {
    if change.contains(.style), !change.contains(.panels) { styleChanged() }
    if !change.isDisjoint(with: [.panels, .image]) { showControls() }
    if change.contains(.image), isActive { refineSoon() }
  }

  /// The bar and the marks show the grid and its selected cell.
  private func showControls() {
    if let grid, !grid.cells.indices.contains(selectedCell) { selectedCell = 0 }
    // The arrow keys and plus and minus act on the selected cell while the canvas has the focus.
    host.canvas.drawingArea.isFocusable = grid != nil
    bar.show(grid, selectedCell: selectedCell)
    marks.show(grid, selectedCell: selectedCell, swapTarget: pointer.swapTarget)
  }

  /// The panel meme's grid; nil while the meme is one picture.
  var grid: PanelGrid? { host.document.content.panels }
  var isActive: Bool { grid != nil }

  /// The widest the grid is drawn (no picture upscaled), the most its width may be chosen; read from
  /// the pictures' headers once per grid.
  var naturalWidth: Int? {
    guard var grid else { return nil }
    grid.width = nil
    if let natural, natural.grid == grid { return natural.width }
    guard let width = try? PanelSheetMaker.naturalWidth(of: grid, loader: pictures.loader) else { return nil }
    natural = (grid, width)
    return width
  }
  private var natural: (grid: PanelGrid, width: Int)?

  /// Where the cells of the grid shown lie in the sheet (the document's picture).
  var layout: PanelComposer.CellLayout? {
    guard let grid else { return nil }
    if let shown, shown.grid == grid { return shown.layout }
    // Undo or redo brought another grid back, with the sheet it was drawn as: lay it out again.
    guard let laidOut = try? PanelSheetMaker.editingLayout(of: grid, loader: pictures.loader) else {
      return nil
    }
    shown = (grid, laidOut.layout)
    return laidOut.layout
  }

  // MARK: - Starting

  /// New from Layout: an empty grid of `arrangement` in place of the meme.
  func start(_ arrangement: PanelArrangement) {
    selectedCell = 0
    apply(PanelGrid(arrangement: arrangement))
  }

  /// Edit & Resend of a panel meme: its grid, with the pictures the store kept.
  func restore(_ grid: PanelGrid, asKept: Bool) {
    selectedCell = 0
    decode(grid) { [weak self] sheet in
      self?.show(sheet, of: grid)
      if asKept { self?.host.document.markKept() }
    }
  }

  // MARK: - Changing the grid

  /// `grid` drawn and made the meme's (one undo step, or one with the other changes of the run
  /// `coalescingKey` names).
  @discardableResult
  func apply(_ grid: PanelGrid, coalescingKey: String? = nil) -> Bool {
    do {
      let sheet = try PanelSheetMaker.sheet(
        for: grid, style: host.document.captions.style, pictures: pictures)
      show(sheet, of: grid, coalescingKey: coalescingKey)
      return true
    } catch {
      host.showError(title: localized("Could not draw the panels"), detail: ErrorSentence.from(error.reason))
      return false
    }
  }

  /// The grid as it is changed by `change`, applied when it changed anything.
  func change(coalescingKey: String? = nil, _ change: (inout PanelGrid) -> Bool) {
    guard var grid else { return }
    guard change(&grid) else { return }
    apply(grid, coalescingKey: coalescingKey)
  }

  /// The caption style changed: the cells' captions are drawn in it. The sheet is drawn again in
  /// place of the old one, as part of the style's own undo step.
  private func styleChanged() {
    guard let grid,
      let sheet = try? PanelSheetMaker.sheet(
        for: grid, style: host.document.captions.style, pictures: pictures)
    else { return }
    shown = (grid, sheet.layout)
    PanelChanges(of: host.document).replaceSheet(with: sheet.picture)
  }

  private func show(_ sheet: PanelSheetMaker.Sheet, of grid: PanelGrid, coalescingKey: String? = nil) {
    shown = (grid, sheet.layout)
    if !grid.cells.indices.contains(selectedCell) { selectedCell = 0 }
    PanelChanges(of: host.document).set(grid, sheet: sheet.picture, coalescingKey: coalescingKey)
    pictures.keepOnly(Set(grid.cells.compactMap(\.picture)))
    if let (index, error) = sheet.brokenCells.min(by: { $0.key < $1.key }) {
      host.showError(
        title: String(format: localized("Could not open the picture of panel %ld"), index + 1),
        detail: ErrorSentence.from(error.reason))
    }
  }

  /// A run of changes (a drag, typing in the caption, the width stepped) is over: the next change is
  /// an undo step of its own.
  func endRunOfChanges() {
    host.document.endTyping()
  }

  /// The canvas fits each new sheet to the screen quickly (a drag redraws it at every step); once
  /// the changes pause, the last one is fitted smoothly.
  private func refineSoon() {
    refining?.cancel()
    refining = Timeout(milliseconds: Self.refineDelay) { [weak self] in
      guard let self, !host.isDestroyed, host.canvas.painter.refine() else { return }
      host.canvas.redraw()
    }
  }

  /// How long the changes pause before the canvas is drawn smoothly: longer than a drag's steps.
  static let refineDelay: UInt32 = 150

  /// Turns or flips the selected cell's picture by `change` (one undo step); false, changing
  /// nothing, for a meme of one picture.
  func transformSelectedCell(_ change: @escaping (inout PictureTransform) -> Void) -> Bool {
    guard isActive else { return false }
    let cell = selectedCell
    self.change { grid in
      guard grid.cells.indices.contains(cell), grid.cells[cell].picture != nil else { return false }
      change(&grid.cells[cell].transform)
      // Its focus was a point of the picture as it lay before: the middle of the turned one.
      (grid.cells[cell].focusX, grid.cells[cell].focusY) = (0.5, 0.5)
      return true
    }
    return true
  }

  /// Crop… on a panel meme: the selected cell's picture decoded whole off the main thread (the crop
  /// counts the file's own pixels), then `begin` opens crop mode on it with the cell's transform; the
  /// crop applied becomes the cell's (one undo step). False, doing nothing, for a meme of one picture.
  func cropSelectedCell(_ begin: @escaping (CropMode.Target) -> Void) -> Bool {
    guard let grid else { return false }
    let cell = selectedCell
    guard grid.cells.indices.contains(cell), let url = grid.cells[cell].picture else { return true }
    let transform = grid.cells[cell].transform
    let load: @Sendable () -> Result<EditorImage, ImageError> = { PictureLoader.load(url) }
    MainLoop.runInBackground(load) { [weak self] result in
      guard let self, !host.isDestroyed, self.grid?.cells[cell].picture == url else { return }
      switch result {
      case .success(let image):
        begin(
          CropMode.Target(image: image, transform: transform) { [weak self] crop in
            self?.change { grid in
              var cropped = grid.cells[cell].transform
              cropped.crop = crop
              guard let valid = cropped.validated(sourceWidth: image.width, sourceHeight: image.height),
                valid != grid.cells[cell].transform
              else { return false }
              grid.cells[cell].transform = valid
              (grid.cells[cell].focusX, grid.cells[cell].focusY) = (0.5, 0.5)
              return true
            }
          })
      case .failure(let error):
        host.showError(
          title: String(format: localized("Could not open “%@”"), url.lastPathComponent),
          detail: ErrorSentence.from(error.reason))
      }
    }
    return true
  }

  /// Whether the selected cell holds a picture (which Crop… and the turns act on).
  var selectedCellHasPicture: Bool {
    guard let grid, grid.cells.indices.contains(selectedCell) else { return false }
    return grid.cells[selectedCell].picture != nil
  }

  /// Selects cell `index` (the bar shows it, Album fills it).
  func select(_ index: Int) {
    guard let grid, grid.cells.indices.contains(index), index != selectedCell else { return }
    selectedCell = index
    showControls()
    // Crop… and the turns act on the selected cell's picture.
    host.updateActionStates()
  }

  // MARK: - Pictures

  /// Takes a picture that arrived while the meme is a panel meme: into the cell under `point` (in
  /// the canvas's drawing, a drop), else the selected one. False, taking nothing, for a meme of
  /// one picture.
  func take(_ picture: ArrivingPicture, at point: (x: Double, y: Double)? = nil) -> Bool {
    guard isActive else { return false }
    let index = point.flatMap { cell(atX: $0.x, y: $0.y) } ?? selectedCell
    switch picture {
    case .file(let url): fill(cell: index, with: url)
    case .bytes(let bytes):
      let url = CacheFolder.newFile(
        prefix: "pasted", extension: ImageLoader.fileExtension(sniffing: bytes) ?? "png")
      do throws(ImageError) {
        try ImageWriter.write(encoded: Data(bytes), to: url)
      } catch {
        host.showError(
          title: localized("Could not paste the picture"), detail: ErrorSentence.from(error.reason))
        return true
      }
      fill(cell: index, with: url)
    }
    return true
  }

  /// Decodes `url` off the main thread (showing "Loading…" with Stop over a slow one), then puts
  /// it in cell `index`, covering the cell, its caption kept. A file that cannot be read is named,
  /// and the meme stays as it was.
  func fill(cell index: Int, with url: URL) {
    guard var grid, grid.cells.indices.contains(index) else { return }
    let old = grid.cells[index]
    grid.cells[index] = PanelCell(picture: url, fit: old.fit, caption: old.caption)
    selectedCell = index
    decode(grid, name: url.lastPathComponent) { [weak self] sheet in
      guard let self else { return }
      if let error = sheet.brokenCells[index] {
        return host.showError(
          title: String(format: localized("Could not open “%@”"), url.lastPathComponent),
          detail: ErrorSentence.from(error.reason))
      }
      // Changed while it was decoded (a caption typed): the picture goes into the grid as it is now.
      if let current = self.grid, current != grid.with(cell: index, as: old) {
        var rebased = current
        guard rebased.cells.indices.contains(index) else { return }
        rebased.cells[index] = PanelCell(picture: url, fit: old.fit, caption: current.cells[index].caption)
        apply(rebased)
      } else {
        show(sheet, of: grid)
      }
    }
  }

  /// Draws `grid` off the main thread, its new pictures decoded into `pictures`, then hands the
  /// sheet to `done` unless another decode or a stop superseded it.
  private func decode(_ grid: PanelGrid, name: String? = nil, done: @escaping (PanelSheetMaker.Sheet) -> Void)
  {
    generation += 1
    let generation = self.generation
    let cancellation = Cancellation()
    let canvas = host.canvas
    canvas.loading.show(name ?? localized("panels")) { [weak self] in
      guard let self, generation == self.generation else { return }
      cancellation.cancel()
      self.generation += 1
      canvas.loading.show(nil)
    }
    let (pictures, style) = (pictures, host.document.captions.style)
    let work: @Sendable () -> Result<PanelSheetMaker.Sheet, ImageError> = {
      Result { () throws(ImageError) in
        try PanelSheetMaker.sheet(for: grid, style: style, pictures: pictures, cancellation: cancellation)
      }
    }
    MainLoop.runInBackground(work) { [weak self] result in
      guard let self, generation == self.generation, !host.isDestroyed else { return }
      canvas.loading.show(nil)
      switch result {
      case .success(let sheet): done(sheet)
      case .failure(let error) where error.kind == .cancelled: break
      case .failure(let error):
        host.showError(
          title: localized("Could not draw the panels"), detail: ErrorSentence.from(error.reason))
      }
    }
  }

  // MARK: - Where the cells are

  /// The picture cell at (`x`, `y`) in the canvas's drawing; nil outside every one.
  func cell(atX x: Double, y: Double) -> Int? {
    index(in: layout?.geometry.pictureCells, atX: x, y: y)
  }

  /// The caption cell (the rows arrangement's, one a row) at (`x`, `y`) in the canvas's drawing.
  func captionCell(atX x: Double, y: Double) -> Int? {
    index(in: layout?.geometry.captionCells, atX: x, y: y)
  }

  private func index(in cells: [PixelRect]?, atX x: Double, y: Double) -> Int? {
    guard let point = sheetPoint(x: x, y: y), let cells else { return nil }
    return cells.firstIndex { cell in
      point.x >= Double(cell.x) && point.x < Double(cell.x + cell.width) && point.y >= Double(cell.y)
        && point.y < Double(cell.y + cell.height)
    }
  }

  /// (`x`, `y`) in the canvas's drawing as a point of the sheet.
  func sheetPoint(x: Double, y: Double) -> (x: Double, y: Double)? {
    guard let scale = sheetScale else { return nil }
    let rect = host.canvas.pictureRect
    return ((x - rect.x) * scale, (y - rect.y) * scale)
  }

  /// Sheet pixels per pixel of the canvas's drawing.
  var sheetScale: Double? {
    guard let image = host.document.image else { return nil }
    let rect = host.canvas.pictureRect
    guard rect.width > 0 else { return nil }
    return Double(image.width) / rect.width
  }

  /// Picture cell `index`'s rectangle in the canvas's drawing.
  func canvasRect(ofCell index: Int) -> CanvasRect? {
    canvasRect(of: layout?.geometry.pictureCells, index)
  }

  /// Caption cell `index`'s rectangle in the canvas's drawing (the rows arrangement's).
  func canvasRect(ofCaptionCell index: Int) -> CanvasRect? {
    canvasRect(of: layout?.geometry.captionCells, index)
  }

  typealias CanvasRect = (x: Double, y: Double, width: Double, height: Double)

  private func canvasRect(of cells: [PixelRect]?, _ index: Int) -> CanvasRect? {
    guard let cells, cells.indices.contains(index), let scale = sheetScale else { return nil }
    let rect = host.canvas.pictureRect
    let cell = cells[index]
    return (
      rect.x + Double(cell.x) / scale, rect.y + Double(cell.y) / scale, Double(cell.width) / scale,
      Double(cell.height) / scale
    )
  }
}

extension PanelGrid {
  /// The grid with cell `index` as `cell`.
  fileprivate func with(cell index: Int, as cell: PanelCell) -> PanelGrid {
    var grid = self
    grid.cells[index] = cell
    return grid
  }
}
