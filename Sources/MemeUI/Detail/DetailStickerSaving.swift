// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Meme Detail's Save as Sticker…: the sticker made again from the sent meme's original picture and
/// what was drawn on it, as the editor makes it (`SharePipeline.runSticker`), on a background thread,
/// to the name chosen (`<name>-sticker.png`, or `.webm` for an animated picture, proposed).
@MainActor
enum DetailStickerSaving {
  /// Asks where, writes the sticker, and records it as where the meme was last saved; `saved` or
  /// `failed` then runs, while the window is open.
  static func save(
    of host: DetailWindow, saved: @escaping (URL) -> Void, failed: @escaping (URL, ImageError) -> Void
  ) {
    let original = host.meme.originalImageURL
    let content = host.meme.content
    let animates = content.panels == nil && AnimationReader.info(ofImageAt: original)?.isAnimated == true
    let suggested = SharePipeline.suggestedStickerName(
      base: MemeFileName.base(picture: original, captions: content.captions), animates: animates)
    host.filePicker(.saveMeme(suggestedName: suggested)) { [weak host] chosen in
      guard let host, let chosen else { return }
      host.preferences.rememberSaveFolder(of: chosen)
      MainLoop.runInBackground(
        {
          Result { () throws(ImageError) -> URL in
            let snapshot = ShareSnapshot(
              content: content, picture: try EditorImage.load(contentsOf: original))
            return try SharePipeline.runSticker(snapshot, to: chosen).get().deliveredFile ?? chosen
          }
        },
        then: { [weak host] result in
          guard let host, !host.isDestroyed else { return }
          switch result {
          case .success(let written):
            host.rememberSaved(written)
            saved(written)
          case .failure(let error): failed(chosen, error)
          }
        })
    }
  }
}
