// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// The row of a panel meme's controls, under the canvas while the meme is one: the selected cell's
/// caption and fit, the gutter's width and colour, and adding or removing a row. Each control
/// writes through `PanelEditing`, one undo step a change (a run of keystrokes in the caption is one).
final class PanelBar {
  let revealer: Revealer
  private unowned let panels: PanelEditing
  /// "Panel 2 of 4": the cell the controls act on.
  let cellLabel = Label()
  let captionEntry = Entry()
  let fitButton = ToggleButton(label: localized("Fit"))
  let gutterSpin = SpinButton(
    minimum: Double(PanelGrid.gutterRange.lowerBound), maximum: Double(PanelGrid.gutterRange.upperBound),
    step: 1, digits: 0)
  let gutterColor = ColorButton(color: (1, 1, 1, 1), title: localized("Gutter Colour"))
  /// The meme's width: at most its natural one, which upscales no picture.
  let widthSpin = SpinButton(
    minimum: Double(PanelSheetGeometry.narrowestCell), maximum: Double(PanelSheetGeometry.widestOutput),
    step: 16,
    digits: 0)
  let addRowButton = Button(iconName: IconName.addRow)
  let removeRowButton = Button(iconName: IconName.removeRow)
  /// A sent meme into the selected cell.
  let sentMemes = SentMemeChoice()
  /// Set while the controls are shown the grid: their signals then are not the user's.
  private var isShowing = false

  init(panels: PanelEditing) {
    self.panels = panels
    let rows = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    rows.widget.addCSSClass("panel-bar")
    rows.widget.setMargins(top: 6, bottom: 6, start: 12, end: 12)
    let top = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    cellLabel.widget.name = "panel-cell-label"
    cellLabel.widget.addCSSClass("heading")
    top.append(cellLabel.widget)
    captionEntry.widget.name = "panel-caption-entry"
    captionEntry.widget.expandsHorizontally = true
    top.append(captionEntry.widget)
    top.append(sentMemes.button.widget)
    rows.append(top.widget)

    Self.name(fitButton.widget, "panel-fit-button", localized("Show the whole picture in the panel"))
    Self.name(gutterSpin.widget, "panel-gutter-spin", localized("Gutter width in pixels"))
    gutterColor.widget.name = "panel-gutter-color"
    gutterColor.setAccessibleName(localized("Gutter colour"))
    gutterColor.widget.tooltip = localized("Gutter colour")
    Self.name(widthSpin.widget, "panel-width-spin", localized("Width of the meme in pixels"))
    let rowButtons = Box(GTK_ORIENTATION_HORIZONTAL)
    rowButtons.widget.addCSSClass("linked")
    Self.name(addRowButton.widget, "panel-add-row-button", localized("Add a row"))
    Self.name(removeRowButton.widget, "panel-remove-row-button", localized("Remove the selected panel’s row"))
    rowButtons.append(addRowButton.widget)
    rowButtons.append(removeRowButton.widget)
    // Two lines of controls, each narrow enough for a 360-pixel window: the cell's fit and the
    // gutter, then the meme's width and its rows.
    for line in [
      [fitButton.widget, Self.squeezable(localized("Gutter")), gutterSpin.widget, gutterColor.widget],
      [
        Self.squeezable(localized("Width")), widthSpin.widget, Self.squeezable(localized("Rows")),
        rowButtons.widget,
      ],
    ] {
      let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      box.widget.horizontalAlignment = GTK_ALIGN_CENTER
      for widget in line { box.append(widget) }
      rows.append(box.widget)
    }

    revealer = Revealer(child: rows.widget)
    revealer.widget.name = "panel-bar"
    // Hidden until the meme is a panel meme (`show`); named before it shows a cell's number.
    revealer.widget.isVisible = false
    Accessible.setLabel(captionEntry.widget, localized("Caption of the selected panel"))
    connect()
  }

  /// A label naming the controls after it, left out when the window is too narrow for it (their
  /// tooltips and accessible names still say what they are).
  private static func squeezable(_ text: String) -> Widget {
    let label = Label(text)
    label.widget.setMargins(start: 6)
    let squeezer = Squeezer(allowsNone: true)
    squeezer.add(label.widget)
    return squeezer.widget
  }

  private static func name(_ widget: Widget, _ name: String, _ label: String) {
    widget.name = name
    widget.tooltip = label
    Accessible.setLabel(widget, label)
  }

