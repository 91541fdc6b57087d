// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One export's decisions, whoever asks for it: `mememe render` (`MemeExporter`), the editor's
/// shares (`SharePipeline`) and Sent Memes' Detail re-sharing a sent file. It decides whether a JPEG
/// photo's blocks may be kept, what a size limit makes of the rendered pixels, of a file kept as it
/// is and of an animation, and puts the description in. Its callers are adapters: they say where the
/// pixels come from and where the file goes, and show progress and thumbnails.
public struct ExportPlan: Sendable {
  /// The most bytes the file may have, or nil for no limit.
  public let sizeLimit: Int?
  /// What the limit may change of a still file (its format, or only its pixels).
  public let strategy: SizeLimitStrategy
  /// The alt text written into the file.
  public let description: String?

  public init(sizeLimit: Int? = nil, strategy: SizeLimitStrategy = .largestJPEG, description: String? = nil) {
    self.sizeLimit = sizeLimit
    self.strategy = strategy
    self.description = description
  }

  // MARK: The JPEG block path

  /// Why a meme in `format` cannot keep the blocks of the JPEG photo at `photo`, before any of it is
  /// read, or nil when the block path may be tried. `reencodeReason` is the caller's own reason to
  /// encode whole (the command line's `--quality`). Under a size limit a photo more than a tenth
  /// over it is not tried: the block path's file is about as large as the photo's.
  public func blockPathObstacle(
    format: ImageFormat, transform: PictureTransform, width: Int?, layout: MemeLayoutKind, photo: URL,
    reencodeReason: String? = nil
  ) -> String? {
    if let reencodeReason { return reencodeReason }
    guard case .jpeg = format else { return "the output is not a JPEG" }
    switch layout.jpegBlockPolicy {
    case .encodeWhole(let reason): return reason
    case .keepPhoto, .photoBelowBand: break
    }
    if width != nil { return "a width was given" }
    if !transform.isIdentity { return "the picture is cropped, turned or mirrored" }
    if let sizeLimit, let photoSize = try? ImageFile(path: photo.path).size,
      photoSize > sizeLimit + sizeLimit / 10
    {
      return "the photo is over the size limit, and so would be its blocks"
    }
    return nil
  }

  /// Whether a file of `byteCount` bytes the block path made may be the export: it is within the
  /// limit, or there is none. One over the limit counts as a whole encode tried (`earlierEncodes`).
  public func accepts(byteCount: Int) -> Bool { sizeLimit.map { byteCount <= $0 } ?? true }

  /// What the limit made of a file kept as the block path (or a sent file) made it: nothing, it fit.
  /// Nil without a limit. `encodeCount` is 0 for a sent file used as it is.
  public func keptFit(
    format: ImageFormat, width: Int, height: Int, byteCount: Int, encodeCount: Int = 1,
    keptBlocks: Bool = true
  ) -> SizeFit? {
    sizeLimit.map { limit in
      SizeFit(
        limit: limit, requestedFormat: format, format: format, width: width, height: height,
        originalWidth: width, originalHeight: height, byteCount: byteCount, encodeCount: encodeCount,
        isNormalExport: true, keptBlocks: keptBlocks)
    }
  }

  // MARK: Rendered pixels

  /// The rendered meme as a file in `format`, with the description: as it is without a limit, else
  /// the normal export when it fits, or what `SizeFitter` makes of it under `strategy`.
  /// `earlierEncodes` counts files already encoded for this limit (a block path's, too large).
  public func encode(
    _ image: RasterImage, as format: ImageFormat, name: String, earlierEncodes: Int = 0,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> (bytes: [UInt8], fit: SizeFit?) {
    guard let sizeLimit else {
      return (
        try ImageWriter.encode(image, as: format, description: description, cancellation: cancellation), nil
      )
    }
    let fitted = try SizeFitter.encode(
      image, as: format, limit: sizeLimit, description: description, strategy: strategy, name: name,
      earlierEncodes: earlierEncodes, cancellation: cancellation)
    return (fitted.bytes, fitted.fit)
  }

  // MARK: Animations

  /// Every frame of the picture at `input`, captioned, to `destination` in `format`, with the
  /// description, under the limit when there is one (`AnimationExporter`, `AnimationFitter`), played
  /// as `timing` says.
  @discardableResult
  public func exportAnimation(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination,
    as format: AnimationFormat,
    transform: PictureTransform = .identity, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    limits: AnimationLimits = AnimationLimits(), timing: PlaybackTiming = PlaybackTiming(),
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationExportSummary {
    try AnimationExporter.export(
      captions, imageAt: input, to: destination, as: format, transform: transform, width: width,
      loader: loader, limits: limits, description: description, sizeLimit: sizeLimit, timing: timing,
      cancellation: cancellation)
  }

  /// A panel meme's every frame (`AnimationExporter.exportPanels`) with the plan's description and
  /// size limit.
  public func exportPanelsAnimation(
    _ captions: MemeCaptions, grid: PanelGrid, to destination: ImageDestination, as format: AnimationFormat,
    width: Int? = nil, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationExportSummary {
    try AnimationExporter.exportPanels(
      captions, grid: grid, to: destination, as: format, width: width, description: description,
      sizeLimit: sizeLimit, cancellation: cancellation)
  }
}
