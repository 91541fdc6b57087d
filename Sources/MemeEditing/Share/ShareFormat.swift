// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What a share writes: a still picture (PNG or JPEG: an animated source's first frame), or every
/// frame of an animated source (GIF or animated WebP).
public nonisolated enum ShareFormat: Sendable, Hashable {
  case still(ImageFormat)
  case animated(AnimationFormat)

  public var fileExtension: String {
    switch self {
    case .still(let format): format.fileExtension
    case .animated(let format): format.fileExtension
    }
  }

  public var mimeType: String {
    switch self {
    case .still(let format): format.mimeType
    case .animated(let format): format.mimeType
    }
  }

  /// The animation format of a file whose name ends in `.gif` or `.webp` (lossy WebP, as `mememe
  /// render` writes it), else nil.
  public static func animation(of url: URL) -> AnimationFormat? {
    AnimationFormat(fileExtension: url.pathExtension)
  }

  /// Where a name chosen in Save As saves and in which format. For an animated picture (`animation`
  /// is the source's kind) `.gif` and `.webp` write every frame and `.png` and `.jpg` the first
  /// one; a name without a known extension gets the source's. For a still picture it is PNG unless
  /// the name asks for JPEG, and a name without a known extension gets `.png`.
  public static func destination(for chosen: URL, animation: AnimationFormat?) -> (
    url: URL, format: ShareFormat
  ) {
    if let still = ImageFormat(fileExtension: chosen.pathExtension) { return (chosen, .still(still)) }
    guard let animation else { return (chosen.appendingPathExtension("png"), .still(.png)) }
    if let named = Self.animation(of: chosen) { return (chosen, .animated(named)) }
    return (chosen.appendingPathExtension(animation.fileExtension), .animated(animation))
  }
}
