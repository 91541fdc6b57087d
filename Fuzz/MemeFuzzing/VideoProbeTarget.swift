// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

/// Any bytes as a video file: GStreamer's discovery (the container's probe, the demuxer and the
/// decoder of the first frames) behind MemeMe's limits and time budget. Each input gives a video
/// within the limits whose frames have its size, or one `ImageError`, never a crash or a hang.
enum VideoProbeTarget {
  /// Low enough that a forged size cannot exhaust the fuzzer's memory; the check against it is the
  /// same code as against the real limit.
  static let limits: VideoLimits = {
    var limits = VideoLimits()
    limits.maxPixels = 4_000_000
    limits.discoveryTime = 5
    limits.frameTime = 5
    return limits
  }()

  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    let file = ScratchFolder.url.appendingPathComponent("input.mp4")
    guard (try? Data(bytes).write(to: file)) != nil else { return }
    guard let (info, frames) = try? VideoProbe.firstFrames(of: file, count: 3, limits: limits) else { return }
    guard info.width > 0, info.height > 0, info.width * info.height <= limits.maxPixels else {
      throw FuzzFinding("a \(info.width)×\(info.height) video, beyond the limits")
    }
    if let duration = info.duration, duration > limits.maxDuration {
      throw FuzzFinding("a video of \(duration) s, beyond the limit")
    }
    for frame in frames {
      guard frame.width == info.width, frame.height == info.height else {
        throw FuzzFinding("a \(frame.width)×\(frame.height) frame of a \(info.width)×\(info.height) video")
      }
      // Every pixel must be readable: this touches the first and last row.
      _ = frame.color(atX: 0, y: 0)
      _ = frame.color(atX: info.width - 1, y: info.height - 1)
    }
  }
}
