// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `mememe render` to GIF or WebP with --trim, --speed, --reverse and --loop, read back by Pillow;
/// the timing options an output cannot take are refused with one line and a non-zero exit.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimationTimingCommandTests {
  /// `AnimationSamples.colourSteps`: ten frames of 70 ms, step i shown from 70·i to 70·i + 70 ms,
  /// played for ever.
  static func animation(in fixtures: Fixtures) throws -> String {
    let path = fixtures.path("in.gif")
    try AnimationSamples.colourSteps().write(to: URL(fileURLWithPath: path))
    return path
  }

  /// From 100 to 450 ms, steps 1 (for its last 40 ms) to 6 (for its first 30), played backwards
  /// three times.
  @Test func aTrimmedAnimationPlaysBackwardsAsOftenAsAsked() throws {
    let fixtures = try Fixtures()
    let output = fixtures.path("out.gif")
    let result = try CommandLineRunner.run([
      "render", try Self.animation(in: fixtures), "--top", "back", "--trim", "0.1,0.45", "--reverse",
      "--loop", "3", "-o", output, "--verbose",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("80×60, 6 frames, played 3×"))
    let reading = try AnimationReferences.readByPillow(URL(fileURLWithPath: output))
    #expect(reading.frames.map(AnimationSamples.step(shownBy:)) == [6, 5, 4, 3, 2, 1])
    #expect(reading.delays == [30, 70, 70, 70, 70, 40])
    // A GIF's loop value counts the repeats after the first play.
    #expect(reading.loop == 2)
  }

  @Test func aFasterWebPLoopsForEver() throws {
    let fixtures = try Fixtures()
    let output = fixtures.path("out.webp")
    let input = fixtures.path("once.gif")
    try AnimationSamples.colourSteps(loopValue: nil).write(to: URL(fileURLWithPath: input))
    let result = try CommandLineRunner.run([
      "render", input, "--bottom", "fast", "--speed", "2", "--loop", "forever", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let reading = try AnimationReferences.readByPillow(URL(fileURLWithPath: output))
    #expect(reading.frames.map(AnimationSamples.step(shownBy:)) == Array(0..<10))
    #expect(reading.delays == Array(repeating: 35, count: 10))
    #expect(reading.loop == 0)
  }

  @Test func aTrimThatKeepsNoFrameWritesNothing() throws {
    let fixtures = try Fixtures()
    let output = fixtures.path("out.gif")
    let input = try Self.animation(in: fixtures)
    let result = try CommandLineRunner.run(["render", input, "--top", "x", "--trim", "5,6", "-o", output])
    #expect(result.status != 0)
    #expect(
      result.errorLines == [
        "mememe: \(input): the part from 5 to 6 seconds keeps no frame: the animation lasts 0.7 seconds"
      ])
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  static let stillRefusal =
    "--trim, --speed, --reverse, --loop and --mute apply to moving pictures: write .gif, .webp, .mp4 or .webm"
  static let videoRefusal = "--loop applies to GIF and WebP: an MP4 or WebM plays once, as players loop it"

  @Test(arguments: [
    (["-o", "out.gif", "--mute"], "--mute applies to videos: an animation has no sound"),
    (["-o", "out.webp", "--trim", "1", "--mute"], "--mute applies to videos: an animation has no sound"),
    (["-o", "out.png", "--trim", "0.1,0.2"], stillRefusal),
    (["-o", "out.jpg", "--speed", "2"], stillRefusal),
    (["-o", "out.png", "--reverse"], stillRefusal),
    (["-o", "out.png", "--loop", "2"], stillRefusal),
    (["-o", "out.mp4", "--loop", "2"], videoRefusal),
    (["-o", "out.webm", "--loop", "forever"], videoRefusal),
    (
      ["-o", "out.gif", "--loop", "0"],
      "--loop must be a number of plays from 1 to 65535, or forever, not '0'"
    ),
    (
      ["-o", "out.gif", "--loop", "always"],
      "--loop must be a number of plays from 1 to 65535, or forever, not 'always'"
    ),
    (["-o", "out.webp", "--speed", "5"], "--speed must be between 0.25 and 4.0, not 5.0"),
  ])
  func timingOptionsThatDoNotFitTheOutputAreRefused(options: [String], message: String) throws {
    let fixtures = try Fixtures()
    var arguments = ["render", try Self.animation(in: fixtures), "--top", "x"]
    for option in options { arguments.append(option.hasPrefix("out.") ? fixtures.path(option) : option) }
    let result = try CommandLineRunner.run(arguments)
    #expect(result.status != 0)
    #expect(result.errorLines == ["mememe: \(message)"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path) == ["in.gif"])
  }

  @Test func panelsAreNotTimed() throws {
    let fixtures = try Fixtures()
    let input = try Self.animation(in: fixtures)
    let result = try CommandLineRunner.run([
      "render", "--panels", "2x1", input, input, "--reverse", "-o", fixtures.path("out.gif"),
    ])
    #expect(result.status != 0)
    #expect(
      result.errorLines == [
        "mememe: --trim, --speed, --reverse, --loop and --mute time a single moving picture; they do not apply to --panels"
      ])
  }
}
