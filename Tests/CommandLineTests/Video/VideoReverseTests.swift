// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `mememe render --reverse` of a video, against the same render forwards, both decoded by ffmpeg:
/// the same frames in the opposite order, each lasting what it lasted forwards, and no sound.
@Suite(.serialized) struct VideoReverseTests {
  static func output(_ name: String) -> URL {
    VideoRenderTests.folder("reverse").appendingPathComponent(name)
  }

  /// 4 s of testsrc2 at 1280 × 720, 30 frames a second, with sound: at that size the reversed
  /// render reads it in several stretches (`BackwardFrames` holds about 50 of its frames at once),
  /// so the stretches' joins are checked too.
  static let clip: URL = {
    let url = output("in.mp4")
    try! FFmpegTools.clip(url, seconds: 4)
    return url
  }()

  @Test func aReversedVideoHasTheForwardFramesLastFirstAndNoSound() throws {
    let options = ["--top", "BACKWARDS", "--trim", "0.5,3.5", "--speed", "1.5"]
    let (forward, reversed) = try Self.renderBothWays(Self.clip, as: "mp4", options)
    // 0.5 s to 3.5 s of a 30-frame-a-second clip: its frames 15 to 104.
    #expect(try FFmpegTools.frameCount(of: forward) == 90)
    #expect(try FFmpegTools.frameCount(of: reversed) == 90)
    #expect(!(try FFmpegTools.streamValue("codec_name", of: forward, stream: "a").isEmpty))
    #expect(try FFmpegTools.streamValue("codec_name", of: reversed, stream: "a").isEmpty, "no sound")
    let forwardLength = try #require(Double(FFmpegTools.streamValue("duration", of: forward, stream: "v")))
    let reversedLength = try #require(Double(FFmpegTools.streamValue("duration", of: reversed, stream: "v")))
    #expect(abs(forwardLength - 2) < 0.05 && abs(reversedLength - forwardLength) < 0.05)

    let ahead = try VideoFrames(of: forward)
    let back = try VideoFrames(of: reversed)
    try #require(ahead.count == 90 && back.count == 90)
    // Frame i backwards is frame 89 - i forwards: the closest of all, and close in itself.
    var misplaced: [Int] = []
    for index in 0..<back.count {
      let mirror = ahead.count - 1 - index
      if ahead.closest(to: back.frames[index]) != mirror
        || VideoFrames.difference(back.frames[index], ahead.frames[mirror]) > 3
      {
        misplaced.append(index)
      }
    }
    #expect(misplaced.isEmpty, "frames not the forward ones mirrored: \(misplaced)")
    // The measure tells frames apart: frame i of both differ, but at the middle.
    #expect(VideoFrames.difference(back.frames[0], ahead.frames[0]) > 3)
  }

  /// A clip of variable frame rate (frames dropped unevenly): reversed, each frame lasts what it
  /// lasted forwards, the gaps between frames mirrored.
  @Test func aVariableFrameRateIsKeptMirrored() throws {
    let input = Self.output("variable.mp4")
    try FFmpegTools.run(
      "ffmpeg",
      [
        "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=3", "-vf",
        "select='not(mod(n\\,3))+eq(mod(n\\,7)\\,1)',format=yuv420p", "-fps_mode", "vfr", "-c:v", "libx264",
        "-preset", "veryfast", input.path,
      ])
    let (forward, reversed) = try Self.renderBothWays(input, as: "mp4", ["--bottom", "VFR"])
    let ahead = try Self.gaps(VideoFrames.times(of: forward))
    let back = try Self.gaps(VideoFrames.times(of: reversed))
    try #require(ahead.count == back.count && ahead.count > 10, "\(ahead.count) and \(back.count) gaps")
    #expect(Set(ahead.map { Int(($0 * 1000).rounded()) }).count > 1, "the clip's rate varies: \(ahead)")
    // Gap j backwards is how long frame N-1-j lasted forwards: gap N-1-j forwards (the last frame's
    // own duration is no gap, so the first backwards gap is left out).
    let count = ahead.count + 1
    for index in 1..<back.count {
      #expect(abs(back[index] - ahead[count - 1 - index]) < 0.002, "gap \(index): \(back) against \(ahead)")
    }
  }

  /// 12 s of 1280 × 720: its 360 captioned frames would take 1.3 GB held at once; reversed, the
  /// render takes at most `VideoLimits.reversingMemory` (256 MB) and a little more than forwards.
  @Test func aLongVideoIsReversedInBoundedMemory() throws {
    let input = Self.output("long.mp4")
    try FFmpegTools.clip(input, seconds: 12, sound: false)
    let arguments = ["render", input.path, "--top", "MEMORY"]
    let forward = try MeasuredRun(arguments + ["-o", Self.output("long-forward.mp4").path], timeout: 300)
    let reversed = try MeasuredRun(
      arguments + ["--reverse", "-o", Self.output("long-reversed.mp4").path], timeout: 300)
    #expect(forward.status == 0 && reversed.status == 0, "\(forward.standardError) \(reversed.standardError)")
    #expect(try FFmpegTools.frameCount(of: Self.output("long-reversed.mp4")) == 360)
    let extra = reversed.peakBytes - forward.peakBytes
    print("reversing took \(extra >> 20) MB more than forwards (\(forward.peakBytes >> 20) MB)")
    #expect(extra < 320 << 20, "reversing took \(extra >> 20) MB more than forwards")
  }

  /// A reversed video's sticker is the first three seconds of the reversed meme: the clip's last
  /// three, backwards, which a sticker of them forwards shows in the opposite order.
  @Test func aReversedStickerIsTheLastSecondsBackwards() throws {
    let clip = VideoRenderTests.shortClip
    let forward = Self.output("sticker-forward.webm")
    let reversed = Self.output("sticker-reversed.webm")
    _ = try VideoRenderTests.render(clip, to: forward, ["--top", "REV", "--as-sticker", "--trim", "1,4"])
    _ = try VideoRenderTests.render(clip, to: reversed, ["--top", "REV", "--as-sticker", "--reverse"])
    let ahead = try VideoFrames(of: forward)
    let back = try VideoFrames(of: reversed)
    try #require(ahead.count == 90 && back.count == 90, "\(ahead.count) and \(back.count) frames")
    // A sticker's low bitrate blurs neighbours: within a frame of the mirror.
    for index in [0, 20, 45, 70, 89] {
      let found = ahead.closest(to: back.frames[index])
      #expect(abs(found - (89 - index)) <= 1, "frame \(index) backwards is \(found) forwards")
    }
  }

  /// `input` rendered as `fileExtension` with `options`, forwards and with --reverse: the two files.
  static func renderBothWays(_ input: URL, as fileExtension: String, _ options: [String]) throws -> (URL, URL)
  {
    let name = input.deletingPathExtension().lastPathComponent
    let forward = output("\(name)-forward.\(fileExtension)")
    let reversed = output("\(name)-reversed.\(fileExtension)")
    _ = try VideoRenderTests.render(input, to: forward, options)
    _ = try VideoRenderTests.render(input, to: reversed, options + ["--reverse"])
    return (forward, reversed)
  }

  /// The differences between successive times.
  static func gaps(_ times: [Double]) -> [Double] {
    zip(times.dropFirst(), times).map { $0 - $1 }
  }
}
