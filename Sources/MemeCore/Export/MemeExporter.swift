// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// `mememe render`'s still export, from an image file straight to an image file (or standard
/// output) at the source's resolution: an adapter that names the file and the destination for
/// `ExportPlan.exportStill`, which decodes, draws, keeps a JPEG photo's blocks and fits the size
/// limit. The decoded picture is drawn on in place and encoded from the same buffer, so an export
/// holds one full-size copy of the pixels; the text is prepared while the picture decodes, so an
/// export costs little more than decoding and encoding.
public enum MemeExporter {
  /// Decodes `input` (optionally straight to `width` pixels wide), draws `captions` on it and writes
  /// it atomically to a file or to standard output; an existing file is untouched when anything
  /// fails. A destination that cannot be written, or a `width` that would make more pixels than the
  /// loader allows, fails before anything is decoded. `transform` cuts and turns the upright source
  /// first (a crop outside the picture fails); the captions are laid out on the result and `width`
  /// scales the result.
  ///
  /// A JPEG photo exported as JPEG at its own size keeps every block no caption touches (see
  /// `JPEGBlockExport`) unless `reencodeReason` asks for a full encode (and says why, for the
  /// summary); the quality then only applies to pictures encoded whole.
  ///
  /// `description`, when it has text, goes into the file as its alt text (see
  /// `DescriptionMetadata`). With `sizeLimit` (bytes), the file is at most that large: the normal
  /// export when it fits, else the largest JPEG that does (see `SizeFitter`), which the summary's
  /// `fit` describes; a limit no JPEG can meet fails with `.overSizeLimit`, writing nothing. The
  /// block path's file is about as large as the photo's, so a photo more than a tenth over the
  /// limit goes straight to the pixels; one closer to it is tried on the block path first, and
  /// kept when its file fits.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination, as format: ImageFormat,
    transform: PictureTransform = .identity, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    reencodeReason: String? = nil, description: String? = nil, sizeLimit: Int? = nil
  ) throws(ImageError) -> ExportSummary {
    try ExportPlan(sizeLimit: sizeLimit, description: description).exportStill(
      captions, from: .file(input, loader: loader), as: format, to: .destination(destination),
      transform: transform, width: width, reencodeReason: reencodeReason
    ).summary
  }

  /// Where a file made under a size limit goes: `destination`, or, when the fit turned a PNG into a
  /// JPEG, the same name ending in `.jpg` (see `SizeFit.fileURL(for:)`). A pipe or a device keeps its
  /// name: it is written to, not replaced. The export writes that other name only while nothing has
  /// it: a file or a symbolic link of that name (even one to nothing) fails the export, unchanged.
  public static func destination(_ destination: ImageDestination, for fit: SizeFit) -> ImageDestination {
    guard fit.formatChanged, case .file(let url) = destination,
      case .replace = try? OutputTarget(path: ImageWriter.path(of: url))
    else { return destination }
    return .file(fit.fileURL(for: url))
  }

  /// Writes `captions` on the JPEG photo at `input` as a JPEG keeping every block no caption touches,
  /// or returns `nil` (having written nothing) when the block path cannot serve this photo. Once
  /// `cancellation` is set it stops within an MCU row and throws `.cancelled`, writing nothing.
  public static func exportKeepingJPEGBlocks(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination,
    loader: ImageLoader = ImageLoader(), description: String? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> ExportSummary? {
    try ImageWriter.checkDestination(destination)
    switch try JPEGBlockExport.export(
      captions, imageAt: input, to: destination, loader: loader, description: description,
      cancellation: cancellation)
    {
    case .exported(let summary): return summary
    case .declined: return nil
    }
  }

  /// The JPEG file `exportKeepingJPEGBlocks` would write, in memory (for a share, which hands the same
  /// bytes to its target and to Sent Memes), or `nil` when the block path cannot serve this photo.
  public static func encodeKeepingJPEGBlocks(
    _ captions: MemeCaptions, imageAt input: URL, loader: ImageLoader = ImageLoader(),
    description: String? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> Data? {
    switch try JPEGBlockExport.encode(
      captions, imageAt: input, loader: loader, description: description, cancellation: cancellation)
    {
    case .encoded(let bytes, _): return Data(bytes.bytes)
    case .declined: return nil
    }
  }

  /// Fails with one line when `transform`'s crop does not lie inside a picture of `size`.
  public static func check(
    _ transform: PictureTransform, fits size: (width: Int, height: Int), name: String
  ) throws(ImageError) {
    guard transform.validated(sourceWidth: size.width, sourceHeight: size.height) == nil,
      let crop = transform.crop
    else { return }
    throw ImageError(
      path: name, kind: .unsupported,
      reason:
        "the crop \(crop.x),\(crop.y),\(crop.width),\(crop.height) is not inside the \(size.width)×\(size.height) picture"
    )
  }
}
