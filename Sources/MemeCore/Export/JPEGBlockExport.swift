// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Foundation
import Glibc

/// How an export encoded its picture, for `--verbose` and the benchmark.
public enum ExportEncoding: Sendable, Equatable {
  /// The source JPEG's blocks were carried over: only `replacedMCUs` of its `totalMCUs` MCUs, those
  /// whose pixels the captions changed, were encoded again. With `keptCode`, the photo's coded data
  /// was copied for the MCU rows no caption touches (not decoded and coded again).
  case keptBlocks(replacedMCUs: Int, totalMCUs: Int, keptCode: Bool)
  /// The picture was encoded whole from pixels, for `reason`.
  case encoded(reason: String)

  /// One line saying which path was taken and why.
  public var explanation: String {
    switch self {
    case .keptBlocks(let replaced, let total, let keptCode):
      let share = total > 0 ? Double(total - replaced) * 100 / Double(total) : 100
      return String(
        format:
          "kept the photo's JPEG blocks: %ld of %ld MCUs re-encoded under the captions, %.1f%% copied unchanged%@",
        replaced, total, share, keptCode ? " (the rows without captions as coded)" : "")
    case .encoded(let reason):
      return "encoded in full: \(reason)"
    }
  }
}

/// A JPEG meme made from a JPEG photo without generation loss: every MCU (the JPEG's unit of 8×8
/// blocks) that no caption changes is copied from the photo; only the MCU rows under the captions
/// are decoded, drawn on with the one caption drawing path and encoded again with the photo's own
/// quantisation tables and sampling, and of those only the MCUs whose pixels changed are replaced.
enum JPEGBlockExport {
  enum Outcome {
    case exported(ExportSummary)
    /// The block path cannot serve this photo; encode from pixels instead, for this reason.
    case declined(String)
  }

  /// What `encode` made: the whole JPEG file in memory and its summary, or why it declined.
  enum Encoding {
    case encoded(MallocBytes, ExportSummary)
    case declined(String)
  }

