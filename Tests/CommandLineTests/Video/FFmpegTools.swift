// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// FFmpeg's tools, the independent reference for videos: they make the test clips and read what
/// MemeMe writes.
enum FFmpegTools {
  struct Failure: Error, CustomStringConvertible {
    let command: String
    let standardError: String
    var description: String { "\(command) failed: \(standardError)" }
  }

  /// Runs `/usr/bin/<tool> arguments`; its standard output and error.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> (output: String, error: String) {
    // ffmpeg says the PSNR at the info level, on standard error.
    try runAsGiven(
      tool, ["-v", tool == "ffmpeg" ? "info" : "error"] + (tool == "ffmpeg" ? ["-nostdin"] : []) + arguments)
  }

  /// Runs `/usr/bin/<tool> arguments` with no options added (ImageMagick's tools too).
  @discardableResult
  static func runAsGiven(_ tool: String, _ arguments: [String]) throws -> (output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both pipes read while it runs, so that a chatty tool cannot fill one and stall.
    let errorText = ThreadSafeData()
    let reader = DispatchGroup()
    DispatchQueue.global().async(group: reader) {
      errorText.set(error.fileHandleForReading.readDataToEndOfFile())
    }
    let outputText = output.fileHandleForReading.readDataToEndOfFile()
    reader.wait()
    process.waitUntilExit()
    let result = (
      String(decoding: outputText, as: UTF8.self), String(decoding: errorText.get(), as: UTF8.self)
    )
    guard process.terminationStatus == 0 else {
      throw Failure(command: "\(tool) \(arguments.joined(separator: " "))", standardError: result.1)
    }
    return result
  }

  /// `ffmpeg -f lavfi` test clip: testsrc2 at `size` and `rate` for `seconds`, with a 440 Hz tone in
  /// AAC unless `sound` is false, H.264 by libx264 (4:2:0, or `chroma`: 4:2:0 needs even sides);
  /// `metadata` as `-metadata` pairs.
  ///
  /// Its colours are BT.709's, and it says so. Left to itself, ffmpeg makes testsrc2's RGB into YUV
  /// with BT.601 and says nothing; GStreamer, like most players, reads an HD video that says nothing
  /// as BT.709, and testsrc2's saturated bars then lie outside BT.709's RGB, so that even the source
  /// frame's own round trip through RGB measures only 36 dB.
  static func clip(
    _ url: URL, size: String = "1280x720", rate: Int = 30, seconds: Double = 10, sound: Bool = true,
    metadata: [String] = [], chroma: String = "yuv420p"
  ) throws {
    var arguments = ["-y", "-f", "lavfi", "-i", "testsrc2=s=\(size):r=\(rate):d=\(seconds)"]
    if sound { arguments += ["-f", "lavfi", "-i", "sine=f=440:d=\(seconds)"] }
    arguments += [
      // testsrc2 draws even sizes only: the scale makes an odd one.
      "-vf",
      "scale=\(size.replacingOccurrences(of: "x", with: ":")):out_color_matrix=bt709:out_range=tv,format=\(chroma),setsar=1",
      "-colorspace", "bt709",
      "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv", "-c:v", "libx264", "-preset",
      "veryfast",
    ]
    if sound { arguments += ["-c:a", "aac"] }
    arguments += metadata.flatMap { ["-metadata", $0] } + [url.path]
    try run("ffmpeg", arguments)
  }

  /// `ffprobe -count_frames`: the frames decoded from the first stream of `kind` ("v" or "a").
  static func frameCount(of url: URL, stream kind: String = "v") throws -> Int {
    let text = try run(
      "ffprobe",
      [
        "-count_frames", "-select_streams", "\(kind):0", "-show_entries", "stream=nb_read_frames", "-of",
        "csv=p=0",
        url.path,
      ]
    ).output
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// One `ffprobe -show_entries` value of the first stream of `kind`, e.g. "codec_name".
  static func streamValue(_ key: String, of url: URL, stream kind: String) throws -> String {
    try run(
      "ffprobe",
      ["-select_streams", "\(kind):0", "-show_entries", "stream=\(key)", "-of", "csv=p=0", url.path]
    ).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The container's tags, `ffprobe -show_format`'s TAG: lines, lower-cased keys.
  static func formatTags(of url: URL) throws -> [String: String] {
    let text = try run("ffprobe", ["-show_entries", "format_tags", "-of", "json", url.path]).output
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let tags = (json?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    return Dictionary(uniqueKeysWithValues: tags.map { ($0.key.lowercased(), $0.value) })
  }

  /// The MD5 of every packet of the first sound stream, as `ffmpeg -map 0:a -c copy -f md5` gives it.
  static func audioPacketsMD5(of url: URL) throws -> String {
    try run("ffmpeg", ["-i", url.path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The PSNR (average of Y, U and V, in dB) of `a` against `b`, frame n against frame n, over the
  /// rows `rows` of both, as ffmpeg's psnr filter measures it.
  static func psnr(_ a: URL, _ b: URL, rows: Range<Int>, width: Int, rate: Int = 30) throws -> Double {
    let crop = "settb=AVTB,setpts=N/\(rate)/TB,crop=\(width):\(rows.count):0:\(rows.lowerBound)"
    let text = try run(
      "ffmpeg",
      ["-i", a.path, "-i", b.path, "-lavfi", "[0:v]\(crop)[a];[1:v]\(crop)[b];[a][b]psnr", "-f", "null", "-"]
    ).error
    return try averagePSNR(in: text)
  }

  /// Frame `index` of the video at `url` as a PNG, decoded by ffmpeg.
  static func frame(_ index: Int, of url: URL, to png: URL) throws {
    try run("ffmpeg", ["-y", "-i", url.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", png.path])
  }

  /// The PSNR (average of Y, U and V, in dB) of frame `index` of `video` against the picture `png`
  /// made 4:2:0 with BT.709's colours, over the rows `rows`.
  static func psnr(frame index: Int, of video: URL, against png: URL, rows: Range<Int>, width: Int) throws
    -> Double
  {
    let crop = "setpts=0,crop=\(width):\(rows.count):0:\(rows.lowerBound)"
    let text = try run(
      "ffmpeg",
      [
        "-i", video.path, "-i", png.path, "-lavfi",
        "[0:v]select=eq(n\\,\(index)),\(crop)[a];"
          + "[1:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,\(crop)[b];[a][b]psnr",
        "-f", "null", "-",
      ]
    ).error
    return try averagePSNR(in: text)
  }

  /// The average PSNR ffmpeg's psnr filter printed in `text`.
  static func averagePSNR(in text: String) throws -> Double {
    guard let range = text.range(of: #"average:([0-9.]+|inf)"#, options: .regularExpression) else {
      throw Failure(command: "psnr", standardError: text)
    }
    let value = text[range].dropFirst("average:".count)
    return value == "inf" ? .infinity : Double(value) ?? 0
  }
}
