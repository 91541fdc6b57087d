// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A still meme made under the plan, from the picture to the file: the JPEG block path when it may
/// serve, else the captions drawn on the pixels and encoded once, under the size limit.
extension ExportPlan {
  /// `captions` on the picture `source` gives, in `format`, to `target`: the one still export behind
  /// `mememe render` (`MemeExporter`) and the editor's shares (`SharePipeline`).
  ///
  /// A JPEG photo exported as JPEG at its own size keeps every block no caption touches (see
  /// `JPEGBlockExport`) unless `reencodeReason` asks for a full encode (and says why, for the
  /// summary). Under a size limit the block path's file is kept when it fits; else, and for every
  /// other picture, the captions are drawn on the pixels (cut and turned by `transform`, scaled to
  /// `width` for a file source) and encoded by `encode`: the normal export when it fits, else what
  /// `SizeFitter` makes of it. A destination that cannot be written fails before anything is
  /// decoded; an existing file is untouched when anything fails.
  public func exportStill(
    _ captions: MemeCaptions, from source: StillSource, as format: ImageFormat, to target: StillTarget,
    transform: PictureTransform = .identity, width: Int? = nil, reencodeReason: String? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> StillExport {
    if case .destination(let destination) = target { try ImageWriter.checkDestination(destination) }
    var reason =
      source.blockPathObstacle
      ?? blockPathObstacle(
        format: format, transform: transform, width: width, layout: captions.layout, photo: source.photo,
        reencodeReason: reencodeReason)
    if reason == nil, !source.isPhotoAsIs { reason = "the picture is not the photo as its file has it" }
    var earlierEncodes = 0
    if reason == nil {
      switch try keepingBlocks(captions, of: source, as: format, to: target, cancellation: cancellation) {
      case .made(let made): return made
      case .overLimit:
        reason = "the file with the photo's blocks is over the size limit"
        earlierEncodes = 1
      case .declined(let why): reason = why
      }
    }
    let (image, summary) = try source.render(
      captions, transform: transform, width: width, encoding: .encoded(reason: reason ?? ""))
    var made = summary
    let name = target.name(picture: source.photo)
    if sizeLimit == nil, case .destination(let destination) = target {
      try ImageWriter.write(image, to: destination, as: format, description: description)
      made.output = destination
      return StillExport(summary: made, bytes: nil, rendered: image)
    }
    let encoded = try encode(
      image, as: format, name: name, earlierEncodes: earlierEncodes, cancellation: cancellation)
    let delivered = try encoded.bytes.withUnsafeBytes { bytes in
      Result { () throws(ImageError) in try target.deliver(bytes, fit: encoded.fit) }
    }.get()
    made.fit = encoded.fit
    made.output = delivered.output
    return StillExport(summary: made, bytes: delivered.bytes, rendered: image)
  }

  /// What the block path made of a still export.
  private enum BlockPathOutcome {
    /// The export, done.
    case made(StillExport)
    /// A file over the size limit: the pixels must be encoded instead.
    case overLimit
    /// The block path cannot serve this photo, for this reason.
    case declined(String)
  }

  /// The photo's blocks kept, to `target`. Without a size limit a destination is written as the
  /// blocks are coded; else (and for memory) the file is made in memory first, and kept if it fits.
  ///
  /// Decode once: the block path and the pixel path never both read a whole photo. The block path
  /// declines from the header (before reading anything) for every photo it cannot carry, and once
  /// reading it declines only for damaged data, at libjpeg's first warning, or for a photo that
  /// changes its tables between scans; a photo past the scan limit fails here and is not read again.
  /// Its work cannot be shared with the pixel path in those cases: it stops part-way, and holds
  /// coefficients, while the pixel path must decode every block with libjpeg's repairs of the damage
  /// (the warning the user is shown comes from them).
  private func keepingBlocks(
    _ captions: MemeCaptions, of source: StillSource, as format: ImageFormat, to target: StillTarget,
    cancellation: Cancellation
  ) throws(ImageError) -> BlockPathOutcome {
    if sizeLimit == nil, case .destination(let destination) = target {
      switch try JPEGBlockExport.export(
        captions, imageAt: source.photo, to: destination, loader: source.loader, description: description,
        cancellation: cancellation)
      {
      case .exported(var summary):
        summary.output = destination
        return .made(StillExport(summary: summary, bytes: nil, rendered: nil))
      case .declined(let why): return .declined(why)
      }
    }
    switch try JPEGBlockExport.encode(
      captions, imageAt: source.photo, loader: source.loader, description: description,
      cancellation: cancellation)
    {
    case .encoded(let file, var summary):
      guard accepts(byteCount: file.bytes.count) else { return .overLimit }
      summary.fit = keptFit(
        format: format, width: summary.width, height: summary.height, byteCount: file.bytes.count)
      let delivered = try target.deliver(file.bytes, fit: summary.fit)
      summary.output = delivered.output
      return .made(StillExport(summary: summary, bytes: delivered.bytes, rendered: nil))
    case .declined(let why): return .declined(why)
    }
  }
}
