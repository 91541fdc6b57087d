// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import PixelCompare
import Testing

@testable import MemeCore

/// The Band layout on a JPEG photo: the band is whole MCU rows, every block of the photo moves down
/// under it unchanged, and only the band's blocks are encoded. Checked with djpeg, not MemeMe's
/// decoder: every picture row of the meme is the photo's row, bit for bit.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
struct JPEGBandTests {
  typealias Case = JPEGBlockPathTests.Case

  static let kinds: [Case] = [
    Case(),  // 4:2:0, MCU rows of 16 pixels
    Case(options: ["-sample", "2x1"], verticalChroma: false),  // 4:2:2, of 8
    Case(options: ["-sample", "1x1"], verticalChroma: false),  // 4:4:4
    Case(options: ["-grayscale"], verticalChroma: false),
    Case(options: ["-sample", "2x2", "-progressive"]),
    Case(options: ["-sample", "2x2", "-restart", "1"]),
    Case(options: ["-sample", "2x2", "-optimize"]),
    Case(width: 1001, height: 749),
    Case(width: 1001, height: 768, orientation: 6),
  ]

  @Test(arguments: kinds) func everyPictureRowIsThePhotosBitForBit(_ kind: Case) throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let photo = try JPEGTools.photo(width: kind.width, height: kind.height, options: kind.options, in: folder)
    let source =
      kind.orientation == 1 ? photo : try JPEGTools.withOrientation(photo, kind.orientation, in: folder)
    var captions = kind.captions
    (captions.style, captions.layout) = (MemeLayoutKind.band.defaultStyle, .band)
    captions.top = "when every block of the photo moves down by whole MCU rows"
    // The top band alone: a bottom caption's band under the photo is encoded whole (see BandRows).
    captions.bottom = ""
    let meme = folder.appendingPathComponent("band.jpg")
    let summary = try MemeExporter.export(captions, imageAt: source, to: .file(meme), as: .jpeg(quality: 90))
    guard case .keptBlocks(let replaced, let total, let keptCode) = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    #expect(keptCode == kind.keepsCode)
    let upright = try JPEGTools.upright(photo, orientation: kind.orientation, in: folder)
    let reference = try JPEGTools.decode(upright)
    let frame = MemeLayout(captions: captions, imageWidth: reference.width, imageHeight: reference.height)
      .frame
    let band = frame.pictureY
    let (mcuWidth, mcuHeight) = mcuSize(of: kind)
    #expect(band % mcuHeight == 0, "the band is \(band) rows")
    #expect(
      replaced == band / mcuHeight * ((reference.width + mcuWidth - 1) / mcuWidth), "only the band's MCUs")
    #expect(total > replaced)
    #expect(summary.width == reference.width && summary.height == reference.height + band)

    // With djpeg's defaults every picture row is the photo's; with chroma subsampled vertically,
    // save the first, whose chroma the decoder blends with the band's last row. Decoded without
    // that blending (-nosmooth), every one.
    for smooth in [true, false] {
      let expected = smooth ? reference : try JPEGTools.decode(upright, smooth: false)
      let output = try JPEGTools.decode(meme, smooth: smooth)
      #expect(output.width == expected.width && output.height == expected.height + band)
      guard output.width == expected.width, output.height == expected.height + band else { return }
      let rowLength = output.width * output.channels
      let picture = Array(output.samples[(band * rowLength)...])
      var differing = [UInt8](repeating: 0, count: expected.height)
      pixel_rows_differing(
        expected.samples, picture, Int32(output.width), Int32(expected.height), Int32(output.channels),
        &differing)
      let allowed = smooth && kind.verticalChroma ? [0] : []
      let stray = differing.indices.filter { differing[$0] != 0 && !allowed.contains($0) }
      #expect(
        stray.isEmpty, "picture rows that differ from the photo's (smooth \(smooth)): \(stray.prefix(10))")
      // The band holds its text: dark ink on white.
      let bandSamples = output.samples[0..<(band * rowLength)]
      #expect(bandSamples.contains { $0 < 64 } && bandSamples.contains { $0 > 250 })
    }
  }

  /// A text box stays on the photo: the MCU rows under its box are redrawn as the classic captions'
  /// are, every other picture row is still the photo's.
  @Test func aTextBoxIsRedrawnOnThePhotoBelowTheBand() throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let photo = try JPEGTools.photo(width: 1024, height: 768, options: ["-sample", "2x2"], in: folder)
    let box = TextBox(text: "on the photo", frame: RelativeRect(x: 0.1, y: 0.4, width: 0.8, height: 0.15))
    let captions = MemeCaptions(
      top: "the band", bottom: "", style: MemeLayoutKind.band.defaultStyle, layers: [box].map(MemeLayer.text),
      layout: .band)
    let meme = folder.appendingPathComponent("band-box.jpg")
    let summary = try MemeExporter.export(captions, imageAt: photo, to: .file(meme), as: .jpeg(quality: 90))
    guard case .keptBlocks = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    let reference = try JPEGTools.decode(photo)
    let output = try JPEGTools.decode(meme)
    let band = output.height - reference.height
    let rowLength = output.width * output.channels
    var differing = [UInt8](repeating: 0, count: reference.height)
    pixel_rows_differing(
      reference.samples, Array(output.samples[(band * rowLength)...]), Int32(output.width),
      Int32(reference.height), Int32(output.channels), &differing)
    // The box's rows, widened to whole MCU rows of 16 and the one row beside them that 4:2:0
    // chroma blends.
    let boxRows = (Int(0.4 * 768) / 16 * 16 - 1)..<((Int(0.55 * 768) + 15) / 16 * 16 + 1)
    // Row 0 too: its chroma is blended with the band's last row (see above).
    let stray = differing.indices.filter { differing[$0] != 0 && !boxRows.contains($0) && $0 != 0 }
    #expect(stray.isEmpty, "rows outside the box changed: \(stray.prefix(10))")
    #expect(boxRows.contains { differing[$0] != 0 }, "the box was drawn on the photo")
  }

  /// The band's text lies in rows of its own, so the photo keeps even its coded bits: every MCU row
  /// of the photo is copied, and the file grows by the band alone.
  @Test func aPhotoThatKeepsItsCodeIsCopiedWhole() throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let photo = try JPEGTools.photo(width: 1024, height: 768, options: ["-sample", "2x2"], in: folder)
    let meme = folder.appendingPathComponent("kept.jpg")
    let captions = MemeCaptions(
      top: "a band", bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band)
    let summary = try #require(
      try MemeExporter.exportKeepingJPEGBlocks(captions, imageAt: photo, to: .file(meme)))
    guard case .keptBlocks(_, _, let keptCode) = summary.encoding else { return }
    #expect(keptCode)
    let photoBytes = try Data(contentsOf: photo).count
    let memeBytes = try Data(contentsOf: meme).count
    #expect(memeBytes > photoBytes && memeBytes < photoBytes + photoBytes / 5)
  }

  private func mcuSize(of kind: Case) -> (width: Int, height: Int) {
    let turned = kind.orientation >= 5
    if kind.options.contains("-grayscale") { return (8, 8) }
    guard let index = kind.options.firstIndex(of: "-sample") else { return turned ? (16, 16) : (16, 16) }
    let factors = kind.options[index + 1].split(separator: "x").map { Int($0)! }
    return turned ? (8 * factors[1], 8 * factors[0]) : (8 * factors[0], 8 * factors[1])
  }
}
