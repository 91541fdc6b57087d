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

  static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination, loader: ImageLoader
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
    let blocks: JPEGBlocks
    do {
      blocks = try JPEGBlocks(contents, orientation: header.orientation)
    } catch {
      return .declined(error.reason)
    }
    let prepared = PreparedCaptions(captions, imageWidth: blocks.width, imageHeight: blocks.height)
    let drawings = prepared.layout.drawings
    if blocks.isGrey, !drawings.allSatisfy({ $0.drawsOnlyGrey }) {
      return .declined("the photo is greyscale and the captions have colour")
    }
    let replaced: Int
    let encoded: MallocBytes
    do {
      replaced = try redraw(drawings, on: blocks, name: path)
      encoded = try blocks.encoded()
    } catch {
      return .declined(error.reason)
    }
    try ImageWriter.write(encoded.bytes, to: destination)
    let mcus =
      ((blocks.width + blocks.mcuWidth - 1) / blocks.mcuWidth)
      * ((blocks.height + blocks.mcuHeight - 1) / blocks.mcuHeight)
    let layout = prepared.layout
    return .exported(
      ExportSummary(
        width: blocks.width, height: blocks.height, font: layout.font,
        overflowingCaptions: layout.overflowingCaptions,
        encoding: .keptBlocks(replacedMCUs: replaced, totalMCUs: mcus)))
  }

  /// Decodes the MCU rows each caption may ink, draws every caption on them and puts back the MCUs
  /// that changed; returns how many did.
  private static func redraw(_ drawings: [CaptionDrawing], on blocks: JPEGBlocks, name: String)
    throws(JPEGBlocks.Refusal) -> Int
  {
    var replaced = 0
    for span in spans(of: drawings, on: blocks) {
      guard let strip = RasterImage(width: blocks.width, height: span.count, hasAlpha: false),
        let original = malloc(strip.stride * span.count)
      else { throw .unsuitable("not enough memory for the caption rows") }
      defer { free(original) }
      try blocks.decode(span, into: strip)
      memcpy(original, strip.pixels, strip.stride * span.count)
      for drawing in drawings {
        drawing.draw(onStrip: strip, fromPictureRow: span.lowerBound, pictureHeight: blocks.height)
      }
      replaced += try blocks.replace(
        span, from: strip, original: original.assumingMemoryBound(to: UInt8.self))
    }
    return replaced
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
    }
  }
}
