// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Where a meme goes once it has been shared (Sent Memes). The editor hands it over only when a
/// share completes; a cancelled share keeps nothing.
public protocol SentMemeSink: AnyObject {
  /// Keeps a shared meme: its captions and style, the picture it was made from and how it was cut and
  /// turned, the finished image, and that image as PNG when the share already encoded it (so that a
  /// 48-megapixel meme is not encoded, and held, a second time).
  func keep(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform, rendered: RasterImage,
    renderedPNG: Data?)
  /// Whether any meme has been kept (Cancel then shows Sent Memes instead of an empty editor).
  var isEmpty: Bool { get }
  /// Whether a meme is still being written (quitting now would lose it).
  var isSaving: Bool { get }
}

extension SentMemeSink {
  /// Keeps a meme whose PNG the sink makes itself.
  public func keep(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform, rendered: RasterImage
  ) {
    keep(
      captions: captions, originalImage: originalImage, transform: transform, rendered: rendered,
      renderedPNG: nil)
  }
}

/// Sent memes held in memory for the life of the process.
public final class InMemorySentMemes: SentMemeSink {
  public struct Entry {
    public let captions: MemeCaptions
    public let originalImage: URL
    public let transform: PictureTransform
    public let rendered: RasterImage
  }

  public private(set) var entries: [Entry] = []

  public init() {}

  public func keep(
    captions: MemeCaptions, originalImage: URL, transform: PictureTransform, rendered: RasterImage,
    renderedPNG: Data?
  ) {
    entries.append(
      Entry(captions: captions, originalImage: originalImage, transform: transform, rendered: rendered))
  }

  public var isEmpty: Bool { entries.isEmpty }
  public var isSaving: Bool { false }
}
