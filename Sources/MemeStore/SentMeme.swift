// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A meme the user has sent, as the store keeps it. The store owns the three image files; their URLs
/// point inside the store's `images` folder. A file may be missing (deleted by hand, disk trouble):
/// check `hasAllFiles` or the individual URLs and show a placeholder.
public struct SentMeme: Sendable, Hashable, Identifiable {
  public let id: Int64
  public var topText: String
  public var bottomText: String
  public var style: CaptionStyle
  public var sentAt: Date
  /// The user's order: smaller comes first. Only the relative order means anything.
  public var position: Int64
  /// The store's copy of the picture the captions were drawn on.
  public var originalImageURL: URL
  /// How the original is cut and turned before the captions are laid out on it.
  public var transform: PictureTransform
  /// The text boxes placed anywhere, drawn after the classic top and bottom captions.
  public var textBoxes: [TextBox]
  /// How the texts and the picture are arranged (Classic for every meme sent before layouts).
  public var layout: MemeLayoutKind
  /// The finished meme as it was sent.
  public var renderedImageURL: URL
  /// A small image for the list and grid.
  public var thumbnailURL: URL
  /// The description the user wrote, or nil for the default (see `resolvedDescription`).
  public var customDescription: String?
  /// The file Save As last wrote the meme to, outside the store (it may have been moved or deleted
  /// since), or nil when it was never saved to a file.
  public var savedFileURL: URL?

  public init(
    id: Int64, topText: String, bottomText: String, style: CaptionStyle, sentAt: Date, position: Int64,
    originalImageURL: URL, renderedImageURL: URL, thumbnailURL: URL, transform: PictureTransform = .identity,
    textBoxes: [TextBox] = [], layout: MemeLayoutKind = .classic, customDescription: String? = nil,
    savedFileURL: URL? = nil
  ) {
    self.savedFileURL = savedFileURL
    self.layout = layout
    self.customDescription = customDescription
    self.transform = transform
    self.textBoxes = textBoxes
    self.id = id
    self.topText = topText
    self.bottomText = bottomText
    self.style = style
    self.sentAt = sentAt
    self.position = position
    self.originalImageURL = originalImageURL
    self.renderedImageURL = renderedImageURL
    self.thumbnailURL = thumbnailURL
  }

  /// The meme to open in the editor. Sending it again creates a new entry; the store's files are never
  /// changed by editing.
  public var meme: Meme {
    Meme(
      topText: topText, bottomText: bottomText, style: style, originalImage: originalImageURL,
      transform: transform, textBoxes: textBoxes, renderedImage: renderedImageURL, createdAt: sentAt,
      layout: layout, customDescription: customDescription)
  }

  /// The meme's description: the one the user wrote, or its text in reading order ("Copy
  /// Description", and what its file carries).
  public var resolvedDescription: String { meme.resolvedDescription }

  /// Whether the meme was sent as an animation: its rendered file is a GIF or an animated WebP,
  /// which MemeMe writes only for an animated picture (a still one is sent as PNG or JPEG). Its
  /// original is then the source animation, which Edit & Resend opens again.
  public var isAnimated: Bool { ["gif", "webp"].contains(renderedImageURL.pathExtension.lowercased()) }

  /// Whether all three image files exist right now. This asks the file system, so call it off the main
  /// thread when checking many memes.
  public var hasAllFiles: Bool {
    [originalImageURL, renderedImageURL, thumbnailURL].allSatisfy {
      FileManager.default.fileExists(atPath: $0.path)
    }
  }
}
