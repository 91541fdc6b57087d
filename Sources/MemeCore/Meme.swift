// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One meme: two captions, their style, the picture they sit on (and how it is cut and turned) and the
/// image made from them.
public struct Meme: Sendable, Hashable {
  public var topText: String
  public var bottomText: String
  public var style: CaptionStyle
  /// The picture the captions are drawn on, as the user chose it.
  public var originalImage: URL
  /// The crop, turn and mirroring of the picture; the original file is never changed.
  public var transform: PictureTransform
  /// The finished meme, once it has been rendered to a file.
  public var renderedImage: URL?
  public var createdAt: Date

  public init(
    topText: String, bottomText: String, style: CaptionStyle = .classic, originalImage: URL,
    transform: PictureTransform = .identity, renderedImage: URL? = nil, createdAt: Date = Date()
  ) {
    self.transform = transform
    self.topText = topText
    self.bottomText = bottomText
    self.style = style
    self.originalImage = originalImage
    self.renderedImage = renderedImage
    self.createdAt = createdAt
  }
}
