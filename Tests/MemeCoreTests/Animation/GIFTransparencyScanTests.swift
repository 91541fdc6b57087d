// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// Whether a GIF can show a transparent pixel, as the reader finds it: from the structure alone when
/// only later frames have a transparent colour (an encoder's frame differences over an opaque first
/// frame), by decoding the first frame when it has one but paints every pixel, and by decoding on
/// when a frame is cleared. Each answer is checked against the frames ImageMagick composes.
@Suite(.enabled(if: AnimationReferences.imageMagickAvailable, "needs ImageMagick (imagemagick)"))
final class GIFTransparencyScanTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  /// Black, red, green, and a fourth colour that serves as the transparent one.
  static let palette: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 0, 9, 9, 9]

  /// A 12 × 8 GIF: a first frame over the whole screen (its transparent colour declared when
  /// `firstTransparent` is set, and used at its top left pixel when `firstUsesIt`), disposed of with
  /// `firstDisposal`, then three smaller frames whose corner pixels are transparent.
  func gif(firstTransparent: Bool, firstUsesIt: Bool = false, firstDisposal: Int = 1) throws -> URL {
    let first = GIFBuilder.Frame(
      width: 12, height: 8, palette: Self.palette, disposal: firstDisposal,
      transparentIndex: firstTransparent ? 3 : -1
    ) { x, y in firstUsesIt && x == 0 && y == 0 ? 3 : UInt8((x + y) % 3) }
    let later = (1...3).map { frame in
      GIFBuilder.Frame(left: frame, top: 2, width: 6, height: 4, palette: Self.palette, transparentIndex: 3) {
        x, y in x == 0 && y == 0 ? 3 : UInt8(frame % 3)
      }
    }
    let url = folder.appendingPathComponent("scan-\(firstTransparent)-\(firstUsesIt)-\(firstDisposal).gif")
    try GIFBuilder(width: 12, height: 8, frames: [first] + later).write(to: url)
    return url
  }

  /// Whether any frame ImageMagick composes (`-coalesce`) has a pixel that is not opaque.
  func magickFindsTransparency(in url: URL) throws -> Bool {
    try AnimationReferences.coalescedByImageMagick(url).contains { frame in
      frame.flush()
      return (0..<frame.height).contains { y in
        let row = UnsafeRawPointer(frame.pixels + y * frame.stride)
        return (0..<frame.width).contains { x in
          row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24 != 0xFF
        }
      }
    }
  }

  @Test func laterFramesTransparentColoursNeedNoDecoding() throws {
    let url = try gif(firstTransparent: false)
    let reader = try AnimationReader(contentsOf: url)
    #expect(!reader.info.mayHaveTransparency)
    #expect(reader.info.opaqueStaysOpaque)
    #expect(try !reader.hasTransparentPixels())
    #expect(try !magickFindsTransparency(in: url))
  }

  @Test func anOpaqueFirstFrameWithATransparentColourIsDecodedAndFoundOpaque() throws {
    let url = try gif(firstTransparent: true)
    let reader = try AnimationReader(contentsOf: url)
    #expect(reader.info.mayHaveTransparency)
    #expect(reader.info.opaqueStaysOpaque)
    #expect(try !reader.hasTransparentPixels())
    #expect(try !magickFindsTransparency(in: url))
  }

  @Test func aFirstFrameThatLeavesAPixelTransparentIsFound() throws {
    let url = try gif(firstTransparent: true, firstUsesIt: true)
    #expect(try AnimationReader(contentsOf: url).hasTransparentPixels())
    #expect(try magickFindsTransparency(in: url))
  }

  @Test func aClearedFrameIsFoundInTheFramesAfterIt() throws {
    // The first frame is opaque, then cleared: the next frame's smaller rectangle leaves the rest of
    // the screen transparent.
    let url = try gif(firstTransparent: false, firstDisposal: 2)
    let reader = try AnimationReader(contentsOf: url)
    #expect(reader.info.mayHaveTransparency)
    #expect(!reader.info.opaqueStaysOpaque)
    #expect(try reader.hasTransparentPixels())
    #expect(try magickFindsTransparency(in: url))
  }
}
