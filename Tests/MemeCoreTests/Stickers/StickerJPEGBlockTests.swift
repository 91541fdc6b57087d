// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import PictureFixtures
import Testing

/// A sticker on a JPEG photo written as JPEG: the block path keeps every 8×8 block outside the MCUs
/// the sticker's touched rectangle lies in, as the photo coded it. Checked with libjpeg-turbo's own
/// tools: the coefficients of the regions around those MCUs, cut out losslessly by `jpegtran -crop`
/// (which copies coefficients, and writes the same bytes for the same ones), and every block's
/// pixels as `djpeg` decodes them.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class StickerJPEGBlockTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  static let width = 512
  static let height = 384

  @Test(arguments: [0.0, 25.0]) func keepsEveryBlockOutsideTheStickersMCUs(angle: Double) throws {
    // 4:4:4: an MCU is one 8×8 block of each component, and decodes from its own blocks alone.
    let photo = try JPEGTools.photo(
      width: Self.width, height: Self.height, options: ["-sample", "1x1"], in: folder)
    let picture = PictureFixtures.Fixtures.picture(width: 96, height: 64, name: "sticker-on-jpeg.png")
    let sticker = StickerLayer(
      source: .picture(StickerPicture(path: picture.path)),
      frame: RelativeRect(x: 0.3, y: 0.35, width: 0.25, height: 0.2), angle: angle, opacity: 0.85)
    let meme = folder.appendingPathComponent("sticker-\(angle).jpg")
    let summary = try MemeExporter.export(
      MemeCaptions(top: "", bottom: "", layers: [.sticker(sticker)]), imageAt: photo, to: .file(meme),
      as: .jpeg(quality: 90))
    guard case .keptBlocks(let replaced, let total, _) = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    // The MCUs the touched rectangle lies in.
    let touched = sticker.touchedRect(pictureWidth: Self.width, pictureHeight: Self.height)
    let x0 = Int(touched.x.rounded(.down)) / 8 * 8
    let y0 = Int(touched.y.rounded(.down)) / 8 * 8
    let x1 = min(Self.width, (Int(touched.maxX.rounded(.up)) + 7) / 8 * 8)
    let y1 = min(Self.height, (Int(touched.maxY.rounded(.up)) + 7) / 8 * 8)
    #expect(replaced > 0 && replaced <= (x1 - x0) / 8 * ((y1 - y0) / 8), "\(replaced) of \(total) MCUs")

    // The coefficients around them are the photo's, and djpeg decodes every block outside them as
    // the photo's, and some inside differently.
    let kept = try JPEGTools.keptBlocks(
      of: meme, from: photo, width: Self.width, height: Self.height, outside: x0, y0, x1, y1)
    #expect(
      kept.regionsWithOtherCoefficients.isEmpty, "coefficients changed: \(kept.regionsWithOtherCoefficients)")
    let (strayBlocks, changedInside) = (kept.strayBlocks, kept.changedInside)
    #expect(strayBlocks.isEmpty, "blocks outside the sticker's MCUs changed: \(strayBlocks.prefix(5))")
    #expect(changedInside > 20, "the sticker was not drawn")
  }
}
