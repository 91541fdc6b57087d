// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What ffprobe reads from a video file: an independent reading of what the recorder wrote.
struct ProbedVideo {
  struct Stream {
    let type: String
    let codec: String
    let width: Int?
    let height: Int?
    /// Frames (video) or packets (sound) decoded by ffprobe, counted rather than taken from the header.
    let count: Int
  }

  let container: String
  let duration: Double
  let streams: [Stream]
  /// What ffprobe complained of while reading every packet (empty for a valid file).
  let errors: String

  var video: Stream? { streams.first { $0.type == "video" } }
  var audio: Stream? { streams.first { $0.type == "audio" } }

  /// Runs ffprobe on `url`; nil when it cannot read the file at all.
  init?(_ url: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
    process.arguments = [
      "-v", "error", "-count_frames", "-count_packets", "-show_entries",
      "format=format_name,duration:stream=codec_type,codec_name,width,height,nb_read_frames,nb_read_packets",
      "-of", "json", url.path,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    self.errors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let format = json["format"] as? [String: Any],
      let duration = (format["duration"] as? String).flatMap(Double.init)
    else { return nil }
    container = format["format_name"] as? String ?? ""
    self.duration = duration
    streams = (json["streams"] as? [[String: Any]] ?? []).map { stream in
      let type = stream["codec_type"] as? String ?? ""
      let count = stream[type == "video" ? "nb_read_frames" : "nb_read_packets"] as? String
      return Stream(
        type: type, codec: stream["codec_name"] as? String ?? "", width: stream["width"] as? Int,
        height: stream["height"] as? Int, count: count.flatMap { Int($0) } ?? 0)
    }
  }
}
