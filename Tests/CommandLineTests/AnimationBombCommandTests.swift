// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// Issue 48's hostile animations on the command line, each under a 2 GB address space (an
/// allocation past it fails instead of taking the machine's memory): each ends with success or one
/// line, never a signal, with a peak resident memory under 500 MB. Written as PNG or JPEG (the first
/// frame alone), each ends within five seconds of processor time.
@Suite(.hangGuard) struct AnimationBombCommandTests {
  static let addressSpace = 2 << 30
  static let peakBound = 500 << 20

  enum Bomb: String, CaseIterable, CustomTestStringConvertible {
    case twoThousandFrames, tenThousandFrames, gigapixelCanvas, sixteenMillionHigh, extensionFlood

    var bytes: [UInt8] {
      get throws {
        switch self {
        case .twoThousandFrames: WebPBuilder.animation(width: 999, height: 999, frames: 2_000)
        case .tenThousandFrames: WebPBuilder.animation(width: 999, height: 999, frames: 10_000)
        case .gigapixelCanvas: WebPBuilder.animation(width: 10_000, height: 10_000, frames: 21)
        case .sixteenMillionHigh: WebPBuilder.animation(width: 16, height: 16_777_215, frames: 2)
        case .extensionFlood: try GIFBuilder.extensionFlood(blocks: 2_000_000, side: 100)
        }
      }
    }

    var fileExtension: String { self == .extensionFlood ? "gif" : "webp" }
    /// Whether the limits refuse it (the others are within them, and are written).
    var isRefused: Bool { [.tenThousandFrames, .gigapixelCanvas, .sixteenMillionHigh].contains(self) }
    var testDescription: String { rawValue }
  }

  static func run(_ bomb: Bomb, to output: String) throws -> (MeasuredRun, Fixtures) {
    let fixtures = try Fixtures()
    let input = fixtures.path("bomb.\(bomb.fileExtension)")
    try Data(try bomb.bytes).write(to: URL(fileURLWithPath: input))
    let run = try MeasuredRun(
      ["render", input, "--top", "A", "-o", fixtures.path(output)], timeout: 300, addressSpace: addressSpace)
    return (run, fixtures)
  }

  static func checkEnding(_ run: MeasuredRun, _ bomb: Bomb, _ output: String, in fixtures: Fixtures) {
    #expect(run.status < 128, "\(bomb) to \(output): ended by signal \(run.status - 128)")
    let lines = run.standardError.split(separator: "\n")
    if bomb.isRefused {
      #expect(run.status == 1, "\(bomb) to \(output)")
      #expect(lines.count == 1, "\(bomb) to \(output): \(run.standardError.prefix(500))")
      #expect(!FileManager.default.fileExists(atPath: fixtures.path(output)))
    } else {
      #expect(run.status == 0, "\(bomb) to \(output): \(run.standardError.prefix(500))")
      #expect(!run.standardError.contains("CRITICAL"), "\(run.standardError.prefix(500))")
    }
    #expect(run.peakBytes < peakBound, "\(bomb) to \(output): \(run.peakBytes >> 20) MB")
    print(
      "\(bomb) to \(output): exit \(run.status), \(run.processorSeconds) s of processor time, "
        + "peak \(run.peakBytes >> 20) MB: \(run.standardError.split(separator: "\n").first ?? "")")
  }

  @Test(arguments: Bomb.allCases, ["out.png", "out.jpg"])
  func itsFirstFrameIsWrittenOrItIsRefusedQuickly(bomb: Bomb, output: String) throws {
    let (run, fixtures) = try Self.run(bomb, to: output)
    Self.checkEnding(run, bomb, output, in: fixtures)
    #expect(run.processorSeconds < 5, "\(bomb) to \(output): \(run.processorSeconds) s")
    if !bomb.isRefused {
      let picture = try ImageLoader().load(contentsOf: URL(fileURLWithPath: fixtures.path(output)))
      let expected = bomb == .extensionFlood ? (100, 100) : (999, 999)
      #expect((picture.width, picture.height) == expected)
    }
  }

  /// As an animation, the refused ones are refused in one line before a frame is decoded; the
  /// 2,000 frames and the flood are written whole (the 2,000 frames take minutes of processor time
  /// in a debug build, so this suite writes the flood and a tenth of them, which the same checks
  /// hold to the same bounds: the memory does not grow with the frames).
  @Test(arguments: Bomb.allCases.filter { $0 != .twoThousandFrames }, ["out.gif", "out.webp"])
  func asAnAnimationItIsRefusedOrWrittenInBoundedMemory(bomb: Bomb, output: String) throws {
    let (run, fixtures) = try Self.run(bomb, to: output)
    Self.checkEnding(run, bomb, output, in: fixtures)
    if !bomb.isRefused {
      let reader = try AnimationReader(contentsOf: URL(fileURLWithPath: fixtures.path(output)))
      #expect(reader.info.frameCount == 1)
    }
  }

  @Test(arguments: ["out.gif", "out.webp"])
  func twoHundredFramesOnTheSameCanvasAreWrittenInBoundedMemory(output: String) throws {
    let fixtures = try Fixtures()
    let input = fixtures.path("two-hundred.webp")
    try Data(WebPBuilder.animation(width: 999, height: 999, frames: 200)).write(
      to: URL(fileURLWithPath: input))
    let run = try MeasuredRun(
      ["render", input, "--top", "A", "-o", fixtures.path(output)], timeout: 300,
      addressSpace: Self.addressSpace)
    Self.checkEnding(run, .twoThousandFrames, output, in: fixtures)
    // Every frame is the same, which libwebp's encoder writes as one frame shown for all their
    // time: the time is what both formats keep.
    let reader = try AnimationReader(contentsOf: URL(fileURLWithPath: fixtures.path(output)))
    #expect((reader.info.width, reader.info.height) == (999, 999))
    var shown = 0
    while let delay = try reader.nextFrame() { shown += delay }
    #expect(shown == 200 * 100)
  }
}
