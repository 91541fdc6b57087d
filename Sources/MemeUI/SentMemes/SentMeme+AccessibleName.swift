// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MemeCore
import MemeStore

/// How a sent meme is named to people who cannot see its picture, in the List, the Grid and Detail:
/// that it moves and in which format, its captions, and the description its user wrote for it (the
/// alt text they chose is what they meant a screen reader to say). A received meme says so first, and
/// without captions it is named by the words read in its picture.
extension SentMeme {
  var accessibleName: String {
    let captions = ([self.top, self.bottom] + self.textBoxes.map(\.text)).filter { !$0.isEmpty }
    var name = captions.isEmpty ? localized("Meme without captions") : captions.joined(separator: " / ")
    let read = isReceived && captions.isEmpty ? Self.oneLine(resolvedDescription) : ""
    if !read.isEmpty {
      // The read text is the description unless the user wrote one: it stands for the captions.
      name = read
    } else if let written = self.customDescription, MemeDescription.hasText(written) {
      // Translators: a sent meme's name for screen readers: its captions, then the description
      // its user wrote for it ("Top / Bottom. A cat staring at a wall").
      name = String(format: localized("%@. %@"), name, Self.oneLine(written))
    }
    if isReceived {
      // Translators: a received meme's name for screen readers ("Received: Hello world").
      name = String(format: localized("Received: %@"), name)
    }
    // The rendered file says what the meme was shared as (a still one is a PNG or a JPEG).
    if isVideo { return String(format: localized("Video: %@"), name) }
    return switch AnimationFormat(fileExtension: renderedImageURL.pathExtension) {
    case .gif: String(format: localized("Animated GIF: %@"), name)
    case .webp: String(format: localized("Animated WebP: %@"), name)
    case nil: name
    }
  }

  /// A description's line breaks and runs of white space as single spaces: a name is read as one line.
  private static func oneLine(_ text: String) -> String {
    MemeDescription.cleaned(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
