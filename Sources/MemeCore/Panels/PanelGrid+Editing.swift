// SPDX-License-Identifier: GPL-3.0-or-later

/// What the user does to a panel meme's cells, as changes of the grid: swapping two cells, adding
/// and removing a row, moving and zooming a cell's picture. Each keeps the grid one MemeMe can draw
/// (`PanelArrangement.isSupported`), so a change it cannot make is refused (`false`), not made half.
extension PanelGrid {
  /// Swaps cells `first` and `second`: their pictures and how they lie; in a grid their captions
  /// too (they are on the pictures), in rows not (they are the rows' own cells).
  @discardableResult
  public mutating func swapCells(_ first: Int, _ second: Int) -> Bool {
    guard cells.indices.contains(first), cells.indices.contains(second), first != second else { return false }
    var (a, b) = (cells[first], cells[second])
    if arrangement.hasCaptionCells { (a.caption, b.caption) = (b.caption, a.caption) }
    (cells[first], cells[second]) = (b, a)
    return true
  }

  /// The arrangement with one row more, when MemeMe can draw it.
  public var withRowAdded: PanelArrangement? {
    let added: PanelArrangement =
      switch arrangement {
      case .grid(let rows, let columns): .grid(rows: rows + 1, columns: columns)
      case .captionRows(let count): .captionRows(count: count + 1)
      }
    return added.isSupported ? added : nil
  }

  /// The arrangement with one row fewer, when MemeMe can draw it.
  public var withRowRemoved: PanelArrangement? {
    let removed: PanelArrangement =
      switch arrangement {
      case .grid(let rows, let columns): .grid(rows: rows - 1, columns: columns)
      case .captionRows(let count): .captionRows(count: count - 1)
      }
    return removed.isSupported ? removed : nil
  }

  /// Adds a row of empty cells at the bottom.
  @discardableResult
  public mutating func addRow() -> Bool {
    guard let added = withRowAdded else { return false }
    cells += Array(repeating: PanelCell(), count: added.pictureCellCount - arrangement.pictureCellCount)
    arrangement = added
    return true
  }

  /// Removes row `row` (from 0, at the top) with its cells.
  @discardableResult
  public mutating func removeRow(_ row: Int) -> Bool {
    guard let removed = withRowRemoved, (0..<arrangement.rowCount).contains(row) else { return false }
    let layout = arrangement
    cells = cells.indices.filter { layout.position(ofCell: $0).row != row }.map { cells[$0] }
    arrangement = removed
    return true
  }

  /// Moves cell `index`'s picture by (`dx`, `dy`) pixels of a cell `cellWidth` × `cellHeight`
  /// showing it (a drag): its focus follows, from where the picture shows now (the focus may lie
  /// past what the picture can show), as far as the picture can go without baring the cell.
  /// `pictureWidth` × `pictureHeight` is its size after its transform.
  @discardableResult
  public mutating func pan(
    cell index: Int, byX dx: Double, y dy: Double, cellWidth: Int, cellHeight: Int, pictureWidth: Int,
    pictureHeight: Int
  ) -> Bool {
    guard cells.indices.contains(index), dx.isFinite, dy.isFinite else { return false }
    let cell = cells[index]
    let placement = PanelPlacement(
      cell: cell, pictureWidth: pictureWidth, pictureHeight: pictureHeight, cellWidth: cellWidth,
      cellHeight: cellHeight)
    /// The focus along one axis after the move: the picture point at the cell's middle, moved.
    func moved(region start: Double, length: Double, picture: Int, by delta: Double, now: Double) -> Double {
      let shown = Double(max(1, picture))
      // The picture is smaller than the cell that way: it sits in the middle, whatever the focus.
      guard length < shown else { return now }
      let middle = (start + length / 2 - delta / placement.scale) / shown
      let half = length / 2 / shown
      return min(max(middle, half), 1 - half)
    }
    var next = cell
    next.focusX = moved(
      region: placement.region.x, length: placement.region.width, picture: pictureWidth, by: dx,
      now: cell.focusX)
    next.focusY = moved(
      region: placement.region.y, length: placement.region.height, picture: pictureHeight, by: dy,
      now: cell.focusY)
    guard next != cell else { return false }
    cells[index] = next
    return true
  }

  /// Zooms cell `index`'s picture by `factor` (2 twice as close), within `PanelCell.zoomRange`.
  @discardableResult
  public mutating func zoom(cell index: Int, by factor: Double) -> Bool {
    guard cells.indices.contains(index), factor.isFinite, factor > 0 else { return false }
    let range = PanelCell.zoomRange
    let zoom = min(max(cells[index].zoom * factor, range.lowerBound), range.upperBound)
    guard zoom != cells[index].zoom else { return false }
    cells[index].zoom = zoom
    return true
  }
}
