// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// What a video may be before MemeMe refuses it: like a picture's limits, so that a hostile file
/// costs a bounded time and memory. Each is said in the one line that refuses it.
public struct VideoLimits: Sendable {
  /// The most pixels a frame may have: a picture's limit.
  public var maxPixels = ImageLoader.defaultMaxPixels
  /// The longest video, in seconds: ten minutes.
  public var maxDuration = 600.0
  /// The highest nominal frame rate.
  public var maxFrameRate = 240.0
  /// How long opening a video may take (finding its streams and decoding its first frame), and how
  /// long decoding one frame may take after that, in seconds.
  public var discoveryTime = 15.0
  public var frameTime = 15.0
  /// The most bytes of captioned frames a reversed video holds at once (`BackwardFrames`): a second
  /// of a 1080p video at 30 frames a second.
  public var reversingMemory = 256 << 20

  public init() {}

  /// Refuses `info` of the video at `path` when it is over a limit.
  func check(_ info: VideoInfo, path: String) throws(ImageError) {
    guard info.width > 0, info.height > 0 else {
      throw ImageError(path: path, kind: .corrupt, reason: localized("the video has no size"))
    }
    let over: String? =
      if info.width * info.height > maxPixels {
        String(
          format: localized("the video is %d × %d, over the limit of %@"), info.width, info.height,
          PixelCount.described(maxPixels))
      } else if let duration = info.duration, duration > maxDuration {
        String(
          format: localized("the video lasts %d s, over the limit of %d s"), Int(duration.rounded()),
          Int(maxDuration))
      } else if let rate = info.frameRate, rate > maxFrameRate {
        String(
          format: localized("the video has %d frames a second, over the limit of %d"), Int(rate.rounded()),
          Int(maxFrameRate))
      } else {
        nil
      }
    if let over { throw ImageError(path: path, kind: .tooLarge, reason: over) }
  }
}
