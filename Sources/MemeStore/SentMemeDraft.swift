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

/// Everything needed to record one sent meme: its content, and the files. The caller renders and
/// encodes the images (with the engine); the store only writes bytes.
public struct SentMemeDraft: MemeContentHolder, Sendable, Hashable {
  /// What makes the meme. A description of blank text is stored as nil (the default).
  public var content: MemeContent
  public var sentAt: Date
  public var original: OriginalImage
  public var rendered: EncodedImage
  public var thumbnail: EncodedImage
  /// The file the share saved the meme to (Save As), which Meme Detail shows; nil for other shares.
  public var savedFile: URL?
  /// Whether someone else made the meme and the user is collecting it (see `SentMeme.isReceived`).
  public var isReceived: Bool

  public init(
    content: MemeContent, sentAt: Date = Date(), original: OriginalImage, rendered: EncodedImage,
    thumbnail: EncodedImage, savedFile: URL? = nil, isReceived: Bool = false
  ) {
    self.content = content
    self.sentAt = sentAt
    self.original = original
    self.rendered = rendered
    self.thumbnail = thumbnail
    self.savedFile = savedFile
    self.isReceived = isReceived
  }

  /// A draft for `meme` as it is being sent: its content, a copy of its original image.
  public init(meme: Meme, rendered: EncodedImage, thumbnail: EncodedImage, sentAt: Date = Date()) {
    self.init(
      content: meme.content, sentAt: sentAt, original: .file(meme.originalImage), rendered: rendered,
      thumbnail: thumbnail)
  }
}
