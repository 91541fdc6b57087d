// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// A sent animation shared again through the export plan, as Meme Detail does: its first frame as
/// a still file, and the animation itself, both under the size limit.
@Suite struct SentFileExportTests {
  private static func sentAnimation() throws -> URL {
    try AnimationSamples.write(AnimationSamples.noise(width: 240, height: 180))
  }

  private static func written(_ bytes: [UInt8], as fileExtension: String) throws -> URL {
    let url = ScratchFolder.unique("sent-file").appendingPathExtension(fileExtension)
    try Data(bytes).write(to: url)
    return url
  }

  /// Without a limit the first frame is written as asked; with one, a PNG too large becomes the
  /// largest JPEG that fits, of the first frame only, as Pillow reads it.
  @Test func theFirstFrameKeepsToTheLimit() throws {
    let sent = try Self.sentAnimation()
    let plain = try ExportPlan(description: "sent").still(ofSentFileAt: sent, as: .png)
    #expect(plain.fit == nil)
    let png = try AnimationReferences.readByPillow(try Self.written(plain.bytes, as: "png"))
    #expect(png.frames.count == 1)
    #expect(png.frames.first.map { ($0.width, $0.height) } ?? (0, 0) == (240, 180))

    let limit = plain.bytes.count / 4
    let fitted = try ExportPlan(sizeLimit: limit, description: "sent").still(ofSentFileAt: sent, as: .png)
    let fit = try #require(fitted.fit)
    #expect(fitted.bytes.count <= limit)
    #expect(fit.byteCount == fitted.bytes.count)
    #expect(fit.formatChanged)
    #expect(Array(fitted.bytes.prefix(2)) == [0xFF, 0xD8])
    let jpeg = try AnimationReferences.readByPillow(try Self.written(fitted.bytes, as: "jpg"))
    #expect(jpeg.frames.count == 1)
    #expect(jpeg.frames.first?.width == fit.width)
  }

  /// A limit not even the smallest JPEG of the first frame meets fails, as for any still share.
  @Test func anImpossibleLimitFails() throws {
    let sent = try Self.sentAnimation()
    #expect {
      try ExportPlan(sizeLimit: 200, description: "sent").still(ofSentFileAt: sent, as: .jpeg(quality: 90))
    } throws: { ($0 as? ImageError)?.kind == .overSizeLimit }
  }

  /// The animation in its own kind within the limit is the sent file, byte for byte; over it, every
  /// frame and delay is written again, smaller, within it.
  @Test func theAnimationIsTheSentFileOrFitsTheLimit() throws {
    let sent = try Self.sentAnimation()
    let sentBytes = try Data(contentsOf: sent)
    let copy = ScratchFolder.unique("sent-copy").appendingPathExtension("gif")
    let kept = try ExportPlan(sizeLimit: sentBytes.count, description: "sent").animation(
      ofSentFileAt: sent, as: .gif, to: copy)
    #expect(kept == nil)
    #expect(try Data(contentsOf: copy) == sentBytes)

    let limit = sentBytes.count / 2
    let smaller = ScratchFolder.unique("sent-smaller").appendingPathExtension("gif")
    let fit = try #require(
      try ExportPlan(sizeLimit: limit, description: "sent").animation(
        ofSentFileAt: sent, as: .gif, to: smaller))
    let size = try #require(
      (try FileManager.default.attributesOfItem(atPath: smaller.path)[.size] as? NSNumber)?.intValue)
    #expect(size <= limit && size == fit.byteCount)
    let reading = try AnimationReferences.readByPillow(smaller)
    #expect(reading.frames.count == AnimationSamples.delays.count)
    #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
  }
}