  /// Once `cancellation` is set the export stops within an MCU row (or a caption being drawn) and
  /// throws `.cancelled`, having written nothing.
  static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination, loader: ImageLoader,
    description: String? = nil, cancellation: Cancellation
  ) throws(ImageError) -> Outcome {
    switch try encode(
      captions, imageAt: input, loader: loader, description: description, cancellation: cancellation)
    {
    case .encoded(let bytes, let summary):
      try cancellation.check(name: input.path)
      try ImageWriter.write(bytes.bytes, to: destination)
      return .exported(summary)
    case .declined(let reason):
      return .declined(reason)
    }
  }

  /// The meme as a JPEG file in memory, every block no caption touches copied from the photo, with
  /// `description` as its XMP (see `DescriptionMetadata`). Once `cancellation` is set it stops within
  /// an MCU row and throws `.cancelled`.
  static func encode(
    _ captions: MemeCaptions, imageAt input: URL, loader: ImageLoader, description: String? = nil,
    cancellation: Cancellation
  ) throws(ImageError) -> Encoding {
    let path = input.path
    let policy = captions.layout.jpegBlockPolicy
    switch policy {
    case .encodeWhole(let reason): return .declined(reason)
    case .keepPhoto, .photoBelowBand: break
    }
    if captions.effects.changesPicture { return .declined("the effects change the whole picture") }
    // A JPEG has no transparency: a bubble cut out of the picture is white, as flattened.
    let captions = captions.withCutOutsFilledWhite
    let file = try ImageFile(path: path)
    guard file.size > 2, try file.prefix(2) == [0xFF, 0xD8] else {
      return .declined("the source is not a JPEG")
    }
    let contents = try file.readAll(limit: loader.fileSizeLimit)
    guard case .header(let header) = JPEGHeader.scan(contents.bytes) else {
      // The decoder gives the error this file deserves.
      return .declined("the source's JPEG header cannot be read")
    }
    // A photo over the limit opens smaller (see `JPEGCodec.fittingFactor`): its blocks are not the
    // meme's, which is encoded whole from the scaled pixels.
    if JPEGCodec.fittingFactor(width: header.width, height: header.height, maxPixels: loader.maxPixels) != nil
    {
      return .declined("the photo is over the pixel limit and opens smaller")
    }
    try ImageLimits.check(width: header.width, height: header.height, maxPixels: loader.maxPixels, name: path)
    let orientation = header.orientation
    let blocks: JPEGBlocks
    do {
      blocks = try JPEGBlocks(contents, orientation: orientation, cancellation: cancellation)
    } catch {
      return try declined(error, cancellation: cancellation, name: path)
    }
    let upright = orientation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
    guard blocks.width == upright.0, blocks.height == upright.1 else {
      return .declined("the photo's frame header disagrees with libjpeg's")
    }
    // One core reads the coefficients while this one lays the captions out. The captions are then
    // split into groups whose rows can never share a span; each group's outlines are stroked into
    // masks and its rows redrawn as soon as they are read, the last group on a core of its own, so
    // the top caption's rows are redrawn while the bottom caption is still being stroked. The meme
    // is written row by row on another core as soon as each row is final, once every group has
    // held its rows. Every way out below waits for the reading to end (the blocks must outlive it).
    let reading = BackgroundTask { () -> Result<Void, JPEGBlocks.Refusal> in
      Result { () throws(JPEGBlocks.Refusal) in try blocks.read() }
    }
    let layout = MemeLayout(captions: captions, imageWidth: upright.0, imageHeight: upright.1)
    // Band: the text boxes lie on the photo and are redrawn on its blocks as the classic captions
    // are; the band above it is drawn and encoded on its own (see `BandRows`).
    let band: BandRows? =
      switch policy {
      case .keepPhoto, .encodeWhole: nil
      case .photoBelowBand: BandRows(layout)
      }
    if band?.hasBandBelow == true {
      blocks.abandon()
      _ = reading.wait()
      return .declined(BandRows.betweenTwoBands)
    }
    let drawings = band?.boxesOnPhoto.drawings ?? layout.drawings
    if blocks.isGrey,
      !(drawings + (band?.drawings ?? [])).allSatisfy({ $0.drawsOnlyGrey }) || band?.isGrey == false
    {
      blocks.abandon()
      _ = reading.wait()
      return .declined("the photo is greyscale and the captions have colour")
    }
    var bandMCUs = 0
    if let band {
      do {
        bandMCUs = try band.encode(into: blocks)
      } catch {
        blocks.abandon()
        _ = reading.wait()
        return try declined(error, cancellation: cancellation, name: path)
      }
    }
    let work = SpanWork(drawings: drawings, blocks: blocks)
    let groups = groups(of: drawings, on: blocks)
    let xmp = DescriptionMetadata.xmpSegmentData(description)
    let writing = BackgroundTask { [groups] () -> Result<MallocBytes, JPEGBlocks.Refusal> in
      for _ in groups { work.held.wait() }
      return Result { () throws(JPEGBlocks.Refusal) in try work.blocks.encoded(xmp: xmp) }
    }
    let lastGroup: BackgroundTask<Result<Int, JPEGBlocks.Refusal>>? =
      groups.count > 1 ? BackgroundTask { [groups] in work.redraw(groups[groups.count - 1]) } : nil
    var replaced = 0
    var failure: JPEGBlocks.Refusal?
    for group in groups.dropLast(lastGroup == nil ? 0 : 1) {
      switch work.redraw(group, after: failure) {
      case .success(let count): replaced += count
      case .failure(let error): if failure == nil { failure = error }
      }
    }
    if let lastGroup {
      switch lastGroup.wait() {
      case .success(let count): replaced += count
      case .failure(let error): if failure == nil { failure = error }
      }
    }
    let written = writing.wait()
    // Reading's refusal comes first: the others only fail for want of the rows it could not read.
    if case .failure(let refusal) = reading.wait() {
      return try declined(refusal, cancellation: cancellation, name: path)
    }
    if let failure { return try declined(failure, cancellation: cancellation, name: path) }
    let encoded: MallocBytes
    switch written {
    case .success(let bytes): encoded = bytes
    case .failure(let refusal): return try declined(refusal, cancellation: cancellation, name: path)
    }
    try cancellation.check(name: path)
    let mcus =
      ((blocks.width + blocks.mcuWidth - 1) / blocks.mcuWidth)
      * ((blocks.height + blocks.mcuHeight - 1) / blocks.mcuHeight) + bandMCUs
    replaced += bandMCUs
    return .encoded(
      encoded,
      ExportSummary(
        width: layout.outputWidth, height: layout.outputHeight, font: layout.font,
        overflowingCaptions: layout.overflowingCaptions, overflowingBoxes: layout.overflowingBoxes,
        // A photo with damaged data is declined before this point (it is encoded whole).
        damage: nil,
        encoding: .keptBlocks(replacedMCUs: replaced, totalMCUs: mcus, keptCode: blocks.keepsCode)))
  }

  /// Declines for `refusal`'s reason, or throws `.cancelled` when the refusal was a stop, or the
  /// damaged-picture error when the photo has too many scans (decoding its pixels would stop at
  /// the same limit: declining would only read it twice).
  private static func declined(_ refusal: JPEGBlocks.Refusal, cancellation: Cancellation, name: String)
    throws(ImageError) -> Encoding
  {
    if case .cancelled = refusal { try cancellation.check(name: name) }
    if case .tooManyScans = refusal { throw JPEGCodec.tooManyScans(name: name) }
    return .declined(refusal.reason)
  }

  /// The indices of `drawings` in groups whose MCU-aligned bands, and so whichever spans their
  /// ink makes, lie at least one MCU row apart: no span can hold captions of two groups, so each
  /// group's spans are the ones all captions together give, and are found from its own masks.
  /// In drawing order within each group (a later caption covers an earlier one).
  private static func groups(of drawings: [any LayerDrawing], on blocks: JPEGBlocks) -> [[Int]] {
    let bands = drawings.map { blocks.mcuAligned($0.rows(inPictureHeight: blocks.height)) }
    var groups: [(rows: Range<Int>, members: [Int])] = []
    for index in drawings.indices.sorted(by: { bands[$0].lowerBound < bands[$1].lowerBound }) {
      let band = bands[index]
      if let last = groups.last, band.lowerBound <= last.rows.upperBound {
        groups[groups.count - 1] = (
          last.rows.lowerBound..<max(last.rows.upperBound, band.upperBound), last.members + [index]
        )
      } else {
        groups.append((band, [index]))
      }
    }
    return groups.map { $0.members.sorted() }
  }
}

