// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `--panels`, `--panel-caption`, `--panel-fit`, `--panel-zoom`, `--panel-focus`, `--gutter`,
/// `--gutter-color` and `--cell-aspect`
/// read as one panel grid of the pictures given.
struct PanelOptions: ParsableArguments {
  @Option(help: ArgumentHelp(PanelOptions.arrangementHelp, valueName: "ROWSxCOLUMNS|rows"))
  var panels: String?

  @Option(
    help: ArgumentHelp(
      "The caption of panel N (from 1, in the order the pictures are given): on the picture's top in a "
        + "grid, in the white cell beside it in rows. Repeatable.",
      valueName: "N=TEXT"))
  var panelCaption: [String] = []

  @Option(
    help: ArgumentHelp(
      "How panel N's picture fills its cell: cover (the whole cell, the picture cut at the middle; the "
        + "default) or fit (the whole picture, the rest of the cell in the gutter colour). Repeatable.",
      valueName: "N=cover|fit"))
  var panelFit: [String] = []

  @Option(
    help: ArgumentHelp(
      "Zoom panel N's picture in from its covering or fitting size, 1 (the default) to 8. Repeatable.",
      valueName: "N=Z"))
  var panelZoom: [String] = []

  @Option(
    help: ArgumentHelp(
      "The point of panel N's picture, in fractions of its width and height, put in the middle of its cell "
        + "as far as the picture allows (default 0.5,0.5: the middle). Repeatable.",
      valueName: "N=X,Y"))
  var panelFocus: [String] = []

  @Option(
    help: ArgumentHelp(
      "The space between panels, in pixels of the output (\(PanelGrid.gutterRange.lowerBound) to "
        + "\(PanelGrid.gutterRange.upperBound)).",
      valueName: "PX"))
  var gutter = 0

  @Option(help: "The gutters' colour: #RRGGBB or a colour name (default: white).")
  var gutterColor: String?

  @Option(
    help: ArgumentHelp(
      "Every panel cell's shape, width to height (default: the first picture's).", valueName: "W:H"))
  var cellAspect: String?

  static let arrangementHelp = """
    Make a panel meme of the pictures given, in a grid of ROWSxCOLUMNS cells filled left to right, then \
    top to bottom: 1x2 (side by side), 2x1 (stacked), 2x2, 3x1, or any other of 1 to 4 rows and columns; \
    or rows: a row for each picture (2 to 6), its --panel-caption in a white cell on the left, black, and \
    the picture on the right. Every cell has the shape of --cell-aspect (default: the first picture's); \
    each picture covers its cell, cut at the middle (see --panel-fit). Without --width the output is as \
    wide as it can be with no picture drawn larger than its own pixels, at most \
    \(PanelSheetGeometry.widestOutput) pixels. --top, --bottom, --caption and --sticker lie over the \
    whole meme. Written as GIF or WebP, animated pictures play in their cells on the longest one's \
    frames and delays, the shorter ones looping, and the meme plays for ever.
    """

  /// The grid the options describe for `pictures`, checked against the arrangement's count.
  func grid(of pictures: [String]) throws -> PanelGrid {
    let panels = panels ?? ""
    let arrangement = try Self.arrangement(panels, pictureCount: pictures.count)
    guard pictures.count == arrangement.pictureCellCount else {
      throw CommandFailure(
        "--panels \(panels) takes \(arrangement.pictureCellCount) pictures, not \(pictures.count)")
    }
    var cells = pictures.map { PanelCell(picture: URL(fileURLWithPath: $0)) }
    for (number, text) in try Self.numbered(panelCaption, option: "--panel-caption", count: cells.count) {
      cells[number - 1].caption = text
    }
    for (number, value) in try Self.numbered(panelFit, option: "--panel-fit", count: cells.count) {
      guard let fit = PanelFit(rawValue: value) else {
        throw CommandFailure("--panel-fit \(number)= must be cover or fit, not \(alwaysQuoted(value))")
      }
      cells[number - 1].fit = fit
    }
    for (number, value) in try Self.numbered(panelZoom, option: "--panel-zoom", count: cells.count) {
      let range = PanelCell.zoomRange
      guard let zoom = Double(value), range.contains(zoom) else {
        throw CommandFailure(
          "--panel-zoom \(number)= must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), "
            + "not \(alwaysQuoted(value))")
      }
      cells[number - 1].zoom = zoom
    }
    for (number, value) in try Self.numbered(panelFocus, option: "--panel-focus", count: cells.count) {
      let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
      guard parts.count == 2, let x = parts[0], let y = parts[1], (0...1).contains(x), (0...1).contains(y)
      else {
        throw CommandFailure(
          "--panel-focus \(number)= must be X,Y in fractions of the picture (0 to 1), not \(alwaysQuoted(value))"
        )
      }
      (cells[number - 1].focusX, cells[number - 1].focusY) = (x, y)
    }
    guard PanelGrid.gutterRange.contains(gutter) else {
      throw CommandFailure(
        "--gutter must be between \(PanelGrid.gutterRange.lowerBound) and \(PanelGrid.gutterRange.upperBound) "
          + "pixels, not \(gutter)")
    }
    guard let color = gutterColor.map(RGBAColor.init(parsing:)) ?? .white else {
      throw CommandFailure("--gutter-color: \(alwaysQuoted(gutterColor ?? "")) is not a colour")
    }
    return PanelGrid(
      arrangement: arrangement, cells: cells, gutter: gutter, gutterColor: color,
      cellAspect: try cellAspect.map(Self.aspect))
  }

  /// "2x2" (rows x columns) or "rows".
  static func arrangement(_ name: String, pictureCount: Int) throws -> PanelArrangement {
    if name == "rows" {
      let arrangement = PanelArrangement.captionRows(count: pictureCount)
      guard arrangement.isSupported else {
        let range = PanelArrangement.captionRowRange
        throw CommandFailure(
          "--panels rows takes \(range.lowerBound) to \(range.upperBound) pictures, not \(pictureCount)")
      }
      return arrangement
    }
    let sides = name.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
    guard sides.count == 2, let rows = sides[0], let columns = sides[1],
      case let arrangement = PanelArrangement.grid(rows: rows, columns: columns), arrangement.isSupported
    else {
      throw CommandFailure(
        "--panels must be ROWSxCOLUMNS (1 to 4 each, two cells or more, such as 2x2) or rows, not "
          + alwaysQuoted(name))
    }
    return arrangement
  }

  /// `N=VALUE` options, each N a panel's number from 1 to `count`, once.
  static func numbered(_ values: [String], option: String, count: Int) throws -> [(Int, String)] {
    var seen = Set<Int>()
    return try values.map { value in
      let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let number = Int(parts[0]), (1...count).contains(number) else {
        throw CommandFailure(
          "\(option) must be N=VALUE with N a panel from 1 to \(count), not \(alwaysQuoted(value))")
      }
      guard seen.insert(number).inserted else { throw CommandFailure("\(option) \(number)= is given twice") }
      return (number, String(parts[1]))
    }
  }

  /// "W:H" as W over H.
  static func aspect(_ text: String) throws -> Double {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
    let range = PanelSheetGeometry.aspectRange
    guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
      range.contains(width / height)
    else {
      throw CommandFailure(
        "--cell-aspect must be W:H, such as 4:3, between 1:4 and 4:1, not \(alwaysQuoted(text))")
    }
    return width / height
  }
}
