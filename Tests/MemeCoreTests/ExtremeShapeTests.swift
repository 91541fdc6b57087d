// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

/// Pictures at the edges of what is legal lay out and render; sizes beyond the limits are refused
/// with an `ImageError`, never a trap.
@Suite struct ExtremeShapeTests {
  @Test func saturatingConversionClampsInsteadOfTrapping() {
    #expect(Int32(saturating: 5e9) == .max)
    #expect(Int32(saturating: -5e9) == .min)
    #expect(Int32(saturating: .infinity) == .max)
    #expect(Int32(saturating: .nan) == 0)
    #expect(Int32(saturating: 3.9) == 3)
    #expect(Int32(saturating: -3.9) == -3)
    #expect(Int32(saturating: 2_147_483_647.5) == .max)
    // 2^63 is the first double above Int64.max; the one just below it converts exactly.
    #expect(Int64(saturating: 9_223_372_036_854_775_808.0) == .max)
    #expect(Int64(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
    #expect(UInt32(saturating: -1) == 0)
  }

  /// Values no input should produce, but which must not stop the program if they do.
  @Test func outOfRangeValuesDoNotTrap() throws {
    #expect(RGBAColor(red: .nan, green: 2, blue: -1).hexString == "#00ff00")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.png")
    // Taller than wide: the expected height of a picture Int.max wide is beyond Int.
    try ImageWriter.write(TestImages.grey(width: 20, height: 30), to: input, as: .png)
    let error = #expect(throws: ImageError.self) {
      try MemeExporter.export(
        MemeCaptions(top: "a", bottom: "b"), imageAt: input,
        to: .file(folder.appendingPathComponent("out.png")),
        as: .png, width: .max)
    }
    // Refused as too large for the pixel limit, or as a size no picture can have: either way, a message.
    #expect(error?.kind == .unsupported || error?.kind == .tooLarge)
  }

  /// The layouts of the largest legal pictures, without their pixels: every value finite, and a
  /// caption that is said to fit lies inside its band.
  @Test(arguments: [
    (1, 1), (1, 4000), (4000, 1), (20000, 20), (20, 20000), (9000, 9000), (32767, 3051), (3051, 32767),
    (32767, 1), (1, 32767),
  ])
  func layoutsOfExtremeSizesAreFinite(width: Int, height: Int) {
    let captions = MemeCaptions(top: "one does not simply", bottom: "lay out a banner 😂")
    let layout = MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      let ink = caption.inkRect
      let values = [caption.fontSize, ink.x, ink.y, ink.width, ink.height]
      #expect(values.allSatisfy { $0.isFinite }, "\(width)×\(height) \(position): \(values)")
      #expect(caption.fontSize > 0)
      if caption.fits { #expect(caption.band.contains(ink)) }
    }
  }

  /// At the limit a picture loads whole; one pixel over, it opens smaller (within the limit, its
  /// shape kept); beyond `ImageLoader.largestFittedMultiple` times the limit it is refused from the
  /// header.
  @Test(arguments: [ImageFormat.png, .jpeg(quality: 90)])
  func thePixelLimitItselfLoadsOnePixelMoreOpensSmallerAndFarMoreIsRefused(format: ImageFormat) throws {
    let bytes = try ImageWriter.encode(TestImages.grey(width: 300, height: 200), as: format)
    let image = try ImageLoader(maxPixels: 60000).load(data: bytes, name: "limit")
    #expect(image.width == 300 && image.height == 200)
    let smaller = try ImageLoader(maxPixels: 59999).load(data: bytes, name: "limit")
    // A JPEG comes out at libjpeg's DCT scale, in eighths of each side: 7/8 is 77 % of the pixels.
    #expect(smaller.width * smaller.height <= 59999 && smaller.width * smaller.height > 59999 * 3 / 4)
    let shape = Double(smaller.width) / Double(smaller.height)
    #expect(abs(shape - 1.5) < 0.02, "\(smaller.width)×\(smaller.height)")
    let tooFar = 60000 / (ImageLoader.largestFittedMultiple + 1)
    let error = #expect(throws: ImageError.self) {
      try ImageLoader(maxPixels: tooFar).load(data: bytes, name: "limit")
    }
    #expect(error?.kind == .tooLarge)
    #expect(
      error?.description.hasPrefix("limit: image is 300 × 200 pixels") == true, "\(String(describing: error))"
    )
  }

  /// On a picture one pixel high both bands round to its only row, so the captions, which are
  /// otherwise drawn on two cores at once, must be drawn one after the other: the same pixels every time.
  @Test func captionsSharingARowAreDrawnInTurn() {
    let captions = MemeCaptions(top: "top", bottom: "bottom")
    for (width, height, shared) in [(4000, 1, true), (20000, 20, false), (800, 600, false)] {
      let layout = MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
      let drawings = layout.drawings
      #expect(drawings.count == 2)
      #expect(
        drawings.shareRows(in: TestImages.grey(width: width, height: height)) == shared, "\(width)×\(height)")
    }
    let first = TestImages.grey(width: 4000, height: 1)
    MemeRenderer.render(captions, onto: first)
    for _ in 0..<10 {
      let again = TestImages.grey(width: 4000, height: 1)
      MemeRenderer.render(captions, onto: again)
      #expect((0..<4000).allSatisfy { again.color(atX: $0, y: 0) == first.color(atX: $0, y: 0) })
    }
  }
}
