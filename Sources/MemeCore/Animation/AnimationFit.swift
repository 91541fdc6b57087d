// SPDX-License-Identifier: GPL-3.0-or-later

/// What a size limit made of an animated export, for the caller to say ("Saved “clip.gif”:
/// 1.9 MB, 320×180"), as `SizeFit` is for a still one. Every frame and every delay is kept
/// whatever the limit: only the frames' size and the encoder's quality change.
public struct AnimationFit: Sendable, Hashable {
  /// libimagequant's full quality: it may use as many colours as help (the normal export).
  public static let fullQuality = 100
  /// The lowest quality a lossy WebP is made at; below it, its frames are made smaller instead.
  public static let lowestWebPQuality = 50

  /// The limit, in bytes.
  public let limit: Int
  /// The format of the file: the one asked for, a lossy WebP at the quality chosen.
  public let format: AnimationFormat
  /// The highest quality libimagequant was let make a GIF's palettes with (100: as many colours as
  /// help); nil for a WebP.
  public let gifQuality: Int?
  /// The frames' pixel size, and the meme's own (they differ when it had to be made smaller).
  public let width: Int
  public let height: Int
  public let originalWidth: Int
  public let originalHeight: Int
  /// The file's size in bytes, metadata included: at most `limit`.
  public let byteCount: Int
  /// How many times the whole animation was encoded to find it, the normal export's included.
  public let encodeCount: Int
  /// Whether the file is the normal export (it fit): nothing was changed for the limit.
  public let isNormalExport: Bool

  /// Whether the frames had to be made smaller than the meme.
  public var isScaled: Bool { width != originalWidth || height != originalHeight }

  /// The quality worth telling: a lossy WebP's, or a GIF's palette quality when it was lowered.
  public var loweredQuality: Int? {
    switch format {
    case .gif: gifQuality.flatMap { $0 < Self.fullQuality ? $0 : nil }
    case .webp(let lossless, let quality): lossless ? nil : quality
    }
  }
}
