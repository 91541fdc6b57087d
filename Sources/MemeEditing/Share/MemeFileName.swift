// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The one rule for what a shared meme's file is called, in the editor and in Meme Detail alike:
/// `photo-meme` for a meme made from `photo.jpg`. A picture whose file the app named itself (pasted,
/// dropped, taken with the camera, or Sent Memes' own copy of an original) has a name that means
/// nothing to anyone: such a meme is called by its first words, `one-does-not-simply`, or `meme`.
public nonisolated enum MemeFileName {
  /// The name without an extension.
  public static func base(picture: URL, captions: MemeCaptions) -> String {
    isNamedByTheApp(picture) ? words(of: captions) : "\(stem(of: picture))-meme"
  }

  /// The name with `format`'s extension: `photo-meme.png`.
  public static func suggested(picture: URL, captions: MemeCaptions, format: ImageFormat = .png) -> String {
    "\(base(picture: picture, captions: captions)).\(format.fileExtension)"
  }

  /// Enough words to tell memes apart, few enough for a file name.
  static let wordsInName = 6

  /// `photo` for `photo.jpg`; `meme` for a file with no name before its extension.
  private static func stem(of picture: URL) -> String {
    let stem = picture.deletingPathExtension().lastPathComponent
    return stem.isEmpty ? "meme" : stem
  }

  /// The captions' first words, folded to plain lowercase letters and digits and joined by dashes.
  /// Untouched placeholders (TOP, BOTTOM, TEXT) are no words: they are never exported.
  private static func words(of captions: MemeCaptions) -> String {
    let words = captions.drawnTexts.joined(separator: " ")
      .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
      .split { !($0.isLetter || $0.isNumber) }
      .prefix(wordsInName)
    return words.isEmpty ? "meme" : words.joined(separator: "-")
  }

  /// Files in the app's cache folder, and files named by a UUID (Sent Memes names every file it
  /// keeps `<uuid>-original.jpg` and so on).
  public static func isNamedByTheApp(_ picture: URL) -> Bool {
    if CacheFolder.contains(picture) { return true }
    let stem = stem(of: picture)
    return stem.count >= 36 && UUID(uuidString: String(stem.prefix(36))) != nil
  }
}
