// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// A reaction GIF keeps every frame as the source coded it, read back by Pillow and ImageMagick
/// (decoders that are not MemeMe's): each pixel outside the cut-out is the source's exactly, each
/// inside is transparent, and the frames, delays and loop count are the source's; whatever the
/// source's structure (a full palette, frames of their own rectangles, disposals and interlacing).
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired, "needs Pillow"))
struct GIFCutOutTests {
  static let bubble = SpeechBubble.reaction(transparent: true, size: 0.4)

  /// The cut of `source`, and the still meme the engine draws on its first frame (whose alpha is
  /// the cut-out as drawn).
  func cut(_ source: GIFBuilder) throws -> (
    frames: AnimationReferences.PillowReading, input: URL, output: URL
  ) {
    let input = try AnimationSamples.write(source)
    let output = ScratchFolder.unique("cut").appendingPathExtension("gif")
    let summary = try AnimationExporter.export(
      MemeCaptions(top: "", bottom: "", layers: [.bubble(Self.bubble)]), imageAt: input, to: .file(output),
      as: .gif)
    #expect(summary.frameCount == source.frames.count)
    return (try AnimationReferences.readByPillow(output), input, output)
  }

  /// Checks every frame of the cut against the source's frame as ImageMagick composes both (as
  /// browsers do: disposal 2 clears to transparent), and the structure Pillow reads. Outside the
  /// cut-out every pixel is the source's, but for a frame whose palette is full: the pixels of one
  /// colour, the one it uses least, may take the nearest other colour.
  func expectCut(_ source: GIFBuilder) throws {
    let (cut, input, output) = try cut(source)
    let original = try AnimationReferences.readByPillow(input)
    #expect(cut.frames.count == original.frames.count)
    #expect(cut.delays == original.delays)
    #expect(cut.loop == original.loop)
    let blank = try #require(RasterImage(width: source.width, height: source.height, hasAlpha: false))
    blank.fill(with: .white)
    let still = try #require(
      MemeRenderer.rendered(MemeCaptions(top: "", bottom: "", layers: [.bubble(Self.bubble)]), image: blank))
    let (ours, theirs) = (
      try AnimationReferences.coalescedByImageMagick(output),
      try AnimationReferences.coalescedByImageMagick(input)
    )
    try #require(ours.count == theirs.count)
    var cutPixels = 0
    for (number, (frame, sourceFrame)) in zip(ours, theirs).enumerated() {
      var wrong = 0
      var givenUp: Set<RGBAColor> = []
      var changed = 0
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          let pixel = frame.color(atX: x, y: y)
          if still.color(atX: x, y: y).alpha < 0.5 {
            cutPixels += 1
            if pixel.alpha != 0 || cut.frames[number].color(atX: x, y: y).alpha != 0 { wrong += 1 }
          } else if pixel != sourceFrame.color(atX: x, y: y) {
            givenUp.insert(sourceFrame.color(atX: x, y: y))
            changed += 1
          }
        }
      }
      #expect(wrong == 0, "frame \(number): \(wrong) pixels of the cut-out are not transparent")
      #expect(givenUp.count <= 1, "frame \(number): pixels of \(givenUp.count) colours changed")
      #expect(changed <= frame.width * frame.height / 256, "frame \(number): \(changed) pixels changed")
    }
    #expect(cutPixels > source.width * source.height / 10 * cut.frames.count)
  }

  /// Every one of 256 colours in use in every frame: the least used one gives way to the
  /// transparent colour.
  @Test func aFullPaletteGivesUpItsLeastUsedColour() throws {
    try expectCut(AnimationSamples.noise(width: 120, height: 90, frames: 4))
  }

  @Test func framesOfTheirOwnRectanglesDisposalsInterlacingAndEdgesAreKept() throws {
    var gif = AnimationSamples.movingSquare()
    // A small frame in the middle (cleared after it is shown), an interlaced one restored after.
    gif.frames[2] = GIFBuilder.Frame(
      left: 40, top: 10, width: 60, height: 50, palette: gif.frames[2].palette, disposal: 2, delay: 12
    ) { x, y in UInt8((x / 7 + y / 5) % 6) }
    gif.frames[3].interlaced = true
    gif.frames[3].disposal = 3
    gif.frames[4].transparentIndex = 5
    // Reaching past the screen's right and bottom edges: only its part on the screen is shown.
    gif.frames[5] = GIFBuilder.Frame(
      left: 130, top: 90, width: 60, height: 50, palette: gif.frames[5].palette, delay: 40
    ) { x, y in UInt8((x + y) % 6) }
    try expectCut(gif)
  }
}
