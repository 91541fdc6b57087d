// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a size limit made of an animated export, for the caller to say: its limit, frame size,
/// bytes and encodes are `fitted`'s, read as its own (`fit.width`), as a still file's `SizeFit`
/// reads them.
public struct AnimationFit: HoldsFittedSize, Sendable, Hashable {
  /// libimagequant's full quality: it may use as many colours as help (the normal export).
  public static let fullQuality = 100
  /// The lowest quality a lossy WebP is made at; below it, its frames are made smaller instead.
  public static let lowestWebPQuality = 50

  public let fitted: FittedSize
  /// The format of the file: the one asked for, a lossy WebP at the quality chosen.
  public let format: AnimationFormat
  /// The highest quality libimagequant was let make a GIF's palettes with (100: as many colours as
  /// help); nil for a WebP.
  public let gifQuality: Int?

  public init(fitted: FittedSize, format: AnimationFormat, gifQuality: Int?) {
    self.fitted = fitted
    self.format = format
    self.gifQuality = gifQuality
  }

  /// The quality worth telling: a lossy WebP's, or a GIF's palette quality when it was lowered.
  public var loweredQuality: Int? {
    switch format {
    case .gif: gifQuality.flatMap { $0 < Self.fullQuality ? $0 : nil }
    case .webp(let lossless, let quality): lossless ? nil : quality
    }
  }
}
