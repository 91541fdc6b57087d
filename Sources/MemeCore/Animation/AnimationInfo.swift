// SPDX-License-Identifier: GPL-3.0-or-later

/// What an animated picture's structure says, read without decoding a pixel.
public struct AnimationInfo: Sendable, Equatable {
  /// The canvas (GIF's logical screen), which every frame is composed onto.
  public let width: Int
  public let height: Int
  public let frameCount: Int
  /// How many times the animation plays; 0 plays it for ever.
  public let playCount: Int
  /// The pixels decoded over all frames: each frame's own area (a GIF frame may be larger than the
  /// screen, and is decoded whole before it is cut).
  public let decodedPixels: Int
  /// Whether some frame may leave a pixel transparent.
  public let mayHaveTransparency: Bool
  /// Whether a canvas once opaque stays opaque whatever the later frames draw (a GIF that never
  /// clears a frame's area).
  public let opaqueStaysOpaque: Bool
  /// Whether the file ended inside a frame, which is left out with everything after it.
  public let isTruncated: Bool

  public init(
    width: Int, height: Int, frameCount: Int, playCount: Int, decodedPixels: Int = 0,
    mayHaveTransparency: Bool = false, opaqueStaysOpaque: Bool = false, isTruncated: Bool = false
  ) {
    self.width = width
    self.height = height
    self.frameCount = frameCount
    self.playCount = playCount
    self.decodedPixels = decodedPixels
    self.mayHaveTransparency = mayHaveTransparency
    self.opaqueStaysOpaque = opaqueStaysOpaque
    self.isTruncated = isTruncated
  }

  public var isAnimated: Bool { frameCount > 1 }
}
