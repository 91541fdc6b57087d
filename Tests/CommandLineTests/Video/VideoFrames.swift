// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A video's frames as ffmpeg decodes them, small and grey, to tell frames apart and pair them up;
/// and their presentation times as ffprobe reads them.
struct VideoFrames {
  static let width = 160
  static let height = 120
  /// One grey byte a pixel, a frame after the other.
  let frames: [[UInt8]]

  /// Every frame of `url`, decoded by ffmpeg and scaled to `width` × `height` grey.
  init(of url: URL) throws {
    let raw = url.deletingPathExtension().appendingPathExtension("grey.raw")
    try FFmpegTools.run(
      "ffmpeg",
      [
        "-y", "-i", url.path, "-vf", "scale=\(Self.width):\(Self.height)", "-fps_mode", "passthrough",
        "-pix_fmt", "gray", "-f", "rawvideo", raw.path,
      ])
    let bytes = [UInt8](try Data(contentsOf: raw))
    let size = Self.width * Self.height
    frames = stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
  }

  var count: Int { frames.count }

  /// The mean absolute difference of two frames, 0 to 255.
  static func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var total = 0
    for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
    return Double(total) / Double(a.count)
  }

  /// The index of the frame of `self` closest to `frame`.
  func closest(to frame: [UInt8]) -> Int {
    frames.indices.min { Self.difference(frames[$0], frame) < Self.difference(frames[$1], frame) } ?? -1
  }

  /// The presentation times (seconds) of the video stream's frames of `url`, as ffprobe reads them.
  static func times(of url: URL) throws -> [Double] {
    try FFmpegTools.run(
      "ffprobe",
      ["-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", url.path]
    ).output.split(separator: "\n").compactMap {
      // A frame with side data prints more fields after its time.
      Double(($0.split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces))
    }
  }
}
