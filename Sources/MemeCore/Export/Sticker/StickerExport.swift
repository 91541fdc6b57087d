// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A messenger sticker made of a meme: 512 pixels on its long side, the aspect kept; what the layout
/// adds around the picture transparent (see `StickerMatte`); a still at most 512 kB as a PNG or a
/// WebP, an animation at most 256 kB, 3 seconds and 30 frames a second as a WebM with an alpha
/// channel (`StickerVideoExporter` in MemeVideo). The byte limits are decimal kilobytes, as
/// `ByteSize` reads them everywhere else.
public enum StickerExport {
  public static let longSide = 512
  public static let stillByteLimit = 512_000
  public static let animationByteLimit = 256_000
  /// Seconds of an animation kept: its first three, as timed (trimmed, sped up or slowed down).
  public static let longestAnimation = 3.0
  public static let highestFrameRate = 30

  /// The sticker's size for a meme of `width` × `height`: the long side 512, the other in
  /// proportion (at least a pixel); with `evenSides`, the short side rounded to an even number, as
  /// a video's 4:2:0 colour wants.
  public static func size(width: Int, height: Int, evenSides: Bool = false) -> (width: Int, height: Int) {
    let scale = Double(longSide) / Double(max(width, height, 1))
    func side(_ length: Int) -> Int {
      guard length < max(width, height) else { return longSide }
      let scaled = max(1, Int((Double(length) * scale).rounded()))
      return evenSides ? max(2, scaled + scaled % 2) : scaled
    }
    return (side(width), side(height))
  }

  /// The sticker picture of `output`, a meme of `frame` at full size: scaled and matted; nil when
  /// out of memory.
  public static func picture(of output: RasterImage, frame: MemeFrame, evenSides: Bool = false)
    -> RasterImage?
  {
    let (width, height) = size(width: output.width, height: output.height, evenSides: evenSides)
    guard let sticker = output.scaled(toWidth: width, height: height),
      StickerMatte.apply(to: sticker, frame: frame)
    else { return nil }
    return sticker
  }
}
