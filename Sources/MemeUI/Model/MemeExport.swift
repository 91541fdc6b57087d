// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// A meme as it was shared: its pixels (for the thumbnail and the drag icon) and the bytes the user
/// got, which Sent Memes keeps unchanged.
nonisolated struct SharedMeme: Sendable {
  let image: RasterImage
  let file: EncodedImage
}

/// Renders the meme at the source's own resolution and writes or encodes it, on a background
/// thread. The same `MemeRenderer` path as the command line, so exports match `mememe render`.
nonisolated enum MemeExport {
  /// The captions on the picture cut and turned by `transform`, at the source's own resolution.
  static func render(
    _ captions: MemeCaptions, on picture: EditorImage, transform: PictureTransform,
    cancellation: Cancellation = Cancellation()
  ) -> Result<RasterImage, ImageError> {
    do throws(ImageError) {
      try cancellation.check(name: picture.url.path)
    } catch {
      return .failure(error)
    }
    guard let rendered = MemeRenderer.rendered(captions, image: picture.full, transform: transform) else {
      return .failure(
        ImageError(
          path: picture.url.path, kind: .outOfMemory,
          reason: localized("not enough memory to render the meme"))
      )
    }
    return .success(rendered)
  }

  /// Renders and writes to `url` in `format`. A JPEG photo written as JPEG keeps every block no
  /// caption touches, as `mememe render` does; anything else is rendered and encoded whole.
  static func write(
    _ captions: MemeCaptions, on picture: EditorImage, transform: PictureTransform, to url: URL,
    as format: ImageFormat, cancellation: Cancellation = Cancellation()
  ) -> Result<SharedMeme, ImageError> {
    if case .jpeg = format, transform.isIdentity,
      let kept = writeKeepingBlocks(captions, on: picture, to: url, cancellation: cancellation)
    {
      return kept
    }
    return render(captions, on: picture, transform: transform, cancellation: cancellation).flatMap {
      rendered in
      do throws(ImageError) {
        try ImageWriter.write(rendered, to: url, as: format, cancellation: cancellation)
        return .success(SharedMeme(image: rendered, file: try written(url, as: format)))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The block path for a JPEG photo, or `nil` (nothing written) when it cannot serve the picture. The
  /// photo is read again from its file, so it must still be the picture the editor shows.
  /// A stop ends it within an MCU row, with nothing written.
  private static func writeKeepingBlocks(
    _ captions: MemeCaptions, on picture: EditorImage, to url: URL, cancellation: Cancellation
  ) -> Result<SharedMeme, ImageError>? {
    if cancellation.isCancelled { return nil }
    guard let size = try? ImageLoader().pixelSize(ofImageAt: picture.url),
      size == (picture.width, picture.height)
    else { return nil }
    do throws(ImageError) {
      guard
        try MemeExporter.exportKeepingJPEGBlocks(
          captions, imageAt: picture.url, to: .file(url), cancellation: cancellation) != nil
      else { return nil }
      let file = try written(url, as: .jpeg(quality: ImageFormat.defaultJPEGQuality))
      let image = try ImageLoader().load(data: [UInt8](file.data), name: url.path)
      return .success(SharedMeme(image: image, file: file))
    } catch {
      return .failure(error)
    }
  }

  /// The bytes just written to `url`.
  private static func written(_ url: URL, as format: ImageFormat) throws(ImageError) -> EncodedImage {
    do {
      return EncodedImage(data: try Data(contentsOf: url), fileExtension: format.fileExtension)
    } catch {
      throw ImageError(path: url.path, kind: .unreadable, reason: error.localizedDescription)
    }
  }

  /// Renders and encodes as PNG (for the clipboard).
  static func encodePNG(
    _ captions: MemeCaptions, on picture: EditorImage, transform: PictureTransform,
    cancellation: Cancellation = Cancellation()
  ) -> Result<(image: RasterImage, png: [UInt8]), ImageError> {
    render(captions, on: picture, transform: transform, cancellation: cancellation).flatMap { rendered in
      do throws(ImageError) {
        return .success((rendered, try ImageWriter.encode(rendered, as: .png, cancellation: cancellation)))
      } catch {
        return .failure(error)
      }
    }
  }

  /// The format Open With and Send by E-mail hand over: JPEG for a JPEG photo shown as it is (so
  /// its blocks are kept), PNG otherwise.
  static func handOverFormat(for picture: EditorImage, transform: PictureTransform) -> ImageFormat {
    let isJPEG = ["jpg", "jpeg"].contains(picture.url.pathExtension.lowercased())
    return isJPEG && transform.isIdentity ? .jpeg(quality: ImageFormat.defaultJPEGQuality) : .png
  }

  /// A file name for the meme made from `original`: `photo-meme.png`.
  static func suggestedName(for original: URL, format: ImageFormat = .png) -> String {
    "\(baseName(for: original)).\(format.fileExtension)"
  }

  /// `photo-meme` for `photo.jpg`.
  static func baseName(for original: URL) -> String {
    let base = original.deletingPathExtension().lastPathComponent
    return "\(base.isEmpty ? "meme" : base)-meme"
  }
}
