// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Share, from the Share button to Sent Memes, as one pipeline. The Share menu's items (Save As,
/// Copy Image, Open With, Send by E-mail) and a drag out of the canvas are the editor's actions in
/// `EditorSharing` (MemeUI); every one of them runs these stages, in this order:
///
/// 1. **snapshot** (main thread, `ShareSnapshot`): the captions, the picture and its crop and turn as
///    they are now, so that edits made while the meme is exported do not leak into it.
/// 2. **render** (background, `ExportPlan.exportStill`): the captions drawn on the picture at its own
///    resolution, once, by the same `MemeRenderer` as `mememe render`.
/// 3. **encode** (background, `ExportPlan.exportStill`): those pixels to PNG or JPEG bytes, once, with
///    the meme's description (`ShareSnapshot.resolvedDescription`) as the file's alt text and no other
///    metadata. A JPEG photo shown as it is and shared as a JPEG takes the block path instead of 2 and
///    3: every block no caption touches is copied from the photo.
///    With a size limit, a file over it is replaced by the largest JPEG of the rendered pixels that
///    fits (`SizeFitter`: the same pixels encoded at lower qualities, then smaller), and the shared
///    meme says what was done (`SharedMeme.fit`).
/// 4. **thumbnail** (background, `thumbnail`): Sent Memes' thumbnail, on the same hop, from the rendered
///    pixels (on the block path, from the JPEG bytes decoded straight to the thumbnail's width).
/// 5. **deliver** (`deliver`): the same bytes to the target. Save As writes them atomically to the chosen
///    file, and Open With, Send by E-mail and a drag to a new file in the cache folder, on the same
///    background hop; Copy Image puts them on the clipboard back on the main thread. The editor then
///    hands the cache file to the chosen application or the e-mail composer.
/// 6. **keep** (`SentMemeSink.keep`, main thread): once the target has taken the meme, the same bytes and
///    the thumbnail go to Sent Memes, which stores them as they are (`SentMemeDraftMaker` makes the
///    record, `SentMemeStore.save` writes it on the store's background thread).
///
/// `ExportPlan.exportStill` (MemeCore) makes every decision of stages 2 and 3 and does them, as it does
/// for `mememe render`: this pipeline says where the pixels come from and where the bytes go, and
/// makes the thumbnail.
///
/// Stages 2 to 5 run in one call (`run`) on one background hop. A stop (`Cancellation`) is honoured
/// before rendering, between PNG strips and before the file is renamed into place; a stopped or failed
/// share delivers nothing and keeps nothing.
public nonisolated enum SharePipeline {
  /// Where stage 5 puts the bytes.
  public enum Destination: Sendable {
    /// A file, replaced atomically: a new file in the cache folder. When the size limit turns a PNG
    /// into a JPEG, the JPEG goes to a free name beside it ending in `.jpg`.
    case file(URL)
    /// The file the user chose (Save As), replaced atomically. When the size limit turns a PNG into
    /// a JPEG nothing is written: `SharedMeme.proposedFile` names a free `.jpg` beside it, for the
    /// caller to ask about.
    case chosenFile(URL)
    /// The caller: it hands the bytes over on the main thread (Copy Image's clipboard).
    case caller
  }

  /// Stages 2 to 5: renders and encodes `snapshot` once, makes its thumbnail and delivers the bytes
  /// to `destination`. Runs on the calling thread (a background one: a large meme takes seconds).
  ///
  /// With `sizeLimit` (bytes), the file is at most that large: the normal export when it fits,
  /// else the largest JPEG that does (`SizeFitter`); `SharedMeme.fit` says which, at what quality
  /// and size. A PNG that had to become a JPEG is delivered to the same name ending in `.jpg`
  /// (`SharedMeme.deliveredFile`; its `file.fileExtension` is `jpg`), or a free one after it, never
  /// one that exists; to a chosen file (Save As) it is not delivered, but proposed
  /// (`SharedMeme.proposedFile`) for the caller to ask about. A limit no JPEG can meet fails
  /// with `ImageError.Kind.overSizeLimit`, delivering nothing.
  ///
  /// With `strategy` `.keepFormat` (Save As's "Keep PNG"), a PNG over the limit stays a PNG with
  /// fewer pixels instead (`SizeFitter.encodeKeepingFormat`), delivered under the name given.
  public static func run(
    _ snapshot: ShareSnapshot, as format: ImageFormat, to destination: Destination, sizeLimit: Int? = nil,
    strategy: SizeLimitStrategy = .largestJPEG, cancellation: Cancellation = Cancellation()
  ) -> Result<SharedMeme, ImageError> {
    do throws(ImageError) {
      try cancellation.check(name: snapshot.picture.url.path)
      let plan = ExportPlan(
        sizeLimit: sizeLimit, strategy: strategy, description: snapshot.resolvedDescription)
      let export = try plan.exportStill(
        snapshot.content.captions, from: snapshot.stillSource, as: format,
        to: .memory, transform: snapshot.content.transform, cancellation: cancellation)
      guard let bytes = export.bytes else { preconditionFailure("an export to memory returns its bytes") }
      // Stage 4, from the rendered pixels, or on the block path from the file.
      let thumbnail: RasterImage
      if let rendered = export.rendered {
        thumbnail = try Self.thumbnail(of: rendered)
      } else {
        thumbnail = try Self.thumbnail(ofJPEG: Data(bytes), picture: snapshot.picture)
      }
      let made = (bytes: Data(bytes), thumbnail: thumbnail, fit: export.summary.fit)
      var delivered: URL?
      var proposed: URL?
      switch destination {
      case .file(let url):
        delivered = try made.fit?.unusedFileURL(for: url) ?? url
        try deliver(made.bytes, to: delivered!, cancellation: cancellation)
      case .chosenFile(let url):
        let renamed = try made.fit?.unusedFileURL(for: url) ?? url
        if renamed == url {
          delivered = url
          try deliver(made.bytes, to: url, cancellation: cancellation)
        } else {
          proposed = renamed
        }
      case .caller: break
      }
      let written = made.fit?.format ?? format
      return .success(
        SharedMeme(
          snapshot: snapshot, file: EncodedImage(data: made.bytes, fileExtension: written.fileExtension),
          thumbnail: made.thumbnail, thumbnailPNG: Data(try ImageWriter.encode(made.thumbnail, as: .png)),
          fit: made.fit, deliveredFile: delivered, proposedFile: proposed))
    } catch {
      return .failure(error)
    }
  }

  /// Stage 2: the captions on the picture cut and turned by the snapshot's transform, at the source's
  /// own resolution (an animation's first frame).
  public static func render(_ snapshot: ShareSnapshot) throws(ImageError) -> RasterImage {
    guard
      let rendered = MemeRenderer.rendered(
        snapshot.content.captions, image: snapshot.picture.full, transform: snapshot.content.transform)
    else {
      throw ImageError(
        path: snapshot.picture.url.path, kind: .outOfMemory,
        reason: localized("not enough memory to render the meme"))
    }
    return rendered
  }

  /// Stage 4: Sent Memes' thumbnail of the rendered meme.
  static func thumbnail(of rendered: RasterImage) throws(ImageError) -> RasterImage {
    try SentMemeDraftMaker.thumbnail(of: rendered)
  }

  /// Stage 4 on the block path: the JPEG decoded straight to the thumbnail's width.
  private static func thumbnail(ofJPEG bytes: Data, picture: EditorImage) throws(ImageError) -> RasterImage {
    try ImageLoader().load(
      data: [UInt8](bytes), name: picture.url.path,
      targetWidth: min(SentMemeDraftMaker.thumbnailWidth, picture.width))
  }

  /// Stage 5 for a file: the bytes written to `url` atomically; nothing is left there when the share
  /// is stopped before the file is in place.
  static func deliver(_ bytes: Data, to url: URL, cancellation: Cancellation) throws(ImageError) {
    try ImageWriter.write(encoded: bytes, to: url, cancellation: cancellation)
  }

  /// Stage 5 for Save As's proposed file, once the user agreed: `meme`'s bytes to `url` as a new
  /// file. Whatever has that name by then (a file, or a symbolic link even to nothing) is left as it
  /// is and the write fails (`ImageWriter.isExisting`). Runs on the calling thread.
  public static func deliverNew(_ meme: SharedMeme, to url: URL) -> Result<SharedMeme, ImageError> {
    do throws(ImageError) {
      try ImageWriter.writeNew(encoded: meme.file.data, to: url)
      return .success(meme.delivered(to: url))
    } catch {
      return .failure(error)
    }
  }
}
