// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Every layout kind, with a text box (the one kind of layer) over the picture, exported as the
/// command line and the app export it: a PNG is the engine's rendering pixel for pixel, and a JPEG
/// photo written as JPEG takes the path its layout's block policy names (the photo's blocks kept,
/// moved below the band, or the whole output encoded), checked against djpeg.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
struct LayoutKindExportTests {
  static func captions(_ layout: MemeLayoutKind, bottom: String = "and the bottom") -> MemeCaptions {
    MemeCaptions(
      top: "every layout", bottom: bottom, style: layout.defaultStyle,
      layers: [
        TextBox(
          text: "a layer on top", frame: RelativeRect(x: 0.1, y: 0.35, width: 0.6, height: 0.25), angle: 12)
      ].map(MemeLayer.text), layout: layout)
  }

  @Test(arguments: MemeLayoutKind.allCases)
  func aPNGIsTheEngineRendering(layout: MemeLayoutKind) throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let photo = try JPEGTools.photo(width: 320, height: 240, options: [], in: folder)
    let captions = Self.captions(layout)
    let output = folder.appendingPathComponent("meme.png")
    let summary = try MemeExporter.export(
      captions, imageAt: photo, to: .file(output), as: .png, description: "every layout, \(layout)")
    let expected = try #require(
      MemeRenderer.rendered(captions, image: try ImageLoader().load(contentsOf: photo)))
    let actual = try ImageLoader().load(contentsOf: output)
    #expect(summary.width == expected.width && summary.height == expected.height)
    #expect(differingPixels(actual, expected) == 0)
    // The box lies on the picture in every layout: the output differs from the picture there.
    let frame = MemeLayout(captions: captions, imageWidth: 320, imageHeight: 240).frame
    #expect(layout.drawsAroundPicture == (frame.width > 320 || frame.height > 240))
  }

  @Test(arguments: MemeLayoutKind.allCases)
  func aJPEGPhotoTakesItsLayoutsBlockPath(layout: MemeLayoutKind) throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let (width, height) = (320, 960)
    let photo = try JPEGTools.photo(width: width, height: height, options: [], in: folder)
    // A band under the photo is encoded whole (see BandRows): the band's own policy needs none.
    let bottom = layout.jpegBlockPolicy == .photoBelowBand ? "" : "and the bottom"
    let captions = Self.captions(layout, bottom: bottom)
    let output = folder.appendingPathComponent("meme.jpg")
    let summary = try MemeExporter.export(captions, imageAt: photo, to: .file(output), as: .jpeg(quality: 90))
    // Without djpeg's chroma smoothing, which blends a kept row with the redrawn one beside it.
    let reference = try JPEGTools.decode(photo, smooth: false)
    let decoded = try JPEGTools.decode(output, smooth: false)
    let meme = MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
    let frame = meme.frame
    #expect(decoded.width == frame.width && decoded.height == frame.height)
    switch layout.jpegBlockPolicy {
    case .keepPhoto, .photoBelowBand:
      guard case .keptBlocks(let replaced, let total, _) = summary.encoding else {
        Issue.record("\(layout) fell back: \(summary.encoding.explanation)")
        return
      }
      #expect(replaced > 0 && replaced < total, "\(replaced) of \(total)")
      // Every picture row of an MCU row (16 pixels) no text reaches is the photo's, bit for bit.
      var touched = IndexSet()
      let captions = CaptionPosition.allCases.map { (meme.caption(at: $0), turned: false) }
      for (caption, turned) in captions + meme.layers.map({ ($0, turned: true) }) where caption.drawing != nil
      {
        // A turned box reaches past its band by a quarter of its width at most; every caption by
        // its outline.
        let reach = (turned ? caption.band.width / 4 : 0) + 8
        let first = max(0, Int(caption.band.y - reach) - frame.pictureY) / 16 * 16
        let last = min(height, (Int(caption.band.maxY + reach) - frame.pictureY) / 16 * 16 + 16)
        if first < last { touched.insert(integersIn: first..<last) }
      }
      let rowLength = reference.width * reference.channels
      let untouched = (0..<height).filter { !touched.contains($0) }
      #expect(untouched.count >= 16, "rows left to compare: \(untouched.count)")
      let differing = untouched.filter { y in
        let memeRow = (frame.pictureY + y) * rowLength
        return decoded.samples[memeRow..<(memeRow + rowLength)]
          != reference.samples[(y * rowLength)..<((y + 1) * rowLength)]
      }
      #expect(differing.isEmpty, "\(layout): rows not the photo's: \(differing.prefix(10))")
    case .encodeWhole(let reason):
      #expect(summary.encoding == .encoded(reason: reason))
    }
  }
}
