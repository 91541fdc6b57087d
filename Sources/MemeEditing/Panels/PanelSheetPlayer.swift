// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A panel meme's animated cells played on the canvas: each frame is the editor's sheet with the
/// animated cells at that moment (`PanelFrames`, the drawing the export writes), played for ever as
/// the export's GIF plays. The still cells come from the pictures the editor decoded.
public final class PanelSheetPlayer: FramePlayer {
  private let frames: PanelFrames
  public private(set) var frameIndex = 0
  public private(set) var frame: RasterImage?

  /// The player for `grid` as the editor shows it (`PanelSheetMaker.editingLayout`); nil when no
  /// cell is animated, or one cannot be read (the sheet then shows each cell's first frame).
  public init?(_ grid: PanelGrid, style: CaptionStyle, pictures: PanelPictures) {
    guard let shown = try? PanelSheetMaker.editingLayout(of: grid, loader: pictures.loader),
      let frames = try? PanelFrames(
        shown.grid, laidOut: shown.layout, style: style, loader: pictures.loader,
        decode: { url, needed throws(ImageError) in try pictures.picture(at: url, atLeastWidth: needed) }),
      let first = try? frames.sheet(atMilliseconds: 0)
    else { return nil }
    self.frames = frames
    frame = first
  }

  public var frameCount: Int { frames.frames.count }
  public var time: Int { frames.frames[frameIndex].time }
  public var delay: Int { frames.frames[frameIndex].delay }
  /// A panel meme plays for ever.
  public var isAtTheEnd: Bool { false }

  public func advance() throws(ImageError) {
    try seek(toFrame: (frameIndex + 1) % frameCount)
  }

  public func startOver() throws(ImageError) {
    try seek(toFrame: 0)
  }

  public func seek(toFrame index: Int) throws(ImageError) {
    frameIndex = min(max(index, 0), frameCount - 1)
    frame = try frames.sheet(atMilliseconds: time)
  }
}
