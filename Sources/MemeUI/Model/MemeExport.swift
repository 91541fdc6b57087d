// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

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

  /// Renders and writes to `url` in `format`.
  static func write(
    _ captions: MemeCaptions, on picture: EditorImage, transform: PictureTransform, to url: URL,
    as format: ImageFormat, cancellation: Cancellation = Cancellation()
  ) -> Result<RasterImage, ImageError> {
    render(captions, on: picture, transform: transform, cancellation: cancellation).flatMap { rendered in
      do throws(ImageError) {
        try ImageWriter.write(rendered, to: url, as: format, cancellation: cancellation)
        return .success(rendered)
      } catch {
        return .failure(error)
      }
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
