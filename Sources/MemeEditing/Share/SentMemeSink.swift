// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Where a meme goes once it has been shared (Sent Memes). The editor hands it over only when a
/// share completes; a cancelled share keeps nothing.
public protocol SentMemeSink: AnyObject {
  /// Keeps a shared meme: its captions and style, the picture it was made from and how it was cut and
  /// turned, the finished image and, when the share wrote a file (or put bytes on the clipboard),
  /// those very bytes, which are kept as they are.
  func keep(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform, rendered: RasterImage,
    file: EncodedImage?)
  /// Whether any meme has been kept (Cancel then shows Sent Memes instead of an empty editor).
  var isEmpty: Bool { get }
  /// Whether a meme is still being written (quitting now would lose it).
  var isSaving: Bool { get }
}

/// Sent memes held in memory for the life of the process.
public final class InMemorySentMemes: SentMemeSink {
  public struct Entry {
    public let captions: MemeCaptions
    public let originalImage: URL
    public let transform: PictureTransform
    public let rendered: RasterImage
    public let file: EncodedImage?
  }

  public private(set) var entries: [Entry] = []

  public init() {}

  public func keep(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform, rendered: RasterImage,
    file: EncodedImage?
  ) {
    entries.append(
      Entry(
        captions: captions, originalImage: originalImage, transform: transform, rendered: rendered, file: file
      ))
  }

  public var isEmpty: Bool { entries.isEmpty }
  public var isSaving: Bool { false }
}
