// SPDX-License-Identifier: GPL-3.0-or-later

/// A part of the picture hidden before the meme is shared (a name, a face, an address): a rectangle
/// whose pixels are pixelated, blurred or covered with a colour. It lies under every caption and
/// sticker, whatever its place among the layers, and stays editable in the meme: only what is
/// drawn (every export, thumbnail and share) is hidden, the original picture is kept.
///
/// Hidden means unreadable: pixelate's blocks are at least `minimumBlockSide` pixels and at least a
/// third of the area's height, and blur starts from the same blocks (see `HidingDrawing`), so no
/// more of what lay beneath is left in the file than one colour per block.
public struct HiddenArea: Sendable, Hashable {
  public var frame: RelativeRect
  public var method: HidingMethod
  /// How coarse the blocks of Pixelate and Blur are, within `strengths` (read through
  /// `drawnStrength`, since a damaged store may hold anything).
  public var strength: Int

  public init(frame: RelativeRect, method: HidingMethod = .pixelate, strength: Int = Self.defaultStrength) {
    self.frame = frame
    self.method = method
    self.strength = strength
  }

  public static let strengths = 1...10
  public static let defaultStrength = 5
  /// The smallest block, in the picture's pixels, whatever the area's size.
  public static let minimumBlockSide = 8.0
  /// The grid, in the picture's pixels, that the area's edges and its blocks' sides are rounded out
  /// to: a JPEG's MCUs (16 × 16 pixels at 4:2:0, 8 × 8 at 4:4:4) then lie each within one block, so
  /// each holds one colour, which the encoder keeps flat (no ringing from an edge inside an MCU).
  public static let grid = 16.0
  /// The most hidden areas one meme may hold.
  public static let maximumCount = 50

  /// `strength` within `strengths`.
  public var drawnStrength: Int { min(max(strength, Self.strengths.lowerBound), Self.strengths.upperBound) }

  /// The side of Pixelate's and Blur's square blocks for an area `height` pixels high (as it lies
  /// within the picture): a third of the height at strength 1, the whole height at 9, rounded up to
  /// the `grid`, so never under `minimumBlockSide`.
  public func blockSide(forHeight height: Double) -> Double {
    let side = max(Self.minimumBlockSide, height * Double(drawnStrength + 3) / 12)
    return (side / Self.grid).rounded(.up) * Self.grid
  }

  /// The area in a `pictureWidth` × `pictureHeight` picture's pixels, rounded out to the `grid` and
  /// cut at the picture's edges; empty when nothing of it lies on the picture.
  public func pixelRect(pictureWidth: Int, pictureHeight: Int) -> ImageRect {
    let place = frame.clampedToAllowed.pixels(width: pictureWidth, height: pictureHeight)
    let grid = Self.grid
    let x0 = max(0, (place.x / grid).rounded(.down) * grid)
    let y0 = max(0, (place.y / grid).rounded(.down) * grid)
    let x1 = min(Double(pictureWidth), (place.maxX / grid).rounded(.up) * grid)
    let y1 = min(Double(pictureHeight), (place.maxY / grid).rounded(.up) * grid)
    return ImageRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}

/// How a hidden area hides what lies beneath.
public enum HidingMethod: Sendable, Hashable {
  /// Blocks of one colour each (the default).
  case pixelate
  /// Blocks of one colour each, smoothed into one another.
  case blur
  /// One colour over the whole area.
  case solid(RGBAColor)

  /// The colour Solid starts with.
  public static let defaultSolidColor = RGBAColor.black

  /// Its name on the command line and in the store.
  public var name: String {
    switch self {
    case .pixelate: "pixelate"
    case .blur: "blur"
    case .solid: "solid"
    }
  }
}

/// Stored as `{"frame": …, "method": "solid", "color": …, "strength": 5}`; an unknown method reads
/// as Pixelate, so a damaged row still hides.
extension HiddenArea: Codable {
  private enum CodingKeys: String, CodingKey {
    case frame, method, color, strength
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    frame = try container.decode(RelativeRect.self, forKey: .frame)
    strength = (try? container.decodeIfPresent(Int.self, forKey: .strength)) ?? Self.defaultStrength
    switch try? container.decodeIfPresent(String.self, forKey: .method) {
    case "blur": method = .blur
    case "solid":
      method = .solid(
        (try? container.decodeIfPresent(RGBAColor.self, forKey: .color)) ?? HidingMethod.defaultSolidColor)
    default: method = .pixelate
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(frame, forKey: .frame)
    try container.encode(method.name, forKey: .method)
    if case .solid(let color) = method { try container.encode(color, forKey: .color) }
    try container.encode(strength, forKey: .strength)
  }
}
