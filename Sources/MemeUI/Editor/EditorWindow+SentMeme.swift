// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Opening a sent meme in the editor to change it and send it again (a new entry in Sent Memes).
extension EditorWindow {
  /// Shows `meme`'s captions, text boxes and style at once and loads its original picture (the store's copy),
  /// cut and turned as it was sent and still adjustable.
  func edit(_ meme: Meme) {
    document.setText(meme.topText, at: .top)
    document.setText(meme.bottomText, at: .bottom)
    document.endTyping()
    document.setBoxes(meme.textBoxes)
    // The layout first: switching adapts the style, which the meme's own then replaces.
    document.setLayout(meme.layout)
    document.setStyle(meme.style)
    // What was sent is kept in Sent Memes: closing before changing it loses nothing.
    document.markKept()
    load(meme.originalImage, transform: meme.transform, asKept: true)
  }
}
