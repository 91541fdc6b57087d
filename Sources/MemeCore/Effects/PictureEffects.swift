// SPDX-License-Identifier: GPL-3.0-or-later

/// The effects a meme's picture is made with: deep-fry, "needs more JPEG" and black and white, each
/// off or at a strength. They change the picture under the captions (deep-fry the captions too when
/// `friesText` is on), on every frame of an animation, in every export, thumbnail and preview.
public struct PictureEffects: Sendable, Hashable {
  /// Deep-fry's strength within `strengths` (saturation, contrast, sharpening and noise), or nil
  /// for off.
  public var deepFry: Int?
  /// How many times the picture is encoded again as a low-quality JPEG, within `passes`, or nil for
  /// off.
  public var moreJPEG: Int?
  public var isBlackAndWhite: Bool
  /// Whether deep-fry is applied over the captions as well as the picture.
  public var friesText: Bool
  /// The noise's seed: the same meme with the same seed gives the same bytes.
  public var seed: UInt32

  public init(
    deepFry: Int? = nil, moreJPEG: Int? = nil, isBlackAndWhite: Bool = false, friesText: Bool = false,
    seed: UInt32 = 0
  ) {
    self.deepFry = deepFry
    self.moreJPEG = moreJPEG
    self.isBlackAndWhite = isBlackAndWhite
    self.friesText = friesText
    self.seed = seed
  }

  /// No effect.
  public static let none = PictureEffects()

  public static let strengths = 1...10
  public static let defaultDeepFry = 5
  public static let passes = 1...10
  public static let defaultMoreJPEG = 3

  /// Whether any effect changes the picture.
  public var changesPicture: Bool { deepFry != nil || moreJPEG != nil || isBlackAndWhite }

  /// The strength deep-fry is drawn at, within `strengths`, or nil for off.
  var drawnDeepFry: Int? {
    deepFry.map { min(max($0, Self.strengths.lowerBound), Self.strengths.upperBound) }
  }

  /// The passes More JPEG is drawn with, within `passes`, or nil for off.
  var drawnMoreJPEG: Int? { moreJPEG.map { min(max($0, Self.passes.lowerBound), Self.passes.upperBound) } }

  /// Whether deep-fry is drawn over the captions (after them), rather than under them.
  public var friesOverCaptions: Bool { friesText && drawnDeepFry != nil }

  /// The JPEG quality of each of More JPEG's passes: lower each time, so every pass adds damage.
  static func moreJPEGQualities(passes: Int) -> [Int] {
    (1...max(1, passes)).map { max(2, 14 - 3 * $0) }
  }
}

/// Stored as `{"deepFry": 5, "moreJPEG": 3, "blackAndWhite": true, "friesText": false, "seed": 0}`;
/// what is missing or cannot be read is off.
extension PictureEffects: Codable {
  private enum CodingKeys: String, CodingKey {
    case deepFry, moreJPEG, friesText, seed
    case isBlackAndWhite = "blackAndWhite"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    deepFry = try? container.decodeIfPresent(Int.self, forKey: .deepFry)
    moreJPEG = try? container.decodeIfPresent(Int.self, forKey: .moreJPEG)
    isBlackAndWhite = (try? container.decodeIfPresent(Bool.self, forKey: .isBlackAndWhite)) ?? false
    friesText = (try? container.decodeIfPresent(Bool.self, forKey: .friesText)) ?? false
    seed = (try? container.decodeIfPresent(UInt32.self, forKey: .seed)) ?? 0
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(deepFry, forKey: .deepFry)
    try container.encodeIfPresent(moreJPEG, forKey: .moreJPEG)
    try container.encode(isBlackAndWhite, forKey: .isBlackAndWhite)
    try container.encode(friesText, forKey: .friesText)
    try container.encode(seed, forKey: .seed)
  }
}
