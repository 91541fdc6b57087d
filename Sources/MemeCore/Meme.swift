// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One meme: the classic two captions, their style, the text boxes placed anywhere, the picture they sit on (and how it is cut and turned) and the
/// image made from them.
public struct Meme: Sendable, Hashable {
  public var topText: String
  public var bottomText: String
  public var style: CaptionStyle
  /// The picture the captions are drawn on, as the user chose it.
  public var originalImage: URL
  /// The crop, turn and mirroring of the picture; the original file is never changed.
  public var transform: PictureTransform
  /// The text boxes beyond the classic two captions, drawn after them in order.
  public var textBoxes: [TextBox]
  /// How the texts and the picture are arranged in the output.
  public var layout: MemeLayoutKind
  /// The finished meme, once it has been rendered to a file.
  public var renderedImage: URL?
  public var createdAt: Date
  /// The description the user wrote for the meme (its alt text), or nil for the default: the meme's
  /// text in reading order (see `resolvedDescription`).
  public var customDescription: String?

  public init(
    topText: String, bottomText: String, style: CaptionStyle = .classic, originalImage: URL,
    transform: PictureTransform = .identity, textBoxes: [TextBox] = [], renderedImage: URL? = nil,
    createdAt: Date = Date(), layout: MemeLayoutKind = .classic, customDescription: String? = nil
  ) {
    self.layout = layout
    self.customDescription = customDescription
    self.transform = transform
    self.textBoxes = textBoxes
    self.topText = topText
    self.bottomText = bottomText
    self.style = style
    self.originalImage = originalImage
    self.renderedImage = renderedImage
    self.createdAt = createdAt
  }

  /// Everything the renderer draws on the picture.
  public var captions: MemeCaptions {
    MemeCaptions(top: topText, bottom: bottomText, style: style, boxes: textBoxes, layout: layout)
  }
}
