// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A panel meme whose cells hold animated GIFs or WebPs, written frame by frame: the still cells
/// are drawn once (`PanelComposer`), and each frame draws the animated cells at its moment over a
/// copy of them. The timeline is the longest cell's (its frames and delays); the shorter ones loop,
/// and the meme plays for ever. Each animated cell is read by its own bounded reader
/// (`AnimationReader`), one frame at a time.
extension AnimationExporter {
  /// `captions` over the panels of `grid`, every frame, to `destination` in `format` (see
  /// `export(_:imageAt:…)` for the description, the size limit and what fails). A cell that cannot
  /// be read fails the export, naming it.
  @discardableResult
  public static func exportPanels(
    _ captions: MemeCaptions, grid: PanelGrid, to destination: ImageDestination, as format: AnimationFormat,
    width: Int? = nil, loader: ImageLoader = ImageLoader(), limits: AnimationLimits = AnimationLimits(),
    description: String? = nil, sizeLimit: Int? = nil, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationExportSummary {
    try ImageWriter.checkDestination(destination)
    let laidOut = try PanelComposer.layOut(grid, width: width, loader: loader)
    let decode = PanelComposer.decoding(with: loader, cancellation: cancellation)
    let animated = try PanelFrames(
      grid, laidOut: laidOut, style: captions.style, loader: loader, limits: limits, decode: decode)
    // No animated cell: the still sheet, under the animated layers' timeline (an animated sticker).
    let still =
      animated == nil
      ? try PanelComposer.compose(
        grid, laidOut: laidOut, style: captions.style, brokenCells: .fail, leavingOut: [], decode: decode
      ).image : nil
    let frames =
      animated?.frames ?? LayerTimeline(captions, maximumFrames: limits.maxFrames)?.frames ?? [(0, 0)]
    let geometry = laidOut.geometry
    let prepared = PreparedCaptions(captions, imageWidth: geometry.width, imageHeight: geometry.height)
    let frame = prepared.layout.frame
    var drawn = prepared
    var framesWritten = 0
    let produce = { (body: (RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) in
      for (time, delay) in frames {
        try cancellation.check(name: destination.name)
        // A copy each frame: the captions are drawn on it.
        guard let sheet = try animated?.sheet(atMilliseconds: time) ?? still?.copy() else {
          throw outOfMemory(grid)
        }
        guard let output = frame.compose(sheet) else { throw outOfMemory(grid) }
        if captions.hasAnimatedLayers { drawn = drawn.at(time: time) }
        drawn.draw(onto: output)
        try body(output, delay)
        framesWritten += 1
      }
    }
    let fit = try write(
      produce, width: frame.width, height: frame.height, frameCount: frames.count, playCount: 0,
      transparent: (!frame.isPictureOnly && frame.background.alpha < 1) || captions.cutsOutOfPicture,
      as: format,
      palettes: GIFPalettes(drawing: captions.effects), to: destination,
      limits: limits, description: description, sizeLimit: sizeLimit, cancellation: cancellation)
    let layout = prepared.layout
    return AnimationExportSummary(
      width: fit?.width ?? frame.width, height: fit?.height ?? frame.height, frameCount: framesWritten,
      playCount: 0, font: layout.font, overflowingCaptions: layout.overflowingCaptions,
      overflowingBoxes: layout.overflowingBoxes, sourceWasTruncated: false, fit: fit)
  }

  private static func outOfMemory(_ grid: PanelGrid) -> ImageError {
    ImageError(
      path: grid.arrangement.name, kind: .outOfMemory,
      reason: localized("not enough memory for the animation"))
  }
}

/// One animated cell of a panel meme, read one frame at a time: the frame of any moment of the
/// meme's animation, looping.
final class PanelCellPlayer {
  /// The cell's index in the grid.
  let cell: Int
  /// Each frame's delay, as played, in milliseconds.
  let delays: [Int]
  private let reader: AnimationReader
  /// The frame on the reader's canvas; -1 before the first.
  private var shown = -1

  init(cell: Int, picture: URL, loader: ImageLoader, limits: AnimationLimits) throws(ImageError) {
    self.cell = cell
    reader = try AnimationReader(contentsOf: picture, loader: loader, limits: limits)
    // The delays are only known by reading the frames: once through, then back to the first.
    var delays: [Int] = []
    while let delay = try reader.nextFrame() { delays.append(AnimationLimits.playedDelay(delay)) }
    guard !delays.isEmpty else {
      throw ImageError(path: picture.path, kind: .corrupt, reason: localized("file is truncated"))
    }
    self.delays = delays
    try reader.rewind()
  }

  /// One play, in milliseconds.
  var duration: Int { delays.reduce(0, +) }

  /// The frame shown, as `show(atMilliseconds:)` left it.
  var canvas: RasterImage { reader.canvas }

  /// Reads on to the frame shown `time` milliseconds into the meme's animation, looping; from the
  /// first again when that frame was passed.
  func show(atMilliseconds time: Int) throws(ImageError) {
    var left = time % max(1, duration)
    var target = delays.count - 1
    for (index, delay) in delays.enumerated() {
      if left < delay {
        target = index
        break
      }
      left -= delay
    }
    if target < shown {
      try reader.rewind()
      shown = -1
    }
    while shown < target, try reader.nextFrame() != nil { shown += 1 }
  }
}
