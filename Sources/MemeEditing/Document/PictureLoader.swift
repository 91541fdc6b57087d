// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeVideo

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
      if VideoFile.isVideo(url) { return .success(try loadVideo(url, cancellation: cancellation)) }
      if let animation = AnimationReader.info(ofImageAt: url), animation.isAnimated {
        return .success(try loadAnimation(url, loader: loader, cancellation: cancellation))
      }
      let full = try loader.load(contentsOf: url, cancellation: cancellation)
      try cancellation?.check(name: url.path)
      let preview = try preview(of: full, from: url, loader: loader, cancellation: cancellation)
      try cancellation?.check(name: url.path)
      return .success(EditorImage(url: url, full: full, preview: preview))
    } catch {
      return .failure(error)
    }
  }

  /// An animated GIF or WebP: its first frame as the animation reader composes it (on the
  /// logical screen, as every later frame and the animated export are), under the reader's limits,
  /// so a hostile file is refused here with the reason. Its frames are decoded once more to read
  /// where they lie in time (frames are composed over one another), here rather than on the main
  /// thread when it starts to play; a damaged later frame leaves the timeline to the player, which
  /// stops there.
  private static func loadAnimation(_ url: URL, loader: ImageLoader, cancellation: Cancellation?)
    throws(ImageError) -> EditorImage
  {
    let reader = try AnimationReader(contentsOf: url, loader: loader)
    guard try reader.nextFrame() != nil, let full = reader.canvas.copy() else {
      throw ImageError(
        path: url.path, kind: .corrupt, reason: localized("the animation is damaged or has no whole frame"))
    }
    try cancellation?.check(name: url.path)
    let size = EditorImage.previewSize(width: full.width, height: full.height)
    let preview = try scaled(full, to: size, name: url.path)
    let handle = try? FileHandle(forReadingFrom: url)
    let head = [UInt8]((try? handle?.read(upToCount: 16)) ?? Data())
    try? handle?.close()
    let kind = ImageLoader.fileExtension(sniffing: head).flatMap(AnimationFormat.init(fileExtension:))
    let timeline = try? AnimationTimeline(readingFramesOf: reader, cancellation: cancellation)
    try cancellation?.check(name: url.path)
    return EditorImage(
      url: url, full: full, preview: preview, animation: reader.info, animationFormat: kind ?? .gif,
      timeline: timeline)
  }

  /// A video: its first frame (under the video limits, within their time), which the editor shows
  /// until it plays and still shares write.
  private static func loadVideo(_ url: URL, cancellation: Cancellation?) throws(ImageError) -> EditorImage {
    let (info, frames) = try VideoProbe.firstFrames(of: url)
    guard let full = frames.first else {
      throw ImageError(path: url.path, kind: .corrupt, reason: localized("the video has no frame"))
    }
    try cancellation?.check(name: url.path)
    let preview = try scaled(
      full, to: EditorImage.previewSize(width: full.width, height: full.height), name: url.path)
    return EditorImage(url: url, full: full, preview: preview, video: info)
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
    return try scaled(reduced, to: size, name: url.path)
  }

  /// `image` at `size` (itself when it has that size already).
  private static func scaled(_ image: RasterImage, to size: (width: Int, height: Int), name: String)
    throws(ImageError) -> RasterImage
  {
    if image.width == size.width && image.height == size.height { return image }
    guard let scaled = image.scaled(toWidth: size.width, height: size.height) else {
      throw ImageError(path: name, kind: .outOfMemory, reason: localized("not enough memory for a preview"))
    }
    return scaled
  }
}
