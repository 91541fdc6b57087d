// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// What a share writes: a still picture (PNG or JPEG: an animated source's first frame), every
/// frame of an animated source (GIF or animated WebP), or every frame of a video with its sound
/// (MP4 or WebM).
public nonisolated enum ShareFormat: Sendable, Hashable {
  case still(ImageFormat)
  case animated(AnimationFormat)
  case video(VideoFormat)

  public var fileExtension: String {
    switch self {
    case .still(let format): format.fileExtension
    case .animated(let format): format.fileExtension
    case .video(let format): format.rawValue
    }
  }

  public var mimeType: String {
    switch self {
    case .still(let format): format.mimeType
    case .animated(let format): format.mimeType
    case .video(let format): format.mimeType
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
  /// For a video (`video` the format proposed), `.mp4` and `.webm` write the captioned video,
  /// `.gif` and `.webp` the clip as an animation, and a name without a known extension gets the
  /// proposed one.
  public static func destination(for chosen: URL, animation: AnimationFormat?, video: VideoFormat? = nil) -> (
    url: URL, format: ShareFormat
  ) {
    if let still = ImageFormat(fileExtension: chosen.pathExtension) { return (chosen, .still(still)) }
    if let video = VideoFormat(fileExtension: chosen.pathExtension) { return (chosen, .video(video)) }
    if let video {
      if let named = Self.animation(of: chosen) { return (chosen, .animated(named)) }
      return (chosen.appendingPathExtension(video.rawValue), .video(video))
    }
    guard let animation else { return (chosen.appendingPathExtension("png"), .still(.png)) }
    if let named = Self.animation(of: chosen) { return (chosen, .animated(named)) }
    return (chosen.appendingPathExtension(animation.fileExtension), .animated(animation))
  }
}
