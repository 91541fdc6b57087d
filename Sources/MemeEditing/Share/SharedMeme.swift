// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// A meme as `SharePipeline` made it: what it was made from, the bytes the user got (which Sent Memes
/// keeps unchanged) and its thumbnail. The full-size pixels are not kept: once encoded, the bytes are
/// the meme.
public nonisolated struct SharedMeme: Sendable {
  public let captions: MemeCaptions
  /// The picture's file, which Sent Memes copies as the meme's original.
  public let originalImage: URL
  public let transform: PictureTransform
  /// The file the share delivered, byte for byte.
  public let file: EncodedImage
  /// `SentMemeDraftMaker.thumbnailWidth` wide: Sent Memes' thumbnail, and the icon under a drag.
  public let thumbnail: RasterImage
  /// `thumbnail` as Sent Memes stores it.
  public let thumbnailPNG: Data

  public init(
    snapshot: ShareSnapshot, file: EncodedImage, thumbnail: RasterImage, thumbnailPNG: Data
  ) {
    captions = snapshot.captions
    originalImage = snapshot.picture.url
    transform = snapshot.transform
    self.file = file
    self.thumbnail = thumbnail
    self.thumbnailPNG = thumbnailPNG
  }
}
