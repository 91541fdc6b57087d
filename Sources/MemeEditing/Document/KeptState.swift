// SPDX-License-Identifier: GPL-3.0-or-later

/// The editor's state as last kept: shared into Sent Memes, or opened from there. Closing the editor
/// with any other state, apart from the blank launch state, loses work.
struct KeptState {
  private let state: EditorState

  init(_ state: EditorState) { self.state = state }

  /// Whether closing on `current` would lose work: it is neither this state nor `launchState`.
  func wouldLoseWork(_ current: EditorState, launchState: EditorState) -> Bool {
    !current.isSame(as: state) && !current.isSame(as: launchState)
  }

  /// Whether `current` shows the picture kept (a version of it is in Sent Memes).
  func holdsKeptPicture(_ current: EditorState) -> Bool {
    guard let image = current.image else { return false }
    // A panel meme's pictures are its cells': its sheet is drawn again at every change.
    if let panels = current.content.panels {
      return panels.cells.map(\.picture) == state.content.panels?.cells.map(\.picture)
    }
    return image === state.image
  }
}
