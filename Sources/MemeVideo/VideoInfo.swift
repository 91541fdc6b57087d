// SPDX-License-Identifier: GPL-3.0-or-later

/// What a video file holds, as its decoder found it.
public struct VideoInfo: Sendable, Equatable {
  /// The frames' size, once the orientation the file asks for is applied.
  public let width: Int
  public let height: Int
  /// The nominal frame rate as a fraction; nil when the file does not say (a variable rate).
  public let rateNumerator: Int
  public let rateDenominator: Int
  /// Seconds; nil when the file does not say.
  public let duration: Double?
  public let hasAudio: Bool
  /// How its YUV maps to colours, as GStreamer names it ("bt709"): the meme's frames keep it.
  let colorimetry: String

  /// Frames a second, nil when unknown.
  public var frameRate: Double? {
    rateNumerator > 0 && rateDenominator > 0 ? Double(rateNumerator) / Double(rateDenominator) : nil
  }
}
