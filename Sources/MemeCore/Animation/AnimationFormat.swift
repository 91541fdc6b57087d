// SPDX-License-Identifier: GPL-3.0-or-later

/// A format MemeMe writes animations in.
public enum AnimationFormat: Sendable, Hashable {
  /// 256 colours a frame (a palette for each, dithered), one bit of transparency.
  case gif
  /// Animated WebP: lossy at `quality` (0...100), or lossless (`quality` is then the effort).
  case webp(lossless: Bool, quality: Int)

  public static let defaultWebPQuality = 90

  /// The format a file name extension asks for: "gif" or "webp" (lossy), in any letter case.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "gif": self = .gif
    case "webp": self = .webp(lossless: false, quality: AnimationFormat.defaultWebPQuality)
    default: return nil
    }
  }

  public var fileExtension: String {
    switch self {
    case .gif: "gif"
    case .webp: "webp"
    }
  }

  public var mimeType: String {
    switch self {
    case .gif: "image/gif"
    case .webp: "image/webp"
    }
  }
}
