// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Encoded image bytes (PNG, JPEG, ...) and the file name extension they should be stored under.
public struct EncodedImage: Sendable, Hashable {
  public var data: Data
  /// Without the dot, e.g. "png".
  public var fileExtension: String

  public init(data: Data, fileExtension: String) {
    self.data = data
    self.fileExtension = fileExtension
  }

  public static func png(_ data: Data) -> EncodedImage { EncodedImage(data: data, fileExtension: "png") }
  public static func jpeg(_ data: Data) -> EncodedImage { EncodedImage(data: data, fileExtension: "jpg") }
}

/// Where the store gets its own copy of the original picture from.
public enum OriginalImage: Sendable, Hashable {
  /// Copy this file (its extension is kept).
  case file(URL)
  /// Store these bytes.
  case encoded(EncodedImage)
}

/// Everything needed to record one sent meme. The caller renders and encodes the images (with the
/// engine); the store only writes bytes.
public struct SentMemeDraft: Sendable, Hashable {
  public var topText: String
  public var bottomText: String
  public var style: CaptionStyle
  public var sentAt: Date
  public var original: OriginalImage
  /// How the original is cut and turned for the rendered image.
  public var transform: PictureTransform
  /// The text boxes placed anywhere, beside the classic captions.
  public var textBoxes: [TextBox]
  /// How the texts and the picture are arranged.
  public var layout: MemeLayoutKind
  public var rendered: EncodedImage
  public var thumbnail: EncodedImage
  /// The description the user wrote, or nil for the default (the meme's text in reading order).
  /// Blank text is stored as nil.
  public var customDescription: String?
  /// The file the share saved the meme to (Save As), which Meme Detail shows; nil for other shares.
  public var savedFile: URL?

  public init(
    topText: String, bottomText: String, style: CaptionStyle, sentAt: Date = Date(),
    original: OriginalImage, transform: PictureTransform = .identity, textBoxes: [TextBox] = [],
    rendered: EncodedImage, thumbnail: EncodedImage, layout: MemeLayoutKind = .classic,
    customDescription: String? = nil, savedFile: URL? = nil
  ) {
    self.savedFile = savedFile
    self.layout = layout
    self.customDescription = customDescription
    self.transform = transform
    self.textBoxes = textBoxes
    self.topText = topText
    self.bottomText = bottomText
    self.style = style
    self.sentAt = sentAt
    self.original = original
    self.rendered = rendered
    self.thumbnail = thumbnail
  }

  /// A draft for `meme` as it is being sent: its captions and style, a copy of its original image.
  public init(meme: Meme, rendered: EncodedImage, thumbnail: EncodedImage, sentAt: Date = Date()) {
    self.init(
      topText: meme.topText, bottomText: meme.bottomText, style: meme.style, sentAt: sentAt,
      original: .file(meme.originalImage), transform: meme.transform, textBoxes: meme.textBoxes,
      rendered: rendered, thumbnail: thumbnail, layout: meme.layout, customDescription: meme.customDescription
    )
  }
}
