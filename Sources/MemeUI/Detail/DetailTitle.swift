// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeStore

/// Meme Detail's title: the meme's captions first, as a person remembers it, and under them the file
/// type as a badge (PNG, JPEG, GIF, Animated WebP) beside when it was sent. The type used to open
/// the title ("Animated GIF: …"), which left only the type readable in a narrow window.
enum DetailTitle {
  /// Fills detail-window.ui's title with `meme`'s.
  static func make(for meme: SentMeme, in tree: DetailWindowTree) -> UnsafeMutablePointer<GtkWidget> {
    tree.titleCaptions.text = captions(of: meme)
    tree.titleType.text = fileType(of: meme)
    tree.titleSent.text = SentTimeFormatter().fullString(for: meme.sentAt)
    return tree.title.widget
  }

  /// The captions in reading order, or what stands for none.
  static func captions(of meme: SentMeme) -> String {
    let texts = ([meme.top] + meme.textBoxes.map(\.text) + [meme.bottom])
      .filter { !$0.isEmpty }
    if texts.isEmpty, meme.isReceived {
      // A received meme has no captions of its own: the words read in it stand for them, when read.
      let read = meme.resolvedDescription.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      if !read.isEmpty { return read.joined(separator: " / ") }
      return localized("Received Meme")
    }
    return texts.isEmpty ? localized("Meme without captions") : texts.joined(separator: " / ")
  }

  /// The rendered file's type as people know it; an animated WebP is named so, a WebP MemeMe writes
  /// being always an animation (a still meme is saved as PNG or JPEG).
  static func fileType(of meme: SentMeme) -> String {
    switch meme.renderedImageURL.pathExtension.lowercased() {
    case "png": "PNG"
    case "jpg", "jpeg": "JPEG"
    case "gif": "GIF"
    case "webp": localized("Animated WebP")
    case let other: other.uppercased()
    }
  }
}
