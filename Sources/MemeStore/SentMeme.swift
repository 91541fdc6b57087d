// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A meme the user has sent, as the store keeps it: its content, and the store's own fields. The
/// store owns the three image files; their URLs point inside the store's `images` folder. A file may
/// be missing (deleted by hand, disk trouble): check `hasAllFiles` or the individual URLs and show a
/// placeholder.
public struct SentMeme: MemeContentHolder, Sendable, Hashable, Identifiable {
  public let id: Int64
  /// What makes the meme: its texts, style, layout, text boxes, transform (how the original is cut
  /// and turned before the captions are laid out on it) and description.
  public var content: MemeContent
  public var sentAt: Date
  /// The user's order: smaller comes first. Only the relative order means anything.
  public var position: Int64
  /// The store's copy of the picture the captions were drawn on.
  public var originalImageURL: URL
  /// The finished meme as it was sent.
  public var renderedImageURL: URL
  /// A small image for the list and grid.
  public var thumbnailURL: URL
  /// The file Save As last wrote the meme to, outside the store (it may have been moved or deleted
  /// since), or nil when it was never saved to a file.
  public var savedFileURL: URL?
  /// Whether someone else made the meme and the user collected it into Sent Memes (Collect), rather
  /// than made and sent it: its content is then empty, and its picture is the file as received.
  public var isReceived: Bool
  /// The words read in the picture of a received meme (see `TextInPicture`); a sent meme's are its
  /// own texts, and it is never read.
  public var textInPicture: TextInPicture

  public init(
    id: Int64, content: MemeContent, sentAt: Date, position: Int64, originalImageURL: URL,
    renderedImageURL: URL, thumbnailURL: URL, savedFileURL: URL? = nil, isReceived: Bool = false,
    textInPicture: TextInPicture = .notRead
  ) {
    self.id = id
    self.content = content
    self.sentAt = sentAt
    self.position = position
    self.originalImageURL = originalImageURL
    self.renderedImageURL = renderedImageURL
    self.thumbnailURL = thumbnailURL
    self.savedFileURL = savedFileURL
    self.isReceived = isReceived
    self.textInPicture = textInPicture
  }

  /// The description files and Sent Memes carry: the user's, else the meme's text in reading order
  /// (see `MemeContent.resolvedDescription`). A received meme has no text of its own: its default is
  /// the text read in its picture, one line for each line read.
  public var resolvedDescription: String {
    guard isReceived, !MemeDescription.hasText(content.customDescription ?? ""),
      let read = textInPicture.text
    else { return content.resolvedDescription }
    return MemeDescription.cleaned(read)
  }

  /// The meme to open in the editor. Sending it again creates a new entry; the store's files are never
  /// changed by editing.
  public var meme: Meme {
    Meme(
      content: content, originalImage: originalImageURL, renderedImage: renderedImageURL, createdAt: sentAt)
  }

  /// Whether the meme was sent as an animation: its rendered file is a GIF or an animated WebP,
  /// which MemeMe writes only for an animated picture (a still one is sent as PNG or JPEG). Its
  /// original is then the source animation, which Edit & Resend opens again.
  public var isAnimated: Bool { ["gif", "webp"].contains(renderedImageURL.pathExtension.lowercased()) }

  /// Whether the meme was sent as a video (MP4 or WebM), which MemeMe writes only for a video: its
  /// original is then the source video, which Edit & Resend opens again.
  public var isVideo: Bool { ["mp4", "webm"].contains(renderedImageURL.pathExtension.lowercased()) }

  /// Whether all three image files exist right now. This asks the file system, so call it off the main
  /// thread when checking many memes.
  public var hasAllFiles: Bool {
    [originalImageURL, renderedImageURL, thumbnailURL].allSatisfy {
      FileManager.default.fileExists(atPath: $0.path)
    }
  }
}
