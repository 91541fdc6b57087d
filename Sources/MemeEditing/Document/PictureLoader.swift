// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

#if canImport(Glibc)
  import Glibc
#endif

/// Turns files and pasted bytes into editor pictures. Runs on a background thread: decoding a large
/// photo takes far longer than a frame.
public nonisolated enum PictureLoader {
  /// Decodes `url` at full size and makes the canvas preview. Once `cancellation` is set it stops
  /// (a JPEG within a few rows, other formats between steps) with a `.cancelled` error.
  public static func load(_ url: URL, cancellation: Cancellation? = nil) -> Result<EditorImage, ImageError> {
    let loader = ImageLoader()
    do throws(ImageError) {
      let full = try loader.load(contentsOf: url, cancellation: cancellation)
      try cancellation?.check(name: url.path)
      let preview = try preview(of: full, from: url, loader: loader, cancellation: cancellation)
      try cancellation?.check(name: url.path)
      return .success(EditorImage(url: url, full: full, preview: preview))
    } catch {
      return .failure(error)
    }
  }

  /// Saves pasted or dropped image bytes (as another application offered them, or PNG) to the cache so the meme has an
  /// original file like any other, then loads that file.
  public static func loadPasted(_ bytes: [UInt8], cancellation: Cancellation? = nil)
    -> Result<EditorImage, ImageError>
  {
    let url = CacheFolder.newFile(
      prefix: "pasted", extension: ImageLoader.fileExtension(sniffing: bytes) ?? "png")
    do throws(ImageError) {
      // The engine's writer, as every file in the cache: readable by its owner only.
      try ImageWriter.write(encoded: Data(bytes), to: url)
    } catch {
      return .failure(error)
    }
    return load(url, cancellation: cancellation)
  }

  /// The canvas copy: the picture itself when small, otherwise a reduced decode (JPEG decodes at a
  /// fraction of the size for a fraction of the time) brought to the exact preview size.
  private static func preview(
    of full: RasterImage, from url: URL, loader: ImageLoader, cancellation: Cancellation?
  ) throws(ImageError) -> RasterImage {
    let size = EditorImage.previewSize(width: full.width, height: full.height)
    guard size.width != full.width || size.height != full.height else { return full }
    let reduced =
      (try? loader.load(contentsOf: url, targetWidth: size.width, cancellation: cancellation)) ?? full
    if reduced.width == size.width && reduced.height == size.height { return reduced }
    guard let scaled = reduced.scaled(toWidth: size.width, height: size.height) else {
      throw ImageError(
        path: url.path, kind: .outOfMemory, reason: localized("not enough memory for a preview"))
    }
    return scaled
  }
}
