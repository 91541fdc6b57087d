// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// A meme as `SharePipeline` made it: what it was made from, the bytes the user got (which Sent Memes
/// keeps unchanged) and its thumbnail. The full-size pixels are not kept: once encoded, the bytes are
/// the meme.
public nonisolated struct SharedMeme: Sendable, MemeContentHolder {
  /// The captions, layers, picture transform and description it was made from.
  public var content: MemeContent
  /// The picture's file, which Sent Memes copies as the meme's original.
  public let originalImage: URL
  /// The file the share delivered, byte for byte.
  public let file: EncodedImage
  /// `SentMemeDraftMaker.thumbnailWidth` wide: Sent Memes' thumbnail, and the icon under a drag.
  public let thumbnail: RasterImage
  /// `thumbnail` as Sent Memes stores it.
  public let thumbnailPNG: Data
  /// The description written into `file`.
  public var resolvedDescription: String { content.resolvedDescription }
  /// What the size limit made of the file (nil when the share had none): for the confirmation
  /// ("Saved 7.8 MB: quality 84, 6000×4000") and, when a PNG became a JPEG, to say so.
  public let fit: SizeFit?
  /// What the size limit made of an animated file (nil for a still one, or without a limit).
  public let animationFit: AnimationFit?
  /// The file the bytes were written to, for a share to a file: the one asked for, or the same
  /// name ending in `.jpg` when the size limit turned a PNG into a JPEG. Nil for the caller's share,
  /// and for Save As's JPEG not written yet (`proposedFile`).
  public private(set) var deliveredFile: URL?
  /// For Save As (`SharePipeline.Destination.chosenFile`) when the size limit turned a PNG into a
  /// JPEG: a free name beside the one chosen, ending in `.jpg`, that the JPEG could go to. The user
  /// did not choose it, so nothing was written: the caller asks first, then writes `file` there
  /// with `SharePipeline.deliverNew`, which never replaces what has that name by then.
  public private(set) var proposedFile: URL?
  /// The file a Save As wrote (what the user chose, or the JPEG they agreed to): Sent Memes records
  /// it as where the meme was last saved. Nil for every other share, whose files are copies in the
  /// cache folder or nowhere.
  public var savedFile: URL?

  public init(
    snapshot: ShareSnapshot, file: EncodedImage, thumbnail: RasterImage, thumbnailPNG: Data,
    fit: SizeFit? = nil, animationFit: AnimationFit? = nil,
    deliveredFile: URL? = nil, proposedFile: URL? = nil
  ) {
    content = snapshot.content
    originalImage = snapshot.picture.url
    self.file = file
    self.thumbnail = thumbnail
    self.thumbnailPNG = thumbnailPNG
    self.fit = fit
    self.animationFit = animationFit
    self.deliveredFile = deliveredFile
    self.proposedFile = proposedFile
  }

  /// This meme once its proposed file is written to `url`.
  public func delivered(to url: URL) -> SharedMeme {
    var meme = self
    meme.deliveredFile = url
    meme.proposedFile = nil
    return meme
  }
}
