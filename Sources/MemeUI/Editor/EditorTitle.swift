// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import MemeCore
import MemeEditing

/// The editor window's title: what the meme is called, as a text editor names its document. The
/// first caption typed (top, then bottom, then the text boxes'), else the picture's file name (not
/// one the app gave it: a pasted or stored picture has no name a person chose), else "New Meme".
///
/// While the meme has changes no share has kept, the title starts with "• ", as GNOME Text Editor
/// marks an unsaved document: at the start, so the mark stays when a narrow window ellipsizes a long
/// caption at its end.
enum EditorTitle {
  /// The longest title, in characters: a caption can be a paragraph, the title bar holds a line.
  static let maximumLength = 60
  static let unsharedMark = "• "

  static func text(for document: EditorDocument) -> String {
    let name = name(captions: document.captions, picture: document.image?.url)
    return document.hasUnsharedChanges ? unsharedMark + name : name
  }

  static func name(captions: MemeCaptions, picture: URL?) -> String {
    let typed = ([captions.top, captions.bottom] + captions.textBoxes.map(\.text)).lazy
      .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
      .first { !$0.isEmpty }
    if let typed {
      return typed.count > maximumLength ? String(typed.prefix(maximumLength - 1)) + "…" : typed
    }
    if let picture, !MemeFileName.isNamedByTheApp(picture), !picture.lastPathComponent.isEmpty {
      return picture.lastPathComponent
    }
    return localized("New Meme")
  }
}
