// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// What a video file is, and its first frames, read within the limits: for a thumbnail, a
/// preview's first picture, or a check before anything else reads the file.
public enum VideoProbe {
  /// The video at `url` and up to `count` of its first frames (BGRA pictures of its size). One
  /// `ImageError` line when it is not a video that can be decoded, or is over a limit.
  public static func firstFrames(of url: URL, count: Int = 1, limits: VideoLimits = VideoLimits())
    throws(ImageError) -> (info: VideoInfo, frames: [RasterImage])
  {
    let source = try VideoSource(contentsOf: url, decodingAudio: false, limits: limits)
    try source.play(from: 0, to: nil)
    var frames: [RasterImage] = []
    while frames.count < count, let frame = try source.nextFrame() {
      frames.append(try frame.image())
    }
    return (source.info, frames)
  }

  /// The frames shown at `fractions` (0 to 1) of the video at `url`: the first frame starting at or
  /// after each time, 1 its last frame. One `ImageError` line when it is not a video that can be
  /// decoded, or is over a limit.
  public static func frames(of url: URL, atFractions fractions: [Double], limits: VideoLimits = VideoLimits())
    throws(ImageError) -> [RasterImage]
  {
    let source = try VideoSource(contentsOf: url, decodingAudio: false, limits: limits)
    let duration = source.info.duration ?? 0
    var frames: [RasterImage] = []
    for fraction in fractions {
      // The last frame starts before the end: the video's last tenth of a second holds it.
      let start = max(0, min(duration * fraction, duration - 0.1))
      try source.seek(from: VideoSource.nanoseconds(start), to: nil)
      if let frame = try source.nextFrame() { frames.append(try frame.image()) }
    }
    return frames
  }

  /// How long the video at `url` lasts, as its container's header says (nothing is decoded: cheap
  /// enough for a list of videos); nil when it does not say or cannot be read.
  public static func duration(of url: URL) -> Double? {
    let seconds = meme_video_duration(url.path)
    return seconds > 0 ? seconds : nil
  }
}