extension JPEGBlocks.Refusal {
  var reason: String {
    switch self {
    case .unsuitable(let reason): reason
    case .failed(let message): "libjpeg could not carry the blocks (\(message))"
    case .cancelled: "cancelled"
    case .tooManyScans: "the photo has too many scans"
    }
  }
}

/// The captions and blocks the groups of captions are redrawn on, from this thread and another.
/// Unchecked Sendable: each thread only reads the layout's drawings and draws the drawings of its
/// own group, which no other thread draws meanwhile; the blocks keep their own rules (see
/// `JPEGBlocks`), and `held` orders the holds before the writing.
private final class SpanWork: @unchecked Sendable {
  let drawings: [any LayerDrawing]
  let blocks: JPEGBlocks
  /// Signalled once by each group when its spans are held: the writing starts after all of them.
  let held = DispatchSemaphore(value: 0)

  init(drawings: [any LayerDrawing], blocks: JPEGBlocks) {
    self.drawings = drawings
    self.blocks = blocks
  }

  /// Strokes the outlines and glyphs of the captions at `group` into masks, holds the spans their
  /// ink makes and redraws them (unless an earlier group failed, `failure`); returns how many MCUs
  /// changed. Every span is released, and on failure the blocks abandoned.
  func redraw(_ group: [Int], after failure: JPEGBlocks.Refusal? = nil) -> Result<Int, JPEGBlocks.Refusal> {
    if let failure {
      held.signal()
      return .failure(failure)
    }
    let drawn = group.map { index in
      (
        drawings[index],
        PreparedCaptions.prepare(drawings[index], imageWidth: blocks.width, imageHeight: blocks.height)
      )
    }
    let spans = spans(of: drawn)
    for span in spans { blocks.hold(span) }
    held.signal()
    var replaced = 0
    var failure: JPEGBlocks.Refusal?
    for span in spans {
      if failure == nil {
        do {
          replaced += try redraw(span, with: drawn)
        } catch {
          failure = error
          blocks.abandon()
        }
      }
      blocks.release(span)
    }
    return failure.map { .failure($0) } ?? .success(replaced)
  }

