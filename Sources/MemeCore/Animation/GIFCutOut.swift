// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeAnimation
import CMemeGraphics
import Dispatch
import Foundation

/// A GIF written as a GIF with speech bubbles cut out of it and nothing else drawn (the reaction
/// GIF): every frame is kept as the source coded it, its cut pixels made transparent
/// (`meme_gif_cutter`), so no colour is quantised again and a frame costs an LZW decode and
/// encode. The cut-outs' coverage is drawn once, by the one drawing path, and a pixel is cut where
/// it is at least half covered, as a GIF's one-bit transparency draws any half-transparent pixel.
final class GIFCutOut {
  /// The screen's pixels to cut, one byte each, row by row (read by the C cutter).
  private let mask: UnsafeMutableBufferPointer<UInt8>
  private let file: FileBytes
  let layout: MemeLayout

  /// The cut-out of `captions` on the GIF `reader` reads, when the export is one it can make: GIF
  /// to GIF at the source's size, with no size limit, and everything the meme draws a cut-out of
  /// a Classic meme without effects. Nil otherwise.
  init?(
    _ captions: MemeCaptions, reader: AnimationReader, as format: AnimationFormat,
    transform: PictureTransform,
    width: Int?, sizeLimit: Int?
  ) {
    guard case .gif = format, let file = reader.gifFile, transform.isIdentity, width == nil, sizeLimit == nil,
      captions.layout == .classic, !captions.effects.changesPicture, !captions.effects.friesOverCaptions,
      captions.cutsOutOfPicture
    else { return nil }
    let info = reader.info
    let layout = MemeLayout(captions: captions, imageWidth: info.width, imageHeight: info.height)
    let drawings = layout.drawings
    guard !drawings.isEmpty, drawings.allSatisfy({ ($0 as? BubbleDrawing)?.cutsOut == true }),
      let coverage = RasterImage(width: info.width, height: info.height, hasAlpha: true)
    else { return nil }
    coverage.fill(with: .black)
    let context = cairo_create(coverage.surface)!
    for drawing in drawings { drawing.draw(on: context) }
    cairo_destroy(context)
    coverage.flush()
    let mask = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: info.width * info.height)
    for y in 0..<info.height {
      let row = coverage.pixels + y * coverage.stride
      for x in 0..<info.width {
        // ARGB32 in the machine's order: alpha is the word's top byte.
        let alpha = row.advanced(by: 4 * x).withMemoryRebound(to: UInt32.self, capacity: 1) {
          $0.pointee >> 24
        }
        mask[y * info.width + x] = alpha < 128 ? 1 : 0
      }
    }
    self.mask = mask
    self.file = file
    self.layout = layout
  }

  deinit { mask.deallocate() }

  /// Writes the cut GIF to `sink`, with `description` as its XMP; returns how many frames it wrote.
  func write(to sink: inout some ByteSink, description: String?, name: String, cancellation: Cancellation)
    throws(ImageError) -> Int
  {
    let description = DescriptionMetadata.xmpPacket(description) ?? []
    // A copy of its own, which the cutter reads until it is freed.
    let packet = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, description.count))
    _ = packet.initialize(from: description)
    defer { packet.deallocate() }
    var error: Int32 = 0
    let workers = Int32(min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)))
    let made = meme_gif_cutter_new(
      file.bytes.baseAddress, file.bytes.count, mask.baseAddress, workers, packet.baseAddress,
      description.count,
      &error)
    guard let cutter = made else { throw AnimationReader.failure(Int(error), name: name) }
    defer { meme_gif_cutter_free(cutter) }
    var frames = 0
    while true {
      try cancellation.check(name: name)
      let written = meme_gif_cutter_next(cutter)
      if written < 0 {
        let status = Int(-written)
        throw status == MEME_ANIMATION_CORRUPT
          ? AnimationReader.failure(status, name: name) : AnimationEncoder.failure(status, name: name)
      }
      var count = 0
      let bytes = meme_gif_cutter_take(cutter, &count)
      if count > 0 { try sink.write(UnsafeRawBufferPointer(start: bytes, count: count)) }
      guard written > 0 else { return frames }
      frames += Int(written)
    }
  }
}

extension GIFCutOut {
  /// Writes the cut GIF to `destination`, atomically when it is a file, and says what it wrote.
  func export(
    to destination: ImageDestination, info: AnimationInfo, description: String?, cancellation: Cancellation
  ) throws(ImageError) -> AnimationExportSummary {
    var frames = 0
    let write = { (sink: inout AtomicFile.FileSink) throws(ImageError) in
      frames = try self.write(
        to: &sink, description: description, name: destination.name, cancellation: cancellation)
    }
    switch destination {
    case .file(let url): try AtomicFile.write(to: ImageWriter.path(of: url), contents: write)
    case .standardOutput:
      try AtomicFile.stream(to: STDOUT_FILENO, reportedAs: destination.name, contents: write)
    }
    return AnimationExportSummary(
      width: info.width, height: info.height, frameCount: frames, playCount: info.playCount,
      font: layout.font,
      overflowingCaptions: [], overflowingBoxes: [], sourceWasTruncated: info.isTruncated, fit: nil)
  }
}
