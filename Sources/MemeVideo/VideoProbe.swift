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

  /// How long the video at `url` lasts, as its container's header says (nothing is decoded: cheap
  /// enough for a list of videos); nil when it does not say or cannot be read.
  public static func duration(of url: URL) -> Double? {
    let seconds = meme_video_duration(url.path)
    return seconds > 0 ? seconds : nil
  }
}
