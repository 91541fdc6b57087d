// SPDX-License-Identifier: GPL-3.0-or-later

/// A picture or an emoji placed on the meme: drawn into its frame (stretched to it: the editor keeps
/// the frame's proportions unless asked not to), turned about its centre, mirrored when flipped, and
/// composited over what lies below it at its opacity.
public struct StickerLayer: Sendable, Hashable, Codable {
  /// What it shows.
  public var source: StickerSource
  public var frame: RelativeRect
  /// Degrees, clockwise on the screen, about the frame's centre.
  public var angle: Double
  /// How opaque it is drawn, from 0 (not at all) to 1 (as the picture is); read through
  /// `drawnOpacity`, since a damaged store may hold anything.
  public var opacity: Double
  /// Whether it is mirrored left to right (within its frame, before it is turned).
  public var isFlipped: Bool

  public init(
    source: StickerSource, frame: RelativeRect, angle: Double = 0, opacity: Double = 1,
    isFlipped: Bool = false
  ) {
    self.source = source
    self.frame = frame
    self.angle = angle
    self.opacity = opacity
    self.isFlipped = isFlipped
  }

  /// The most stickers one meme may hold: each is a picture held decoded while the meme is drawn.
  public static let maximumCount = 100

  /// `opacity` within 0…1 (a value that is no number draws as opaque).
  public var drawnOpacity: Double {
    opacity.isFinite ? min(1, max(0, opacity)) : 1
  }

  /// `angle` in radians within one turn (a value that is no number draws unturned).
  var drawnRadians: Double {
    angle.isFinite ? angle.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
  }

  private enum CodingKeys: String, CodingKey {
    case source, frame, angle, opacity
    case isFlipped = "flipped"
  }
}
