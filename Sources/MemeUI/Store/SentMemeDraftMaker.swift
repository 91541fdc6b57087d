// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Turns a shared meme into what the store records: the rendered image as PNG, a small thumbnail
/// and the original picture's file. Runs off the main thread: encoding a large meme takes seconds.
nonisolated enum SentMemeDraftMaker {
  /// Thumbnails are this wide (the height keeps the aspect ratio): sharp in a grid cell on a
  /// HiDPI screen, small enough that thousands load quickly.
  static let thumbnailWidth = 256

  static func draft(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform = .identity,
    rendered: RasterImage, renderedPNG: Data? = nil,
    sentAt: Date = Date()
  ) throws -> SentMemeDraft {
    // The share's own PNG when it made one: encoding 48 megapixels again costs seconds and the
    // memory of a second copy.
    let png = try renderedPNG ?? Data(ImageWriter.encode(rendered, as: .png))
    let thumbnail = try thumbnailPNG(of: rendered)
    return SentMemeDraft(
      topText: captions.top, bottomText: captions.bottom, style: captions.style, sentAt: sentAt,
      original: .file(originalImage), transform: transform, rendered: .png(png),
      thumbnail: .png(Data(thumbnail)))
  }

  /// A PNG of `image` scaled to `thumbnailWidth` (or as it is when already narrower).
  static func thumbnailPNG(of image: RasterImage) throws -> [UInt8] {
    let width = min(thumbnailWidth, image.width)
    let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
    guard let small = width == image.width ? image : image.scaled(toWidth: width, height: height) else {
      throw ImageError(path: "thumbnail", kind: .outOfMemory, reason: tr("not enough memory for a thumbnail"))
    }
    return try ImageWriter.encode(small, as: .png)
  }

  /// A thumbnail made again from a meme's rendered file (when the thumbnail file went missing):
  /// decoded straight to the thumbnail width, which is cheap even for a large meme.
  static func thumbnailPNG(ofImageAt url: URL) throws -> [UInt8] {
    let size = try ImageLoader().pixelSize(ofImageAt: url)
    let image = try ImageLoader().load(contentsOf: url, targetWidth: min(thumbnailWidth, size.width))
    return try ImageWriter.encode(image, as: .png)
  }
}