  /// The height of the pieces a span is redrawn in: one piece's pixels (and their copy) are held at
  /// once on each of two cores, not the whole span's (a caption's rows of a 48 MP photo take tens of
  /// megabytes).
  private static let pieceHeight = 128

  /// Decodes the MCU-aligned rows `span` piece by piece (each as soon as it is read), draws the
  /// captions that ink them and puts back the MCUs that changed; returns how many did. The captions
  /// are painted from the masks drawn while the coefficients were read (as a full encode paints
  /// them), not stroked and filled again.
  private func redraw(_ span: Range<Int>, with captions: [(any LayerDrawing, CaptionMasks?)])
    throws(JPEGBlocks.Refusal) -> Int
  {
    let drawn = captions.filter {
      blocks.mcuAligned($0.inkRows(inPictureHeight: blocks.height, masks: $1)).overlaps(span)
    }
    // A hidden area's blocks are means over its whole height: its rows are hidden in one piece.
    let hides = drawn.contains { $0.0 is HidingDrawing }
    let height = hides ? span.count : max(1, Self.pieceHeight / blocks.mcuHeight) * blocks.mcuHeight
    let pieces = stride(from: span.lowerBound, to: span.upperBound, by: height).map {
      $0..<min($0 + height, span.upperBound)
    }
    guard let first = pieces.first else { return 0 }
    let decoder = try blocks.decoding(span)
    // One strip for every piece: fresh pixels for each would be pages the kernel maps anew (and
    // unmaps, stopping the other cores to flush their TLBs) for every piece.
    let strip = try DrawnStrip(width: blocks.width, height: first.count)
    var replaced = 0
    for piece in pieces {
      let image = strip.rows(piece.count)
      try decoder.decode(into: image)
      strip.keepOriginal(of: image)
      for (drawing, masks) in drawn {
        drawing.draw(
          onStrip: image, fromPictureRow: piece.lowerBound, pictureHeight: blocks.height, masks: masks)
      }
      replaced += try blocks.replace(piece, from: image, original: strip.original)
    }
    return replaced
  }

  /// The MCU-aligned rows the captions may ink, merged where they meet.
  private func spans(of captions: [(any LayerDrawing, CaptionMasks?)]) -> [Range<Int>] {
    let aligned = captions.map { blocks.mcuAligned($0.inkRows(inPictureHeight: blocks.height, masks: $1)) }
      .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for span in aligned {
      if let last = merged.last, span.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      } else {
        merged.append(span)
      }
    }
    return merged
  }
}

/// Pixels for rows of the picture decoded from its blocks, with a copy of them as decoded (to find
/// the MCUs the captions changed), used for one piece of rows after another.
private final class DrawnStrip {
  private let image: RasterImage
  private let copy: UnsafeMutableRawPointer

  /// Room for `height` rows `width` pixels wide (megabytes, drawn into at once: see
  /// `bigImageSurface`).
  init(width: Int, height: Int) throws(JPEGBlocks.Refusal) {
    guard let surface = bigImageSurface(CAIRO_FORMAT_ARGB32, width: width, height: height) else {
      throw .unsuitable("not enough memory for the caption rows")
    }
    image = RasterImage(adopting: surface, hasAlpha: false)
    guard let copy = meme_big_buffer(image.stride * height) else {
      throw .unsuitable("not enough memory for the caption rows")
    }
    self.copy = copy
  }

  deinit { free(copy) }

  /// The first `count` rows (at most the strip's height), as an image of their own over the strip's
  /// pixels; valid while the strip lives.
  func rows(_ count: Int) -> RasterImage {
    guard count < image.height else { return image }
    return RasterImage(over: PixelBuffer(image, height: count))!
  }

  /// Copies `rows` (an image from `rows(_:)`) as decoded, before the captions are drawn on them.
  func keepOriginal(of rows: RasterImage) {
    memcpy(copy, rows.pixels, rows.stride * rows.height)
  }

  var original: UnsafePointer<UInt8> { UnsafePointer(copy.assumingMemoryBound(to: UInt8.self)) }
}
