// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Turns files and pasted bytes into editor pictures. Runs on a background thread: decoding a large
/// photo takes far longer than a frame.
public nonisolated enum PictureLoader {
  /// Decodes `url` at full size and makes the canvas preview.
  public static func load(_ url: URL) -> Result<EditorImage, ImageError> {
    let loader = ImageLoader()
    do throws(ImageError) {
      let full = try loader.load(contentsOf: url)
      return .success(
        EditorImage(url: url, full: full, preview: try preview(of: full, from: url, loader: loader)))
    } catch {
      return .failure(error)
    }
  }

  /// Saves pasted or dropped image bytes (PNG from the clipboard) to the cache so the meme has an
  /// original file like any other, then loads that file.
  public static func loadPasted(_ bytes: [UInt8]) -> Result<EditorImage, ImageError> {
    let url = CacheFolder.newFile(prefix: "pasted", extension: "png")
    do {
      try Data(bytes).write(to: url, options: .atomic)
    } catch {
      return .failure(ImageError(path: url.path, kind: .writeFailed, reason: error.localizedDescription))
    }
    return load(url)
  }

  /// The canvas copy: the picture itself when small, otherwise a reduced decode (JPEG decodes at a
  /// fraction of the size for a fraction of the time) brought to the exact preview size.
  private static func preview(of full: RasterImage, from url: URL, loader: ImageLoader) throws(ImageError)
    -> RasterImage
  {
    let size = EditorImage.previewSize(width: full.width, height: full.height)
    guard size.width != full.width || size.height != full.height else { return full }
    let reduced = (try? loader.load(contentsOf: url, targetWidth: size.width)) ?? full
    if reduced.width == size.width && reduced.height == size.height { return reduced }
    guard let scaled = reduced.scaled(toWidth: size.width, height: size.height) else {
      throw ImageError(
        path: url.path, kind: .outOfMemory, reason: localized("not enough memory for a preview"))
    }
    return scaled
  }
}

/// Files the editor makes for sharing and pasting, under the user's cache folder.
public nonisolated enum CacheFolder {
  public static var url: URL {
    let base =
      ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    let folder = base.appendingPathComponent("mememe", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A new, unused file name such as `pasted-20261122-013045-1a2b.png`.
  ///
  /// These files are handed to other programs (a mail client through xdg-email, Open With, a drop
  /// target), some of which paste the name into their own command syntax: a picture named
  /// `x',attachment='...'.jpg` could add attachments to an e-mail. So the prefix, which may come from
  /// the picture's name, is cut down to ASCII letters, digits, `-` and `_`, starts with a letter or
  /// digit, and is short, whatever the picture was called.
  public static func newFile(prefix: String, extension fileExtension: String) -> URL {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let suffix = String(UInt16.random(in: 0...UInt16.max), radix: 16)
    return url.appendingPathComponent(
      "\(safePrefix(prefix))-\(formatter.string(from: Date()))-\(suffix).\(fileExtension)")
  }

  /// `prefix` with every other character dropped, at most 48 characters, or `meme` when nothing is left.
  static func safePrefix(_ prefix: String) -> String {
    let kept = prefix.unicodeScalars.filter {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
    }
    let text = String(String.UnicodeScalarView(kept)).drop { $0 == "-" || $0 == "_" }.prefix(48)
    return text.isEmpty ? "meme" : String(text)
  }
}
