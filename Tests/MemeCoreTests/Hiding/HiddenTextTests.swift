import DiskTestSupport
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// Hidden text cannot be read back: an e-mail address written on a photo at 14 and 40 pixels, hidden
/// at the default strength by each method, is read by Tesseract (a reader that is not MemeMe) from
/// the file written, enlarged three times to give it every chance. Without hiding, the same reading
/// finds the words, which shows the check can fail.
@Suite(
  .enabled(if: AnimationReferences.imageMagickAvailable || RequiredTools.areRequired, "needs ImageMagick"))
final class HiddenTextTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  static let address = "alice@example.org"

  /// A pale photo with the address written on it at `size` pixels by ImageMagick, and where the
  /// address's ink lies (found from the pixels it changed), grown by a few pixels.
  func photoWithAddress(size: Int) throws -> (url: URL, ink: RelativeRect) {
    let plain = folder.appendingPathComponent("plain-\(size).png")
    let written = folder.appendingPathComponent("address-\(size).png")
    _ = try JPEGTools.run(
      "convert",
      ["-size", "480x200", "-seed", "5", "plasma:", "-fill", "white", "-colorize", "75%", plain.path])
    _ = try JPEGTools.run(
      "convert",
      [
        plain.path, "-font", "DejaVu-Sans", "-pointsize", "\(size)", "-fill", "black", "-annotate",
        "+24+\(60 + size)", Self.address, written.path,
      ])
    let before = PixelSamples(try ImageLoader().load(contentsOf: plain))
    let after = PixelSamples(try ImageLoader().load(contentsOf: written))
    var (x0, y0, x1, y1) = (Int.max, Int.max, 0, 0)
    for y in 0..<after.height {
      for x in 0..<after.width where before.color(x, y) != after.color(x, y) {
        (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
      }
    }
    try #require(x1 > x0, "ImageMagick wrote nothing")
    let margin = 3
    let (width, height) = (Double(after.width), Double(after.height))
    return (
      written,
      RelativeRect(
        x: Double(x0 - margin) / width, y: Double(y0 - margin) / height,
        width: Double(x1 - x0 + 2 * margin) / width, height: Double(y1 - y0 + 2 * margin) / height)
    )
  }

  /// What Tesseract reads in `input` with `layers` drawn on it, enlarged three times.
  func words(in input: URL, hiding layers: [MemeLayer], name: String) throws -> String {
    let meme = folder.appendingPathComponent("\(name).png")
    try MemeExporter.export(
      MemeCaptions(top: "", bottom: "", layers: layers), imageAt: input, to: .file(meme), as: .png)
    let enlarged = folder.appendingPathComponent("\(name)-large.png")
    _ = try JPEGTools.run("convert", [meme.path, "-filter", "Lanczos", "-resize", "300%", enlarged.path])
    return try TextRecognition.words(inImageAt: enlarged.path)
  }

  @Test(arguments: [14, 40])
  func theAddressIsReadWithoutHidingAndNotWithAnyMethod(size: Int) throws {
    let (input, ink) = try photoWithAddress(size: size)
    let shown = try words(in: input, hiding: [], name: "shown-\(size)")
    #expect(shown.contains("alice") && shown.contains("example"), "Tesseract read \"\(shown)\" unhidden")
    let methods: [HidingMethod] = [.pixelate, .blur, .solid(.black)]
    for method in methods {
      let read = try words(
        in: input, hiding: [.hidden(HiddenArea(frame: ink, method: method))], name: "\(method.name)-\(size)")
      #expect(
        !read.contains("alice") && !read.contains("example"), "\(method.name): Tesseract read \"\(read)\"")
    }
  }
}
