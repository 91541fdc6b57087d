import CMemeGraphics
import Foundation
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import PixelCompare
import Testing

@testable import MemeCore

/// JPEG in, JPEG out at the photo's own size: the blocks no caption touches are carried over.
/// Every check decodes with djpeg, not with MemeMe's decoder, and compares with references made by
/// other tools: the photo itself (turned upright by jpegtran's lossless transform) outside the
/// captions, and MemeMe's full re-encode inside them.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class JPEGBlockPathTests {
  let folder = Fixtures.temporaryFolder()
  static let captions = MemeCaptions(
    top: "one does not simply\nkeep every block", bottom: "but this meme\ndoes exactly that")

  deinit {
    Fixtures.remove(folder)
  }

  /// One photo through the block path, checked against the photo and against a full re-encode.
  struct Case: CustomTestStringConvertible, Sendable {
    var width = 1024
    var height = 768
    var options = ["-sample", "2x2"]
    var orientation = 1
    /// Whether chroma is subsampled vertically in the upright picture (then decoding blends the
    /// chroma of neighbouring MCU rows into the one pixel row next to them).
    var verticalChroma = true
    var captions = JPEGBlockPathTests.captions
    /// Whether the rows without captions keep the photo's coded data: a photo stored upright in
    /// one baseline scan without restart markers, with the standard Huffman tables (which code
    /// every symbol; cjpeg's optimised tables do not).
    var keepsCode: Bool {
      orientation == 1 && !options.contains { ["-progressive", "-restart", "-optimize"].contains($0) }
    }
    var testDescription: String {
      "\(width)×\(height) \(options.joined(separator: " ")) orientation \(orientation)"
        + (captions.textBoxes.isEmpty ? "" : " with \(captions.textBoxes.count) text boxes")
    }
  }

  static let kinds: [Case] = [
    Case(),  // 4:2:0
    Case(options: ["-sample", "2x1"], verticalChroma: false),  // 4:2:2
    Case(options: ["-sample", "1x1"], verticalChroma: false),  // 4:4:4
    Case(options: ["-grayscale"], verticalChroma: false),
    Case(options: ["-sample", "2x2", "-progressive"]),
    Case(options: ["-sample", "2x2", "-restart", "1"]),  // a restart marker after every MCU row
    Case(options: ["-sample", "2x1", "-restart", "3B"]),  // and every three MCUs
    // Huffman tables made for the photo lack codes a caption may need: its blocks are coded anew.
    Case(options: ["-sample", "2x2", "-optimize"]),
    // Sizes that are not whole MCUs: the partial MCUs at the right and bottom are carried too.
    Case(width: 1001, height: 749),
  ]

  @Test(arguments: kinds) func keepsEveryBlockOutsideTheCaptions(_ kind: Case) throws {
    try check(kind)
  }

  static let orientations: [Case] =
    (2...8).map { Case(orientation: $0) }
    // 4:2:2 turned a quarter becomes 4:4:0: chroma subsampled vertically.
    + [
      Case(options: ["-sample", "2x1"], orientation: 6),
      Case(options: ["-sample", "2x1"], orientation: 3, verticalChroma: false),
    ]
    // Partial MCUs that end up at the far edge after turning need no re-encoding either.
    + [Case(width: 1001, height: 768, orientation: 6), Case(width: 1024, height: 749, orientation: 8)]
    // A grey scan is not interleaved; one with restart markers, or progressive, is turned by
    // libjpeg's reading of the blocks instead of decoded straight to its upright places.
    + [
      Case(options: ["-grayscale"], orientation: 6, verticalChroma: false),
      Case(options: ["-sample", "2x2", "-restart", "1"], orientation: 6),
      Case(options: ["-sample", "2x2", "-progressive"], orientation: 7),
    ]

  @Test(arguments: orientations) func turnsBlocksLosslesslyForEXIFOrientation(_ kind: Case) throws {
    try check(kind)
  }

  /// Text boxes anywhere, one turned and one reaching past the picture's left edge: the MCU rows
  /// under their turned bands are encoded again, every other block is kept.
  @Test(arguments: [Case(), Case(width: 1001, height: 768, orientation: 6)])
  func keepsEveryBlockOutsideTheTextBoxes(_ kind: Case) throws {
    var kind = kind
    kind.captions.layers = [
      TextBox(text: "turned", frame: RelativeRect(x: 0.3, y: 0.42, width: 0.4, height: 0.1), angle: 25),
      TextBox(
        text: "half outside", frame: RelativeRect(x: -0.2, y: 0.6, width: 0.5, height: 0.08),
        style: CaptionStyle(textColor: RGBAColor(red: 1, green: 0.8, blue: 0))),
    ].map(MemeLayer.text)
    try check(kind)
  }

  @Test func fortyEightMegapixelPhoto() throws {
    try check(Case(width: 8000, height: 6000))
  }

  /// Without captions the meme is the photo's blocks written again, row by row as they are read:
  /// byte for byte what jpegtran's own transcoder writes from them (same tables, same dummy blocks
  /// at the edges, same restart interval and progression).
  @Test(
    arguments: kinds.filter { $0.width == 1024 } + [
      Case(width: 1001, height: 749, options: ["-sample", "2x1"]),
      Case(width: 1001, height: 749, options: ["-grayscale"]),
      Case(width: 8000, height: 6000),
    ])
  func withoutCaptionsTheMemeIsWhatJpegtranWrites(_ kind: Case) throws {
    let photo = try JPEGTools.photo(width: kind.width, height: kind.height, options: kind.options, in: folder)
    let meme = folder.appendingPathComponent("meme.jpg")
    let summary = try MemeExporter.exportKeepingJPEGBlocks(
      MemeCaptions(top: "", bottom: ""), imageAt: photo, to: .file(meme))
    #expect(summary != nil, "the block path served the photo")
    var options = ["-copy", "none"]
    if kind.options.contains("-progressive") { options.append("-progressive") }
    // Tables made for the photo are made again for the meme, as jpegtran -optimize makes them.
    if kind.options.contains("-optimize") { options.append("-optimize") }
    if let restart = kind.options.firstIndex(of: "-restart") {
      options += ["-restart", kind.options[restart + 1]]
    }
    let reference = folder.appendingPathComponent("jpegtran.jpg")
    try JPEGTools.run("jpegtran", options + ["-outfile", reference.path, photo.path])
    let written = try Data(contentsOf: meme)
    let expected = try Data(contentsOf: reference)
    #expect(written.count == expected.count, "\(written.count) bytes, jpegtran \(expected.count)")
    #expect(written == expected, "the meme differs from jpegtran's copy of the photo")
  }

  /// A CMYK photo is encoded whole, and says why.
  @Test func cmykFallsBackToAFullEncode() throws {
    let cmyk = try cmykPhoto(width: 320, height: 240)
    let output = folder.appendingPathComponent("cmyk-meme.jpg")
    let summary = try MemeExporter.export(
      Self.captions, imageAt: cmyk, to: .file(output), as: .jpeg(quality: 90))
    guard case .encoded(let reason) = summary.encoding else {
      Issue.record("a CMYK photo kept its blocks")
      return
    }
    #expect(reason.contains("CMYK"))
    let decoded = try JPEGTools.decode(output)
    #expect(decoded.width == 320 && decoded.height == 240 && decoded.channels == 3)
  }

  /// Turning a photo whose mirrored side is not whole MCUs would move every block: encoded whole.
  @Test func turnThatWouldShiftBlocksFallsBack() throws {
    let photo = try JPEGTools.photo(width: 1024, height: 749, options: ["-sample", "2x2"], in: folder)
    let turned = try JPEGTools.withOrientation(photo, 6, in: folder)
    let output = folder.appendingPathComponent("meme.jpg")
    let summary = try MemeExporter.export(
      Self.captions, imageAt: turned, to: .file(output), as: .jpeg(quality: 90))
    guard case .encoded(let reason) = summary.encoding else {
      Issue.record("kept blocks that cannot line up")
      return
    }
    #expect(reason.contains("749"))
    let decoded = try JPEGTools.decode(output)
    #expect(decoded.width == 749 && decoded.height == 1024)
  }

  /// Captions in colour cannot be drawn on a greyscale JPEG's blocks: encoded whole, in colour.
  @Test func colouredCaptionsOnAGreyPhotoFallBack() throws {
    let photo = try JPEGTools.photo(width: 640, height: 480, options: ["-grayscale"], in: folder)
    var captions = Self.captions
    captions.style.textColor = RGBAColor(red: 1, green: 0.8, blue: 0)
    let output = folder.appendingPathComponent("meme.jpg")
    let summary = try MemeExporter.export(captions, imageAt: photo, to: .file(output), as: .jpeg(quality: 90))
    guard case .encoded(let reason) = summary.encoding else {
      Issue.record("coloured captions drawn into grey blocks")
      return
    }
    #expect(reason.contains("greyscale"))
    #expect(try JPEGTools.decode(output).channels == 3)
  }

  /// The ICC profile is kept; EXIF is dropped as in a full encode, so no orientation tag remains.
  @Test func keepsTheICCProfileAndDropsEXIF() throws {
    let profile = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let profileURL = folder.appendingPathComponent("profile.icc")
    try profile.write(to: profileURL)
    let photo = try JPEGTools.photo(
      width: 640, height: 480, options: ["-sample", "2x2", "-icc", profileURL.path], in: folder)
    let turned = try JPEGTools.withOrientation(photo, 6, in: folder)
    #expect(try JPEGTools.markers(of: turned).contains(0xE1))
    let output = folder.appendingPathComponent("meme.jpg")
    let summary = try MemeExporter.export(
      Self.captions, imageAt: turned, to: .file(output), as: .jpeg(quality: 90))
    guard case .keptBlocks = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    #expect(try JPEGTools.iccProfile(of: output, in: folder) == profile)
    #expect(!(try JPEGTools.markers(of: output).contains(0xE1)))
    #expect(try ImageLoader().pixelSize(ofImageAt: output) == (480, 640))
  }

  /// A damaged photo is never passed through: the full path reports it as before.
  @Test func truncatedPhotoIsReportedNotCopied() throws {
    let photo = try JPEGTools.photo(width: 640, height: 480, options: ["-sample", "2x2"], in: folder)
    let bytes = try Data(contentsOf: photo)
    let truncated = folder.appendingPathComponent("truncated.jpg")
    try bytes.prefix(bytes.count / 2).write(to: truncated)
    let output = folder.appendingPathComponent("meme.jpg")
    #expect(throws: ImageError.self) {
      try MemeExporter.export(Self.captions, imageAt: truncated, to: .file(output), as: .jpeg(quality: 90))
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  // MARK: The check

  private func check(_ kind: Case) throws {
    let photo = try JPEGTools.photo(width: kind.width, height: kind.height, options: kind.options, in: folder)
    let source =
      kind.orientation == 1 ? photo : try JPEGTools.withOrientation(photo, kind.orientation, in: folder)
    let meme = folder.appendingPathComponent("meme.jpg")
    let full = folder.appendingPathComponent("full.jpg")
    let summary = try MemeExporter.export(
      kind.captions, imageAt: source, to: .file(meme), as: .jpeg(quality: 90))
    guard case .keptBlocks(let replaced, let total, let keptCode) = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    #expect(replaced > 0 && replaced < total)
    #expect(keptCode == kind.keepsCode, "kept the photo's coded data: \(keptCode)")
    try MemeExporter.export(
      kind.captions, imageAt: source, to: .file(full), as: .jpeg(quality: 90), reencodeReason: "the reference"
    )

    let reference = try JPEGTools.decode(JPEGTools.upright(photo, orientation: kind.orientation, in: folder))
    let output = try JPEGTools.decode(meme)
    // A full encode of a grey photo is a colour JPEG; its luma is what a grey meme is compared with.
    let encoded = try JPEGTools.decode(full, grey: output.channels == 1)
    #expect(output.width == reference.width && output.height == reference.height)
    #expect(output.width == summary.width && output.height == summary.height)
    #expect(output.channels == reference.channels)
    guard output.width == reference.width, output.height == reference.height,
      output.channels == reference.channels
    else { return }

    // The MCU rows the captions ink, found by drawing them with the plain path on a clear picture.
    let mcuHeight = mcuHeight(of: kind)
    let inked = inkedRows(kind.captions, width: output.width, height: output.height)
    var touched = [Bool](repeating: false, count: output.height)
    for row in inked.indices where inked[row] {
      let first = row / mcuHeight * mcuHeight
      for y in first..<min(output.height, first + mcuHeight) { touched[y] = true }
    }
    // Outside them (and, with vertically subsampled chroma, the one pixel row beside them that the
    // decoder's chroma upsampling blends with them) every pixel is the photo's, bit for bit.
    var allowed = touched
    if kind.verticalChroma {
      for y in touched.indices where touched[y] {
        if y > 0 { allowed[y - 1] = true }
        if y + 1 < touched.count { allowed[y + 1] = true }
      }
    }
    var differing = [UInt8](repeating: 0, count: output.height)
    pixel_rows_differing(
      reference.samples, output.samples, Int32(output.width), Int32(output.height), Int32(output.channels),
      &differing)
    let stray = differing.indices.filter { differing[$0] != 0 && !allowed[$0] }
    #expect(stray.isEmpty, "rows outside the captions changed: \(stray.prefix(10))")
    #expect(differing.contains(1), "no caption was drawn")

    // Inside, the meme matches the full re-encode closely (both are JPEGs of the same drawing).
    var runs: [Range<Int>] = []
    for y in allowed.indices where allowed[y] {
      if let last = runs.last, last.upperBound == y {
        runs[runs.count - 1] = last.lowerBound..<y + 1
      } else {
        runs.append(y..<y + 1)
      }
    }
    var squared = 0.0
    var samples = 0
    var absolute = 0.0
    for run in runs {
      let difference = pixel_sample_difference(
        output.samples, encoded.samples, Int32(output.width), Int32(output.channels), Int32(run.lowerBound),
        Int32(run.upperBound))
      squared += difference.squared_error
      absolute += difference.mean_absolute * Double(difference.samples)
      samples += Int(difference.samples)
    }
    let psnr = 10 * log10(255 * 255 / max(squared / Double(samples), 1e-9))
    #expect(absolute / Double(samples) < 3, "mean difference from a full re-encode in the caption rows")
    #expect(psnr > 32, "PSNR against a full re-encode in the caption rows: \(psnr) dB")
  }

  private func mcuHeight(of kind: Case) -> Int {
    let turned = kind.orientation >= 5
    if kind.options.contains("-grayscale") { return 8 }
    guard let index = kind.options.firstIndex(of: "-sample") else { return 16 }
    let factors = kind.options[index + 1].split(separator: "x").map { Int($0)! }
    return 8 * (turned ? factors[0] : factors[1])
  }

  /// For each row of a picture this size, whether the plain caption drawing inks it.
  private func inkedRows(_ captions: MemeCaptions, width: Int, height: Int) -> [Bool] {
    let clear = RasterImage(width: width, height: height, hasAlpha: true)!
    MemeRenderer.render(captions, onto: clear)
    cairo_surface_flush(clear.surface)
    let zeros = [UInt8](repeating: 0, count: clear.stride * height)
    var rows = [UInt8](repeating: 0, count: height)
    pixel_rows_differing(clear.pixels, zeros, Int32(clear.stride / 4), Int32(height), 4, &rows)
    return rows.map { $0 != 0 }
  }

  /// A CMYK JPEG made with TurboJPEG (cjpeg cannot write one).
  private func cmykPhoto(width: Int, height: Int) throws -> URL {
    var samples = [UInt8](repeating: 0, count: width * height * 4)
    for index in samples.indices { samples[index] = UInt8(truncatingIfNeeded: index * 31 / 7) }
    let handle = tjInitCompress()!
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(
      handle, samples, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
      Int32(TJSAMP_444.rawValue), 90, 0)
    #expect(status == 0)
    defer { tjFree(output) }
    let url = folder.appendingPathComponent("cmyk.jpg")
    try Data(bytes: output!, count: Int(size)).write(to: url)
    return url
  }
}
