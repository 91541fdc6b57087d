// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Add → Speech Bubble → Reaction and Comic (`win.add-reaction-bubble`, `win.add-comic-bubble`): a
/// bubble of that kind, selected, its field focused so its keys work at once; a comic bubble's
/// placeholder is ready to be typed over, as Add Text's box is.
final class BubbleAdding {
  private unowned let host: any EditorHost
  private let toasts: ToastOverlay
  /// Whether crop mode is on: it hides the layers.
  private let isCropping: () -> Bool

  init(host: any EditorHost, toasts: ToastOverlay, isCropping: @escaping () -> Bool) {
    self.host = host
    self.toasts = toasts
    self.isCropping = isCropping
  }

  /// The Speech Bubble submenu: Reaction and Comic (the canvas's Add menu and the bottom bar's
  /// Speech Bubble button show it).
  static var menu: Menu {
    Menu([
      (localized("Reaction"), EditorAction.addReactionBubble.detailedName),
      (localized("Comic"), EditorAction.addComicBubble.detailedName),
    ])
  }

  /// Whether a bubble can be added now (a picture, no crop mode); the actions follow it.
  var isPossible: Bool { host.document.image != nil && !isCropping() }

  /// Adds a reaction bubble across the top of the picture, or a comic bubble with its tail.
  func add(comic: Bool) {
    guard isPossible else { return }
    let bubbles = host.document.speechBubbles
    guard bubbles.canAdd else {
      toasts.show(
        Toast(String(format: localized("A meme holds at most %ld speech bubbles"), SpeechBubble.maximumCount))
      )
      return
    }
    guard let index = comic ? bubbles.addComic() : bubbles.addReaction() else { return }
    if comic {
      host.canvas.fields.typeInBox(at: index)
    } else if let field = host.canvas.fields.boxEntry(at: index), !field.isFocused {
      field.focus(typing: false)
    }
  }
}
