// SPDX-License-Identifier: GPL-3.0-or-later

/// A format MemeMe writes images in.
public enum ImageFormat: Sendable, Hashable {
  /// Lossless, keeps transparency.
  case png
  /// Lossy; `quality` is 1...100. Transparency is flattened on white.
  case jpeg(quality: Int)

  public static let defaultJPEGQuality = 90

  /// The format a file name extension asks for: "png", "jpg" or "jpeg", in any letter case.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg(quality: ImageFormat.defaultJPEGQuality)
    default: return nil
    }
  }

  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .jpeg: "jpg"
    }
  }

  public var mimeType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    }
  }
}
