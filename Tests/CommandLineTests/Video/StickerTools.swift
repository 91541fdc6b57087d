// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// ImageMagick and FFmpeg as independent readers of a sticker: its size, its channels, its pixels.
enum StickerTools {
  /// Runs `/usr/bin/<tool> arguments` as given; its standard output, trimmed.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    try FFmpegTools.runAsGiven(tool, arguments).output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `identify -format '%w %h %[channels]'`: the width, the height and the channels ("srgba").
  static func identify(_ url: URL) throws -> (width: Int, height: Int, channels: String) {
    let fields = try run("identify", ["-format", "%w %h %[channels]", url.path + "[0]"]).split(separator: " ")
    return (Int(fields[0]) ?? 0, Int(fields[1]) ?? 0, fields.dropFirst(2).joined(separator: " "))
  }

  /// The alpha (0 to 255) of the pixel at `x`, `y` of the picture at `url`, as ImageMagick reads it.
  static func alpha(atX x: Int, y: Int, of url: URL) throws -> Int {
    Int(
      try run(
        "convert", [url.path + "[0]", "-alpha", "extract", "-format", "%[fx:int(255*p{\(x),\(y)})]", "info:"])
    )
      ?? -1
  }

  /// The first frame of the WebM at `url` decoded by libvpx (which reads the alpha stream; FFmpeg's
  /// own VP9 decoder leaves it out) to an RGBA PNG at `png`.
  static func firstFrameWithAlpha(of url: URL, to png: URL) throws {
    try run(
      "ffmpeg",
      [
        "-v", "error", "-nostdin", "-y", "-c:v", "libvpx-vp9", "-i", url.path, "-frames:v", "1", "-pix_fmt",
        "rgba", png.path,
      ])
  }

  /// One `ffprobe` entry of the first video stream ("stream=codec_name", "stream_tags=alpha_mode").
  static func probe(_ entry: String, of url: URL, stream: String = "v:0") throws -> String {
    try run(
      "ffprobe",
      ["-v", "error", "-select_streams", stream, "-show_entries", entry, "-of", "csv=p=0", url.path])
  }

  static func bytes(of url: URL) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? -1
  }
}
