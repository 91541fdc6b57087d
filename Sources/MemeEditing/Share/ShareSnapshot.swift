// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Stage 1 of `SharePipeline`: what is shared, frozen when the share starts, so that edits made while
/// it is exported do not leak into it.
public nonisolated struct ShareSnapshot: Sendable {
  public let captions: MemeCaptions
  public let picture: EditorImage
  public let transform: PictureTransform
  /// The description the user wrote, or nil for the default (`EditorDocument.customDescription`).
  public let customDescription: String?

  public init(
    captions: MemeCaptions, picture: EditorImage, transform: PictureTransform,
    customDescription: String? = nil
  ) {
    self.captions = captions
    self.picture = picture
    self.transform = transform
    self.customDescription = customDescription
  }

  /// What the shared file carries as its description (alt text): the user's, or the captions'
  /// default.
  public var resolvedDescription: String {
    MemeDescription.resolved(customDescription, captions: captions)
  }

  /// The format Open With and Send by E-mail hand over: JPEG for a JPEG photo shown as it is (so its
  /// blocks are kept), PNG otherwise.
  public static func handOverFormat(for picture: EditorImage, transform: PictureTransform) -> ImageFormat {
    let isJPEG = ["jpg", "jpeg"].contains(picture.url.pathExtension.lowercased())
    return isJPEG && transform.isIdentity ? .jpeg(quality: ImageFormat.defaultJPEGQuality) : .png
  }

  /// A file name for the meme made from `original`: `photo-meme.png`.
  public static func suggestedName(for original: URL, format: ImageFormat = .png) -> String {
    "\(baseName(for: original)).\(format.fileExtension)"
  }

  /// What the meme is called in a file name, without the extension: `photo-meme` for a meme made
  /// from `photo.jpg`. A pasted or dropped picture is a file the app named itself (`pasted-2026…`),
  /// which means nothing to anyone: such a meme is called by its first words, `one-does-not-simply`.
  public var name: String {
    guard CacheFolder.contains(picture.url) else { return Self.baseName(for: picture.url) }
    let words = captions.allBoxes.map(\.text).joined(separator: " ")
      .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .split { !($0.isLetter || $0.isNumber) }
      .prefix(Self.wordsInName)
    return words.isEmpty ? "meme" : words.joined(separator: "-")
  }

  /// A file name for this meme in `format`: `name` with its extension.
  public func suggestedName(format: ImageFormat = .png) -> String {
    "\(name).\(format.fileExtension)"
  }

  /// Enough words to tell memes apart, few enough for a file name.
  static let wordsInName = 6

  /// `photo-meme` for `photo.jpg`.
  public static func baseName(for original: URL) -> String {
    let base = original.deletingPathExtension().lastPathComponent
    return "\(base.isEmpty ? "meme" : base)-meme"
  }
}
