import DiskTestSupport
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkTestSupport
import Testing

/// Videos for the editor's tests, made by ffmpeg (the independent reference), and what ffprobe reads
/// in the files MemeMe writes.
enum VideoClips {
  /// The colours of `colourBands`' three seconds, in order.
  static let bands = ["red", "lime", "blue"]

  /// A 320 × 240, 30 fps H.264 clip with AAC sound: one second red, one lime, one blue (90 frames).
  static func colourBands() throws -> URL {
    let url = ScratchFolder.unique("bands").appendingPathExtension("mp4")
    let inputs = bands.flatMap { ["-f", "lavfi", "-i", "color=c=\($0):s=320x240:r=30:d=1"] }
    try ffmpeg(
      inputs + [
        "-f", "lavfi", "-i", "sine=f=440:d=3", "-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]",
        "-map", "[v]", "-map", "3:a", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-shortest", url.path,
      ])
    return url
  }

  static func ffmpeg(_ arguments: [String]) throws {
    let run = try ChildProcess.run(
      "/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments, limit: 120)
    try #require(run.status == 0, "ffmpeg: \(run.errors)")
  }

  /// `ffprobe`'s `entries` of the first stream of `kind` ("v", "a") of `url`, one value a line.
  static func probe(_ url: URL, stream kind: String, entries: String, countingFrames: Bool = false) throws
    -> [String]
  {
    let run = try ChildProcess.run(
      "/usr/bin/ffprobe",
      ["-v", "error"] + (countingFrames ? ["-count_frames"] : []) + [
        "-select_streams", "\(kind):0", "-show_entries", "stream=\(entries)", "-of", "default=nw=1:nk=1",
        url.path,
      ])
    try #require(run.status == 0, "ffprobe: \(run.errors)")
    return run.output.split(separator: "\n").map(String.init)
  }
}
