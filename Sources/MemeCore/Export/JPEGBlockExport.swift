// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// How an export encoded its picture, for `--verbose` and the benchmark.
public enum ExportEncoding: Sendable, Equatable {
  /// The source JPEG's blocks were carried over: only `replacedMCUs` of its `totalMCUs` MCUs, those
  /// whose pixels the captions changed, were encoded again.
  case keptBlocks(replacedMCUs: Int, totalMCUs: Int)
  /// The picture was encoded whole from pixels, for `reason`.
  case encoded(reason: String)

  /// One line saying which path was taken and why.
  public var explanation: String {
    switch self {
    case .keptBlocks(let replaced, let total):
      let share = total > 0 ? Double(total - replaced) * 100 / Double(total) : 100
      return String(
        format:
          "kept the photo's JPEG blocks: %ld of %ld MCUs re-encoded under the captions, %.1f%% copied unchanged",
        replaced, total, share)
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

  /// Once `cancellation` is set the export stops within an MCU row (or a caption being drawn) and
  /// throws `.cancelled`, having written nothing.
  static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination, loader: ImageLoader,
    cancellation: Cancellation
  ) throws(ImageError) -> Outcome {
    let path = input.path
    let file = try ImageFile(path: path)
    guard file.size > 2, try file.prefix(2) == [0xFF, 0xD8] else {
      return .declined("the source is not a JPEG")
    }
    let contents = try file.readAll(limit: loader.fileSizeLimit)
    guard case .header(let header) = JPEGHeader.scan(contents.bytes) else {
      // The decoder gives the error this file deserves.
      return .declined("the source's JPEG header cannot be read")
    }
    try ImageLimits.check(width: header.width, height: header.height, maxPixels: loader.maxPixels, name: path)
    // One core reads the coefficients while this one lays the captions out and traces them.
    let orientation = header.orientation
    // Handed over: this thread does not touch the bytes again (JPEGBlocks keeps them).
    nonisolated(unsafe) let bytes = contents
    let opening = BackgroundTask { () -> Result<JPEGBlocks, JPEGBlocks.Refusal> in
      Result { () throws(JPEGBlocks.Refusal) in
        try JPEGBlocks(bytes, orientation: orientation, cancellation: cancellation)
      }
    }
    let upright = orientation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
    let prepared = PreparedCaptions(captions, imageWidth: upright.0, imageHeight: upright.1)
    let blocks: JPEGBlocks
    switch opening.wait() {
    case .success(let opened): blocks = opened
    case .failure(let refusal): return try declined(refusal, cancellation: cancellation, name: path)
    }
    guard blocks.width == upright.0, blocks.height == upright.1 else {
      return .declined("the photo's frame header disagrees with libjpeg's")
    }
    let drawings = prepared.layout.drawings
    if blocks.isGrey, !drawings.allSatisfy({ $0.drawsOnlyGrey }) {
      return .declined("the photo is greyscale and the captions have colour")
    }
    let replaced: Int
    let encoded: MallocBytes
    do {
      replaced = try redraw(prepared, on: blocks, name: path)
      encoded = try blocks.encoded()
    } catch {
      return try declined(error, cancellation: cancellation, name: path)
    }
    try cancellation.check(name: path)
    try ImageWriter.write(encoded.bytes, to: destination)
    let mcus =
      ((blocks.width + blocks.mcuWidth - 1) / blocks.mcuWidth)
      * ((blocks.height + blocks.mcuHeight - 1) / blocks.mcuHeight)
    let layout = prepared.layout
    return .exported(
      ExportSummary(
        width: blocks.width, height: blocks.height, font: layout.font,
        overflowingCaptions: layout.overflowingCaptions,
        // A photo with damaged data is declined before this point (it is encoded whole).
        damage: nil, encoding: .keptBlocks(replacedMCUs: replaced, totalMCUs: mcus)))
  }

  /// Declines for `refusal`'s reason, or throws `.cancelled` when the refusal was a stop.
  private static func declined(_ refusal: JPEGBlocks.Refusal, cancellation: Cancellation, name: String)
    throws(ImageError) -> Outcome
  {
    if case .cancelled = refusal { try cancellation.check(name: name) }
    return .declined(refusal.reason)
  }

  /// Decodes the MCU rows each caption may ink, draws every caption on them and puts back the MCUs
  /// that changed; returns how many did. The spans (usually one per caption) are decoded and drawn
  /// on all at once, then put back all at once: a decode reads the MCU row beside its span, so no
  /// span may change while another is decoding. The outlines are painted from the masks stroked
  /// while the coefficients were read (as a full encode paints them), so they are not stroked again.
  private static func redraw(_ prepared: PreparedCaptions, on blocks: JPEGBlocks, name: String)
    throws(JPEGBlocks.Refusal) -> Int
  {
    let drawings = prepared.layout.drawings
    let outlines = prepared.outlines
    let spans = spans(of: drawings, on: blocks)
    // A caption drawn on two strips at once would share its colour glyph images between threads.
    let parallel = drawings.allSatisfy { drawing in
      let band = drawing.rows(inPictureHeight: blocks.height)
      return spans.filter { $0.overlaps(band) }.count <= 1
    }
    let strips = ConcurrentResults<DrawnStrip>(count: spans.count)
    perform(spans.count, concurrently: parallel) { index in
      strips[index] = Result { () throws(JPEGBlocks.Refusal) in
        let strip = try DrawnStrip(rows: spans[index], of: blocks)
        for (drawing, outline) in zip(drawings, outlines) {
          drawing.draw(
            onStrip: strip.image, fromPictureRow: spans[index].lowerBound, pictureHeight: blocks.height,
            outline: outline)
        }
        return strip
      }
    }
    let drawn = try strips.values()
    let replaced = ConcurrentResults<Int>(count: spans.count)
    perform(spans.count, concurrently: parallel) { index in
      replaced[index] = Result { () throws(JPEGBlocks.Refusal) in
        try blocks.replace(spans[index], from: drawn[index].image, original: drawn[index].original)
      }
    }
    return try replaced.values().reduce(0, +)
  }

  private static func perform(_ count: Int, concurrently: Bool, _ body: @Sendable (Int) -> Void) {
    if concurrently {
      DispatchQueue.concurrentPerform(iterations: count, execute: body)
    } else {
      for index in 0..<count { body(index) }
    }
  }

  /// The MCU-aligned rows the captions may ink, merged where they meet.
  private static func spans(of drawings: [CaptionDrawing], on blocks: JPEGBlocks) -> [Range<Int>] {
    let aligned = drawings.map { blocks.mcuAligned($0.inkRows(inPictureHeight: blocks.height)) }
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

extension JPEGBlocks.Refusal {
  var reason: String {
    switch self {
    case .unsuitable(let reason): reason
    case .failed(let message): "libjpeg could not carry the blocks (\(message))"
    case .cancelled: "cancelled"
    }
  }
}

/// Rows of the picture decoded from its blocks, with a copy of them as decoded (to find the MCUs the
/// captions changed).
private final class DrawnStrip: @unchecked Sendable {
  let image: RasterImage
  private let copy: UnsafeMutableRawPointer

  init(rows: Range<Int>, of blocks: JPEGBlocks) throws(JPEGBlocks.Refusal) {
    guard let image = RasterImage(width: blocks.width, height: rows.count, hasAlpha: false),
      let copy = malloc(image.stride * rows.count)
    else { throw .unsuitable("not enough memory for the caption rows") }
    self.image = image
    self.copy = copy
    try blocks.decode(rows, into: image)
    memcpy(copy, image.pixels, image.stride * rows.count)
  }

  deinit { free(copy) }

  var original: UnsafePointer<UInt8> { UnsafePointer(copy.assumingMemoryBound(to: UInt8.self)) }
}

/// One result per index, written by `concurrentPerform` workers (each its own slot) and read after.
private final class ConcurrentResults<Value>: @unchecked Sendable {
  // A buffer rather than an array: workers write different slots at once, which an array's
  // exclusive access would not allow.
  private let slots: UnsafeMutableBufferPointer<Result<Value, JPEGBlocks.Refusal>?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  subscript(index: Int) -> Result<Value, JPEGBlocks.Refusal>? {
    get { slots[index] }
    set { slots[index] = newValue }
  }

  func values() throws(JPEGBlocks.Refusal) -> [Value] {
    var values: [Value] = []
    for slot in slots {
      if let slot { values.append(try slot.get()) }
    }
    return values
  }
}
