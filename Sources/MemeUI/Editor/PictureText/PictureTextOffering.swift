// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeTextReading

/// "Use the picture's text": when a picture is opened (Album, a template, a paste or drop, the
/// camera; an animation's or a video's first frame), its words are read once, on the text reader's
/// low-priority thread, and if there are any the editor offers them as the captions' start
/// (`PictureTextBar`, `win.use-picture-text`). Opening another picture, or closing the window,
/// cancels a reading still under way; cutting or turning the picture withdraws the offer, whose
/// words then lie elsewhere.
final class PictureTextOffering {
  /// One reader for every editor window: its thread and Tesseract are made once and kept.
  nonisolated static let reader = BackgroundTextReader()

  let bar = PictureTextBar()
  /// The words read in the picture shown, once read.
  private(set) var offer: PictureTextOffer?
  /// Whether the picture's words are being read.
  private(set) var isReading = false
  private unowned let host: any EditorHost
  /// The picture last read (or being read): a change that keeps it reads nothing again.
  private var readPicture: EditorImage?
  private var reading: Cancellation?
  /// Increases with every reading, so that a superseded one's result is dropped.
  private var generation = 0
  /// Set when the offer was taken or dismissed: the bar stays closed for this picture (the action
  /// stays, in case the captions were undone).
  private var isDismissed = false

  init(host: any EditorHost) {
    self.host = host
    Signal.connect(bar.dismissButton, "clicked") { [weak self] in self?.dismiss() }
  }

  private var document: EditorDocument { host.document }

  /// Whether `win.use-picture-text` can act: words were read in the picture as it is shown.
  var canUse: Bool {
    guard let offer, document.content.panels == nil else { return false }
    return offer.matches(document)
  }

  func documentChanged(_ change: EditorChange) {
    if change.contains(.image), document.image !== readPicture { read() }
    if !change.isDisjoint(with: [.image, .transform, .panels]) { updateBar() }
  }

  /// Reads the words of the picture now shown, dropping what was read before.
  private func read() {
    reading?.cancel()
    generation += 1
    offer = nil
    isDismissed = false
    readPicture = document.image
    // A panel meme's sheet is the user's own arrangement, not a meme to caption again.
    guard let picture = document.image, document.content.panels == nil else {
      isReading = false
      return
    }
    isReading = true
    let (transform, generation) = (document.transform, generation)
    let drawn = Locked<RasterImage?>(nil)
    let make: @Sendable () -> RasterImage? = {
      let view = PictureTextOffer.picture(of: picture, transform: transform)
      drawn.withLock { $0 = view }
      return view
    }
    reading = Self.reader.read(making: make) { [weak self] result in
      let view = drawn.withLock { $0 }
      MainLoop.post { [weak self] in
        guard let self, generation == self.generation, !host.isDestroyed else { return }
        isReading = false
        if case .success(let text) = result, !text.isEmpty, let view {
          offer = PictureTextOffer(text: text, picture: view, source: picture, transform: transform)
        }
        updateBar()
        host.updateActionStates()
      }
    }
  }

  /// Fills the captions with the picture's words and covers the old ones (one undo step).
  func use() {
    guard let offer, canUse else { return }
    document.usePictureText(offer)
    isDismissed = true
    updateBar()
  }

  private func dismiss() {
    isDismissed = true
    updateBar()
    // The focus was on the bar's button, which is going: on to the top caption, where typing goes.
    host.canvas.fields.topEntry.focus()
  }

  private func updateBar() {
    bar.isShown = canUse && !isDismissed
  }

  /// The window is gone: a reading still waiting need not run.
  func windowDestroyed() {
    reading?.cancel()
    generation += 1
  }
}
