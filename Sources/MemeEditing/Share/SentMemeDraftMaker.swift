// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Turns a shared meme into what the store records: the file the user shared (or, when the share
/// wrote none, the rendered image as PNG), a small thumbnail and the original picture's file. Runs off the main thread: encoding a large meme takes seconds.
public nonisolated enum SentMemeDraftMaker {
  /// Thumbnails are this wide (the height keeps the aspect ratio): sharp in a grid cell on a
  /// HiDPI screen, small enough that thousands load quickly.
  public static let thumbnailWidth = 256

  public static func draft(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform = .identity,
    rendered: RasterImage, file: EncodedImage? = nil,
    sentAt: Date = Date()
  ) throws -> SentMemeDraft {
    let kept = try file ?? .png(Data(ImageWriter.encode(rendered, as: .png)))
    let thumbnail = try thumbnailPNG(of: rendered)
    return SentMemeDraft(
      topText: captions.top, bottomText: captions.bottom, style: captions.style, sentAt: sentAt,
      original: .file(originalImage), transform: transform, rendered: kept,
      thumbnail: .png(Data(thumbnail)))
  }

  /// A PNG of `image` scaled to `thumbnailWidth` (or as it is when already narrower).
  public static func thumbnailPNG(of image: RasterImage) throws -> [UInt8] {
    let width = min(thumbnailWidth, image.width)
    let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
    guard let small = width == image.width ? image : image.scaled(toWidth: width, height: height) else {
      throw ImageError(
        path: "thumbnail", kind: .outOfMemory, reason: localized("not enough memory for a thumbnail"))
    }
    return try ImageWriter.encode(small, as: .png)
  }

  /// A thumbnail made again from a meme's rendered file (when the thumbnail file went missing):
  /// decoded straight to the thumbnail width, which is cheap even for a large meme.
  public static func thumbnailPNG(ofImageAt url: URL) throws -> [UInt8] {
    let size = try ImageLoader().pixelSize(ofImageAt: url)
    let image = try ImageLoader().load(contentsOf: url, targetWidth: min(thumbnailWidth, size.width))
    return try ImageWriter.encode(image, as: .png)
  }
}
