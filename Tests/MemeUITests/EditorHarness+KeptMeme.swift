// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeUI

/// An editor with a meme on it, for tests of pictures that must be refused or stopped without
/// touching what the editor showed before.
extension EditorHarness {
  /// An editor showing the landscape with a top caption, and the landscape's file.
  static func makeEditorWithAMeme() -> (EditorWindow, URL) {
    let (editor, _, picture) = makeEditorShowingLandscape()
    editor.document.setText("kept caption", at: .top)
    return (editor, picture)
  }

  /// Checks that `editor` still shows `picture` with the caption `makeEditorWithAMeme` gave it, and
  /// is not loading.
  static func expectMemeKept(in editor: EditorWindow, showing picture: URL) {
    #expect(editor.document.image?.url == picture, "the picture shown before is kept")
    #expect(editor.document.captions.top == "kept caption", "the captions are kept")
    #expect(!editor.isLoading)
  }
}
