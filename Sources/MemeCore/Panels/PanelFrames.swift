// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A panel meme's animated cells over its still ones, frame by frame: the still cells drawn once
/// (`PanelComposer`), and each frame the animated cells at its moment over a copy of them. The
/// timeline is the longest animated cell's (its frames and delays); the shorter ones loop. What a
/// GIF or WebP export writes (`AnimationExporter.exportPanels`) and the editor plays.
public final class PanelFrames {
  /// Each frame's moment in the meme's animation and how long it stays, in milliseconds.
  public let frames: [(time: Int, delay: Int)]
  private let players: [PanelCellPlayer]
  private let still: RasterImage
  private let grid: PanelGrid
  private let laidOut: PanelComposer.CellLayout
  private let style: CaptionStyle

  /// The frames of `grid` laid out as `laidOut`, the cells' captions in `style`, the still cells'
  /// pictures from `decode`; at most `limits.maxFrames`. Nil when no cell is animated. A cell that
  /// cannot be read fails, naming it.
  public init?(
    _ grid: PanelGrid, laidOut: PanelComposer.CellLayout, style: CaptionStyle, loader: ImageLoader,
    limits: AnimationLimits = AnimationLimits(),
    decode: @Sendable (URL, Int) throws(ImageError) -> RasterImage
  ) throws(ImageError) {
    var players: [PanelCellPlayer] = []
    for (index, cell) in grid.cells.enumerated() {
      guard let picture = cell.picture,
        AnimationReader.info(ofImageAt: picture, limits: limits)?.isAnimated == true
      else { continue }
      do {
        players.append(try PanelCellPlayer(cell: index, picture: picture, loader: loader, limits: limits))
      } catch {
        throw PanelComposer.named(error, cell: index)
      }
    }
    guard let longest = players.max(by: { $0.duration < $1.duration }) else { return nil }
    var time = 0
    frames = longest.delays.prefix(max(1, limits.maxFrames)).map { delay in
      defer { time += delay }
      return (time, delay)
    }
    still = try PanelComposer.compose(
      grid, laidOut: laidOut, style: style, brokenCells: .fail, leavingOut: Set(players.map(\.cell)),
      decode: decode
    ).image
    self.players = players
    self.grid = grid
    self.laidOut = laidOut
    self.style = style
  }

  /// The sheet at the moment `time` (milliseconds into the meme's animation): a copy of the still
  /// cells with each animated cell's frame of that moment drawn in its cell.
  public func sheet(atMilliseconds time: Int) throws(ImageError) -> RasterImage {
    guard let sheet = still.copy() else {
      throw ImageLimits.outOfMemory(width: still.width, height: still.height, name: grid.arrangement.name)
    }
    for player in players {
      try player.show(atMilliseconds: time)
      let image = try PanelComposer.pictureCell(player.cell, of: grid, laidOut: laidOut, style: style) {
        _, _ throws(ImageError) in player.canvas
      }
      let rect = laidOut.geometry.pictureCells[player.cell]
      sheet.draw(image, atX: rect.x, y: rect.y, replacing: true)
    }
    sheet.markDirty()
    return sheet
  }
}
