// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// GIF frames quantised on worker threads, a few at once, make the very file the calling thread
/// alone makes: each frame's palette and indices depend on that frame only, and frames are written
/// in order.
@Suite struct GIFWorkerTests {
  /// Frames with more colours than a palette holds (a ramp and a moving square, captioned), so
  /// every frame is quantised and dithered, not copied.
  static func frames() throws -> [RasterImage] {
    let source = try AnimationSamples.write(GIFFrameRectangleTests.rampWithAMovingSquare(frames: 6))
    let prepared = PreparedCaptions(
      MemeCaptions(top: "workers", bottom: "same bytes"), imageWidth: 160, imageHeight: 120)
    return try AnimationSamples.frames(of: source).map { frame in
      prepared.draw(onto: frame)
      return frame
    }
  }

  static func encoded(_ frames: [RasterImage], workers: Int, transparent: Bool) throws -> [UInt8] {
    let encoder = try AnimationEncoder(
      format: .gif, width: 160, height: 120, playCount: 0, transparent: transparent, gifWorkers: workers,
      name: "frames")
    var bytes = ArraySink()
    for (index, frame) in frames.enumerated() { try encoder.add(frame, delay: 40 + index * 10, to: &bytes) }
    try encoder.finish(to: &bytes)
    return bytes.bytes
  }

  @Test(arguments: [false, true]) func workersWriteTheSameFile(transparent: Bool) throws {
    let frames = try Self.frames()
    let alone = try Self.encoded(frames, workers: 0, transparent: transparent)
    #expect(alone.count > 1000)
    for workers in [1, 2, 4] {
      #expect(
        try Self.encoded(frames, workers: workers, transparent: transparent) == alone, "\(workers) workers")
    }
  }
}
