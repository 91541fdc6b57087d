// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `mememe render` of a video clip to GIF and WebP, read back by Pillow and ffmpeg: the frames the
/// trim and speed keep, at most 30 a second, lasting what the clip lasts, and the pixels of the
/// MP4 render of the same meme; a clip over 15 s is refused with one line.
@Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct VideoAnimationRenderTests {
  static func output(_ name: String) -> URL {
    VideoRenderTests.folder("animation").appendingPathComponent(name)
  }

  @Test func aGIFOfATrimmedClipHasItsFramesAndPixels() throws {
    let options = ["--top", "GIF", "--trim", "1,3"]
    let gif = Self.output("trimmed.gif")
    let mp4 = Self.output("trimmed.mp4")
    _ = try VideoRenderTests.render(VideoRenderTests.shortClip, to: gif, options)
    _ = try VideoRenderTests.render(VideoRenderTests.shortClip, to: mp4, options)
    // 1 s to 3 s at 30 frames a second: 60 frames (under the rate's cap), 2 s in all.
    let reading = try AnimationReferences.readByPillow(gif)
    #expect(reading.frames.count == 60)
    #expect(abs(reading.delays.reduce(0, +) - 2000) <= 10, "\(reading.delays)")
    #expect(reading.delays.allSatisfy { (30...40).contains($0) }, "\(reading.delays)")
    #expect(reading.loop == 0, "a GIF of a video plays for ever")
    #expect(reading.frames.first.map { ($0.width, $0.height) } ?? (0, 0) == (320, 240))
    // Frame 10 of the GIF is frame 10 of the MP4 (a GIF's palette costs some dB), not frame 40.
    let still = Self.output("gif10.png")
    try FFmpegTools.run(
      "ffmpeg", ["-y", "-i", gif.path, "-vf", "select=eq(n\\,10)", "-frames:v", "1", still.path])
    let same = try FFmpegTools.psnr(frame: 10, of: mp4, against: still, rows: 0..<240, width: 320)
    let other = try FFmpegTools.psnr(frame: 40, of: mp4, against: still, rows: 0..<240, width: 320)
    #expect(same > 25 && same > other + 5, "\(same) dB against its frame, \(other) dB against another")
  }

  /// Twice as fast, 60 frames in a second: a WebP keeps 30 of them, each 1/30 s.
  @Test func aFastClipIsCappedAtThirtyFramesASecondAndReversed() throws {
    let options = ["--bottom", "FAST", "--trim", "0,2", "--speed", "2"]
    let (forward, reversed) = try VideoReverseTests.renderBothWays(
      VideoRenderTests.shortClip, as: "webp", options)
    let ahead = try AnimationReferences.readByPillow(forward)
    let back = try AnimationReferences.readByPillow(reversed)
    // 1 s of meme at most 30 frames a second.
    #expect(abs(ahead.frames.count - 30) <= 1, "\(ahead.frames.count) frames")
    #expect(abs(ahead.delays.reduce(0, +) - 1000) <= 5, "\(ahead.delays)")
    #expect(ahead.delays.allSatisfy { (33...34).contains($0) }, "\(ahead.delays)")
    #expect(back.frames.count == ahead.frames.count)
    #expect(abs(back.delays.reduce(0, +) - 1000) <= 5, "\(back.delays)")
    // Backwards, the first frame is closest to the forward one's last, and the last to its first:
    // within a frame, since the rate's cap keeps the first frame of each 1/30 s as played (source
    // frames 0, 2, 4… forwards; 59, 57, 55… backwards).
    let xs = 0..<320
    let ys = 0..<240
    let forwardFrames = ahead.frames.map(PixelSamples.init)
    func closest(to frame: RasterImage) -> Int {
      let samples = PixelSamples(frame)
      return forwardFrames.indices.max {
        samples.psnr(against: forwardFrames[$0], xs: xs, ys: ys)
          < samples.psnr(against: forwardFrames[$1], xs: xs, ys: ys)
      } ?? -1
    }
    #expect(closest(to: back.frames[0]) >= ahead.frames.count - 2)
    #expect(closest(to: back.frames[back.frames.count - 1]) <= 1)
    #expect(closest(to: back.frames[back.frames.count / 2]) != closest(to: back.frames[0]))
  }

  @Test func aClipOverFifteenSecondsIsRefused() throws {
    let output = Self.output("long.gif")
    let result = try CommandLineRunner.run(
      ["render", VideoRenderTests.shortClip.path, "--top", "SLOW", "--speed", "0.25", "-o", output.path],
      timeout: 120)
    #expect(result.status != 0)
    #expect(
      result.errorLines == [
        "mememe: \(VideoRenderTests.shortClip.path): the clip plays 16.0 s: a GIF or WebP of a video may last up to 15 s; trim it or speed it up"
      ])
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
