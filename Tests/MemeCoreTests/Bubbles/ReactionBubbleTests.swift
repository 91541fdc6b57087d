// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// A reaction bubble cut out of an animation is transparent on every frame, in what Pillow (a
/// decoder that is not MemeMe's) reads from the GIF and the WebP: the GIF's transparent index, the
/// WebP's alpha; the frames and their delays are the source's.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired, "needs Pillow"))
struct ReactionBubbleAnimationTests {
  static let delays = (0..<24).map { 20 + 10 * ($0 % 4) }

  /// 24 frames of noise (nothing transparent), with delays that differ.
  static func source() throws -> URL {
    var gif = AnimationSamples.noise(width: 200, height: 150, frames: delays.count)
    for index in gif.frames.indices { gif.frames[index].delay = delays[index] / 10 }
    return try AnimationSamples.write(gif)
  }

  @Test(arguments: [AnimationFormat.gif, .webp(lossless: false, quality: 80)])
  func everyFrameIsCutOut(_ format: AnimationFormat) throws {
    let bubble = SpeechBubble.reaction(transparent: true, flipped: true, size: 0.3)
    let output = ScratchFolder.unique("reaction").appendingPathExtension(format.fileExtension)
    try AnimationExporter.export(
      MemeCaptions(top: "", bottom: "", layers: [.bubble(bubble)]), imageAt: try Self.source(),
      to: .file(output),
      as: format)
    let read = try AnimationReferences.readByPillow(output)
    #expect(read.frames.count == Self.delays.count)
    #expect(read.delays == Self.delays)
    for (number, frame) in read.frames.enumerated() {
      // The bubble's middle, a third of its height down; the picture's bottom is untouched.
      #expect(frame.color(atX: 100, y: 15).alpha == 0, "frame \(number)'s bubble is not transparent")
      #expect(frame.color(atX: 100, y: 140).alpha == 1, "frame \(number)'s picture is not opaque")
    }
  }

  /// A JPEG has no transparency: the cut-out is white, on the block path too.
  @Test(.enabled(if: JPEGTools.shouldRun, "needs cjpeg (libjpeg-turbo-progs)"))
  func aJPEGFillsTheCutOutWhite() throws {
    let folder = ScratchFolder.unique("reaction-jpeg")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let photo = try JPEGTools.photo(width: 320, height: 240, options: [], in: folder)
    let captions = MemeCaptions(top: "", bottom: "", layers: [.bubble(.reaction(transparent: true))])
    let output = ScratchFolder.unique("reaction").appendingPathExtension("jpg")
    try MemeExporter.export(captions, imageAt: photo, to: .file(output), as: .jpeg(quality: 90))
    let meme = try ImageLoader().load(contentsOf: output)
    let white = meme.color(atX: 160, y: 10)
    #expect(white.red > 0.95 && white.green > 0.95 && white.blue > 0.95, "\(white)")
  }
}
