// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `mememe render` to MP4 and WebM, read back by ffprobe and ffmpeg: frames, sound, pixels and
/// metadata against the source clip, which ffmpeg makes.
@Suite(.serialized) struct VideoRenderTests {
  /// The issue's clip: 10 s of testsrc2 at 1280 × 720, 30 frames a second, a 440 Hz tone in AAC,
  /// and a phone's location atom (©xyz). Made once for the suite.
  static let clip: URL = {
    let url = clips.appendingPathComponent("in.mp4")
    try! FFmpegTools.clip(url, metadata: ["location=+48.8584+002.2945/"])
    return url
  }()

  /// A short, small clip for the tests of options: 4 s at 320 × 240.
  static let shortClip: URL = {
    let url = clips.appendingPathComponent("short.mp4")
    try! FFmpegTools.clip(url, size: "320x240", seconds: 4)
    return url
  }()

  static let clips: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-video-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  static func output(_ name: String) -> URL { clips.appendingPathComponent(name) }

  /// A folder of its own in `clips` for another suite's outputs, so that what a suite running
  /// beside this one is writing is not taken for what a failed render left behind here.
  static func folder(_ name: String) -> URL {
    let url = clips.appendingPathComponent(name, isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func render(_ input: URL, to output: URL, _ options: [String]) throws -> CommandLineRunner.Result {
    let result = try CommandLineRunner.run(["render", input.path, "-o", output.path] + options, timeout: 240)
    #expect(result.status == 0, "\(result.standardError)")
    return result
  }

  @Test func aCaptionedMP4KeepsTheFramesTheSoundAndThePictureButNotTheLocation() throws {
    let output = Self.output("meme.mp4")
    _ = try Self.render(Self.clip, to: output, ["--top", "TOP TEXT", "--bottom", "BOTTOM TEXT"])
    #expect(try FFmpegTools.frameCount(of: output) == FFmpegTools.frameCount(of: Self.clip))
    #expect(try FFmpegTools.streamValue("codec_name", of: output, stream: "v") == "h264")
    #expect(try FFmpegTools.streamValue("width,height", of: output, stream: "v") == "1280,720")
    // The sound is the source's, packet for packet (its priming packet included).
    #expect(try FFmpegTools.audioPacketsMD5(of: output) == FFmpegTools.audioPacketsMD5(of: Self.clip))
    // No location; the description (the meme's text) as description and comment.
    let tags = try FFmpegTools.formatTags(of: output)
    #expect(try FFmpegTools.formatTags(of: Self.clip)["location"] != nil, "the clip carries a location")
    #expect(!tags.keys.contains { $0.hasPrefix("location") }, "\(tags)")
    #expect(tags["description"] == "TOP TEXT\nBOTTOM TEXT", "\(tags)")
    #expect(tags["comment"] == "TOP TEXT\nBOTTOM TEXT", "\(tags)")
    // faststart: the index before the media data, so that a chat preview plays while loading.
    let bytes = try Data(contentsOf: output)
    let moov = try #require(bytes.range(of: Data("moov".utf8)))
    let mdat = try #require(bytes.range(of: Data("mdat".utf8)))
    #expect(moov.lowerBound < mdat.lowerBound)
    // Between the captions' bands the picture is the source's, up to H.264 at CRF 23.
    let bands = try Self.captionRows(top: "TOP TEXT", bottom: "BOTTOM TEXT", width: 1280, height: 720)
    let middle = bands.top.upperBound..<bands.bottom.lowerBound
    try #require(middle.count > 200, "\(bands)")
    #expect(try FFmpegTools.psnr(output, Self.clip, rows: middle, width: 1280) >= 40)
    // In the captions' bands, frame 150 is the still meme of the source's frame 150.
    let sourceFrame = Self.output("frame150.png")
    let still = Self.output("still150.png")
    try FFmpegTools.frame(150, of: Self.clip, to: sourceFrame)
    _ = try Self.render(sourceFrame, to: still, ["--top", "TOP TEXT", "--bottom", "BOTTOM TEXT"])
    for band in [bands.top, bands.bottom] {
      #expect(
        try FFmpegTools.psnr(frame: 150, of: output, against: still, rows: band, width: 1280) >= 35, "\(band)"
      )
    }
    // The measure is real: the bands of the source's frame, without captions, are far from them.
    #expect(
      try FFmpegTools.psnr(frame: 150, of: Self.clip, against: still, rows: bands.top, width: 1280) < 25)
  }

