// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A picture kept to make new memes from: the picture as it was cut, turned and mirrored, the layout
/// and caption style it was used with, and a name. No texts: a meme made from it starts with empty
/// captions. The store owns its two files, inside its `images` folder.
public struct MemeTemplate: Sendable, Hashable, Identifiable {
  public let id: Int64
  public var name: String
  /// The picture, already cut, turned and mirrored: a new meme uses it as it is.
  public var pictureURL: URL
  /// A small image for the gallery.
  public var thumbnailURL: URL
  public var layout: MemeLayoutKind
  public var style: CaptionStyle
  public var createdAt: Date
  /// How many memes were started from it, and when the last one was: the gallery shows the most used
  /// first.
  public var useCount: Int
  public var lastUsedAt: Date?
  /// Where the picture came from (the imported file's name, a sent meme, the editor), for the record.
  public var source: String?

  public init(
    id: Int64, name: String, pictureURL: URL, thumbnailURL: URL, layout: MemeLayoutKind = .classic,
    style: CaptionStyle = .classic, createdAt: Date = Date(), useCount: Int = 0, lastUsedAt: Date? = nil,
    source: String? = nil
  ) {
    self.id = id
    self.name = name
    self.pictureURL = pictureURL
    self.thumbnailURL = thumbnailURL
    self.layout = layout
    self.style = style
    self.createdAt = createdAt
    self.useCount = useCount
    self.lastUsedAt = lastUsedAt
    self.source = source
  }

  /// The meme a template starts: its picture as it is, empty captions, its layout and style.
  public var meme: Meme {
    Meme(
      topText: "", bottomText: "", style: style, originalImage: pictureURL, createdAt: Date(), layout: layout)
  }
}

/// Everything needed to keep one template. The caller makes the picture (cut, turned and mirrored)
/// and its thumbnail; the store only writes bytes.
public struct MemeTemplateDraft: Sendable, Hashable {
  public var name: String
  public var picture: EncodedImage
  public var thumbnail: EncodedImage
  public var layout: MemeLayoutKind
  public var style: CaptionStyle
  public var createdAt: Date
  public var source: String?

  public init(
    name: String, picture: EncodedImage, thumbnail: EncodedImage, layout: MemeLayoutKind = .classic,
    style: CaptionStyle = .classic, createdAt: Date = Date(), source: String? = nil
  ) {
    self.name = name
    self.picture = picture
    self.thumbnail = thumbnail
    self.layout = layout
    self.style = style
    self.createdAt = createdAt
    self.source = source
  }
}
