// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Turns a shared meme into what the store records (the keep stage of `SharePipeline`): the very
/// bytes the user got, the thumbnail made with them and the original picture's file. Nothing is
/// rendered or encoded here: the pipeline did that, once.
public nonisolated enum SentMemeDraftMaker {
  /// Thumbnails are this wide (the height keeps the aspect ratio): sharp in a grid cell on a
  /// HiDPI screen, small enough that thousands load quickly.
  static let thumbnailWidth = 256

  public static func draft(of meme: SharedMeme, sentAt: Date = Date()) -> SentMemeDraft {
    SentMemeDraft(
      content: meme.content, sentAt: sentAt, original: .file(meme.originalImage), rendered: meme.file,
      thumbnail: .png(meme.thumbnailPNG), savedFile: meme.savedFile)
  }

  /// `image` scaled to `thumbnailWidth` (or as it is when already narrower).
  static func thumbnail(of image: RasterImage) throws(ImageError) -> RasterImage {
    let width = min(thumbnailWidth, image.width)
    let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
    guard let small = width == image.width ? image : image.scaled(toWidth: width, height: height) else {
      throw ImageError(
        path: "thumbnail", kind: .outOfMemory, reason: localized("not enough memory for a thumbnail"))
    }
    return small
  }

  /// A thumbnail made again from a meme's rendered file (when the thumbnail file went missing):
  /// decoded straight to the thumbnail width, which is cheap even for a large meme.
  public static func thumbnailPNG(ofImageAt url: URL) throws -> [UInt8] {
    let size = try ImageLoader().pixelSize(ofImageAt: url)
    let image = try ImageLoader().load(contentsOf: url, targetWidth: min(thumbnailWidth, size.width))
    return try ImageWriter.encode(image, as: .png)
  }
}