  @Test func trimAndSpeedKeepTheFramesComputedAndEncodeTheSoundAgain() throws {
    let output = Self.output("trimmed.mp4")
    _ = try Self.render(Self.shortClip, to: output, ["--top", "FAST", "--trim", "1,3", "--speed", "2", "-v"])
    // 1 s to 3 s of a 30-frame-a-second clip: 60 frames, played in 1 s.
    #expect(try FFmpegTools.frameCount(of: output) == 60)
    let duration = try #require(Double(FFmpegTools.streamValue("duration", of: output, stream: "v")))
    #expect(abs(duration - 1.0) < 0.05, "\(duration)")
    // The sound is the trimmed part, at the speed (its pitch kept): about 1 s, not the source's packets.
    let sound = try #require(Double(FFmpegTools.streamValue("duration", of: output, stream: "a")))
    #expect(abs(sound - 1.0) < 0.1, "\(sound)")
    #expect(try FFmpegTools.audioPacketsMD5(of: output) != FFmpegTools.audioPacketsMD5(of: Self.shortClip))
    // The first frame kept is the source's frame 30 (testsrc2 prints the frame number on it).
    let first = Self.output("trimmed0.png")
    let source30 = Self.output("short30.png")
    try FFmpegTools.frame(0, of: output, to: first)
    try FFmpegTools.frame(30, of: Self.shortClip, to: source30)
    let rows = 60..<180
    #expect(try FFmpegTools.psnr(frame: 0, of: output, against: source30, rows: rows, width: 320) > 35)
    #expect(
      try FFmpegTools.psnr(frame: 0, of: Self.shortClip, against: source30, rows: rows, width: 320) < 35)
  }

  @Test func webMIsVP9AndOpusWithEveryFrame() throws {
    let output = Self.output("meme.webm")
    _ = try Self.render(Self.shortClip, to: output, ["--top", "WEBM"])
    #expect(try FFmpegTools.streamValue("codec_name", of: output, stream: "v") == "vp9")
    #expect(try FFmpegTools.streamValue("codec_name", of: output, stream: "a") == "opus")
    #expect(try FFmpegTools.frameCount(of: output) == 120)
    #expect(try FFmpegTools.formatTags(of: output)["description"] == "WEBM")
  }

  @Test func muteLeavesTheSoundOut() throws {
    let output = Self.output("muted.mp4")
    _ = try Self.render(Self.shortClip, to: output, ["--bottom", "SHH", "--mute"])
    #expect(try FFmpegTools.streamValue("codec_name", of: output, stream: "a").isEmpty)
    #expect(try FFmpegTools.frameCount(of: output) == 120)
  }

  @Test func anOddSizeIsPaddedByOnePixelNotScaled() throws {
    let input = Self.output("odd.mp4")
    try FFmpegTools.clip(input, size: "321x241", seconds: 1, sound: false, chroma: "yuv444p")
    try #require(try FFmpegTools.streamValue("width,height", of: input, stream: "v") == "321,241")
    let output = Self.output("odd-meme.mp4")
    _ = try Self.render(input, to: output, ["--bottom", "ODD"])
    #expect(try FFmpegTools.streamValue("width,height", of: output, stream: "v") == "322,242")
    // The picture is where it was, not scaled: its rows above the caption match the source's in
    // place far better than moved by one pixel (4:4:4 made 4:2:0 keeps the match short of exact).
    let source = Self.output("odd0.png")
    try FFmpegTools.frame(0, of: input, to: source)
    let padded = Self.output("odd0-padded.png")
    let moved = Self.output("odd0-moved.png")
    try FFmpegTools.run("ffmpeg", ["-y", "-i", source.path, "-vf", "pad=322:242", padded.path])
    try FFmpegTools.run(
      "ffmpeg", ["-y", "-i", source.path, "-vf", "crop=320:241:1:0,pad=322:242", moved.path])
    let inPlace = try FFmpegTools.psnr(frame: 0, of: output, against: padded, rows: 0..<120, width: 320)
    let movedByOne = try FFmpegTools.psnr(frame: 0, of: output, against: moved, rows: 0..<120, width: 320)
    #expect(inPlace > 25 && inPlace > movedByOne + 3, "\(inPlace) dB in place, \(movedByOne) dB moved")
  }

  @Test(arguments: ["truncated", "noise", "text", "sound only"])
  func aBadVideoGivesOneLineQuickly(_ kind: String) throws {
    let input = Self.output("bad-\(kind.replacingOccurrences(of: " ", with: "-")).mp4")
    switch kind {
    case "truncated": try Data(try Data(contentsOf: Self.clip).prefix(40_000)).write(to: input)
    case "noise":
      try Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) }).write(to: input)
    case "text": try Data("this is not a video\n".utf8).write(to: input)
    default:
      try FFmpegTools.run(
        "ffmpeg", ["-y", "-f", "lavfi", "-i", "sine=d=1", "-c:a", "aac", input.path])
    }
    let output = Self.output("bad.mp4")
    let result = try CommandLineRunner.run(
      ["render", input.path, "-o", output.path, "--top", "X"], timeout: 60)
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(result.standardError.contains(input.path), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
    // Nothing is left behind in the output's folder but the inputs.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: Self.clips.path).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  @Test func aVideoOverTheDurationLimitIsRefused() throws {
    let input = Self.output("long.mp4")
    try FFmpegTools.run(
      "ffmpeg",
      [
        "-y", "-f", "lavfi", "-i", "color=s=16x16:r=1:d=601", "-c:v", "libx264", "-preset", "ultrafast",
        input.path,
      ])
    let result = try CommandLineRunner.run(
      ["render", input.path, "-o", Self.output("long-meme.mp4").path, "--top", "X"], timeout: 60)
    #expect(result.status != 0)
    #expect(result.standardError.contains("lasts 601 s, over the limit of 600 s"), "\(result.standardError)")
  }

  @Test func aSizeLimitIsMetWithinTenPercent() throws {
    // A minute, as the issue's long clip, at 640 × 360 to keep the test short; 2 MB holds a third
    // of it at the constant quality.
    let input = Self.output("minute.mp4")
    try FFmpegTools.clip(input, size: "640x360", seconds: 60)
    let output = Self.output("limited.mp4")
    _ = try Self.render(input, to: output, ["--top", "SMALL", "--max-bytes", "2M"])
    let bytes = try #require(try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int)
    #expect((1_800_000...2_000_000).contains(bytes), "\(bytes) bytes")
    #expect(try FFmpegTools.frameCount(of: output) == 1800)
    // The sound is still the source's, packet for packet.
    #expect(try FFmpegTools.audioPacketsMD5(of: output) == FFmpegTools.audioPacketsMD5(of: input))
  }

  @Test func aLimitNoBitrateMeetsIsOneLine() throws {
    let output = Self.output("impossible.mp4")
    let result = try CommandLineRunner.run(
      ["render", Self.shortClip.path, "-o", output.path, "--top", "X", "--max-bytes", "5K"], timeout: 120)
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(result.standardError.contains("over the limit"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func hiddenAreasAndStickersAreDrawnOnEveryFrame() throws {
    let output = Self.output("layers.mp4")
    _ = try Self.render(
      Self.shortClip, to: output,
      ["--hide", "0,0,100,60", "--sticker", "emoji:😎", "--box", "0.6,0.6,0.3,0.3", "--trim", "0,1"])
    #expect(try FFmpegTools.frameCount(of: output) == 30)
    let source = Self.output("short20.png")
    try FFmpegTools.frame(20, of: Self.shortClip, to: source)
    // The hidden corner is pixelated away from the source's; the rows below it are the source's.
    #expect(try FFmpegTools.psnr(frame: 20, of: output, against: source, rows: 0..<60, width: 100) < 30)
    #expect(try FFmpegTools.psnr(frame: 20, of: output, against: source, rows: 80..<140, width: 100) > 35)
  }

  @Test(arguments: [("mp4", "MP4 needs x264enc"), ("webm", "WebM needs vp9enc")])
  func aMissingEncoderIsNamedInOneLine(format: String, message: String) throws {
    // GStreamer with no plugins at all: its registry made anew from an empty folder.
    let noPlugins = Self.output("no-plugins")
    try FileManager.default.createDirectory(at: noPlugins, withIntermediateDirectories: true)
    let output = Self.output("unencoded.\(format)")
    let result = try CommandLineRunner.run(
      ["render", Self.shortClip.path, "-o", output.path, "--top", "X"],
      environment: [
        "GST_PLUGIN_SYSTEM_PATH_1_0": noPlugins.path, "GST_PLUGIN_PATH_1_0": noPlugins.path,
        "GST_REGISTRY_1_0": Self.output("registry-\(format).bin").path,
      ])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains("installs"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// The rows the captions cover on a picture of `width` × `height`: mememe's meme of a transparent
  /// picture, whose only opaque pixels are the captions'.
  static func captionRows(top: String, bottom: String, width: Int, height: Int) throws -> (
    top: Range<Int>, bottom: Range<Int>
  ) {
    let transparent = output("transparent.png")
    let captions = output("captions.png")
    try FFmpegTools.run(
      "ffmpeg",
      [
        "-y", "-f", "lavfi", "-i", "color=black@0:s=\(width)x\(height),format=rgba", "-frames:v", "1",
        transparent.path,
      ])
    _ = try render(transparent, to: captions, ["--top", top, "--bottom", bottom])
    let rows = try drawnRows(of: captions, width: width, height: height)
    let first = try #require(rows.first)
    let gap = try #require(zip(rows, rows.dropFirst()).first { $1 > $0 + 1 })
    let last = try #require(rows.last)
    return (first..<(gap.0 + 1), gap.1..<(last + 1))
  }

  /// The rows of the PNG at `url` with a pixel that is not transparent, read by ImageMagick.
  static func drawnRows(of url: URL, width: Int, height: Int) throws -> [Int] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    process.arguments = [url.path, "-alpha", "extract", "-depth", "8", "gray:-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let bytes = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    try #require(bytes.count == width * height)
    return (0..<height).filter { row in bytes[row * width..<(row + 1) * width].contains { $0 > 0 } }
  }
}