  private func connect() {
    Signal.connect(captionEntry.widget, "changed") { [weak self] in
      guard let self, !isShowing else { return }
      let (cell, text) = (panels.selectedCell, captionEntry.text)
      panels.change(coalescingKey: "panel-caption-\(cell)") { grid in
        guard grid.cells.indices.contains(cell), grid.cells[cell].caption != text else { return false }
        grid.cells[cell].caption = text
        return true
      }
    }
    Signal.connect(captionEntry.widget, "activate") { [weak self] in self?.panels.endRunOfChanges() }
    Signal.connect(fitButton.widget, "toggled") { [weak self] in
      guard let self, !isShowing else { return }
      let (cell, fit) = (panels.selectedCell, fitButton.isActive ? PanelFit.fit : .cover)
      panels.change { grid in
        guard grid.cells.indices.contains(cell), grid.cells[cell].fit != fit else { return false }
        grid.cells[cell].fit = fit
        return true
      }
    }
    Signal.connect(gutterSpin.widget, "value-changed") { [weak self] in
      guard let self, !isShowing else { return }
      let gutter = Int(gutterSpin.value)
      panels.change(coalescingKey: "panel-gutter") { grid in
        guard grid.gutter != gutter else { return false }
        grid.gutter = gutter
        return true
      }
    }
    Signal.connect(widthSpin.widget, "value-changed") { [weak self] in
      guard let self, !isShowing, let natural = panels.naturalWidth else { return }
      let width = Int(widthSpin.value)
      panels.change(coalescingKey: "panel-width") { grid in
        // The natural width is the grid's own: a choice of it follows the pictures as they change.
        let chosen = width >= natural ? nil : width
        guard grid.width != chosen else { return false }
        grid.width = chosen
        return true
      }
    }
    Signal.connect(gutterColor.widget, "color-set") { [weak self] in
      guard let self, !isShowing else { return }
      let color = gutterColor.color
      panels.change { grid in
        let chosen = RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
        guard grid.gutterColor != chosen else { return false }
        grid.gutterColor = chosen
        return true
      }
    }
    sentMemes.onChoose = { [weak self] file in
      guard let self else { return }
      _ = panels.take(.file(file))
    }
    Signal.connect(addRowButton.widget, "clicked") { [weak self] in self?.panels.change { $0.addRow() } }
    Signal.connect(removeRowButton.widget, "clicked") { [weak self] in
      guard let self, let grid = panels.grid else { return }
      let row = grid.arrangement.position(ofCell: panels.selectedCell).row
      panels.change { $0.removeRow(row) }
    }
  }

  /// Puts the caret in the selected cell's caption.
  func focusCaption() {
    _ = captionEntry.widget.grabFocus()
  }

  /// Shows the grid's controls for its selected cell, or hides the bar for a meme of one picture.
  func show(_ grid: PanelGrid?, selectedCell: Int) {
    revealer.revealsChild = grid != nil
    // Hidden, not only folded away: a meme of one picture keeps its narrowest width.
    revealer.widget.isVisible = grid != nil
    sentMemes.update()
    guard let grid, grid.cells.indices.contains(selectedCell) else { return }
    isShowing = true
    defer { isShowing = false }
    let cell = grid.cells[selectedCell]
    cellLabel.text = String(format: localized("Panel %ld of %ld"), selectedCell + 1, grid.cells.count)
    if captionEntry.text != cell.caption { captionEntry.text = cell.caption }
    captionEntry.setPlaceholder(String(format: localized("Caption of panel %ld"), selectedCell + 1))
    Accessible.setLabel(
      captionEntry.widget, String(format: localized("Caption of panel %ld"), selectedCell + 1))
    fitButton.isActive = cell.fit == .fit
    fitButton.widget.isSensitive = cell.picture != nil
    if Int(gutterSpin.value) != grid.gutter { gutterSpin.value = Double(grid.gutter) }
    gutterColor.color = StyleControls.components(grid.gutterColor)
    if let natural = panels.naturalWidth {
      widthSpin.setRange(Double(PanelSheetGeometry.widthRange(of: grid).lowerBound)...Double(natural))
      widthSpin.value = Double(min(grid.width ?? natural, natural))
    }
    addRowButton.widget.isSensitive = grid.withRowAdded != nil
    removeRowButton.widget.isSensitive = grid.withRowRemoved != nil
  }
}
