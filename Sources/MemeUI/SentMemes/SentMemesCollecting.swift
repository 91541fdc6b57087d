// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// Collect in the Sent Memes window: memes others sent, kept as received memes. They come from the
/// Collect chooser (several files at once), from files or a picture dropped on the window, and from
/// Ctrl+V. When they are kept they stand at the top of the List and the Grid, the newest selected,
/// and a toast says how many were added; a file that could not be added is named in a dialog with
/// why, and the others are added all the same.
final class SentMemesCollecting {
  private unowned let host: any SentMemesHost
  /// Asks which files to collect; tests replace it to answer without a dialog.
  var chooseFiles: (_ completion: @escaping ([URL]) -> Void) -> Void
  /// Called with every meme kept (its words are then read).
  var onCollected: (SentMeme) -> Void = { _ in }
  /// Collections still being decoded and saved: tests wait for them.
  private(set) var pending = 0

  init(host: any SentMemesHost, preferences: Preferences) {
    self.host = host
    chooseFiles = { [unowned host, weak preferences] completion in
      guard let preferences else { return }
      NativeFilePicker.chooseReceivedMemes(over: host.window, preferences: preferences) { urls in
        if let first = urls.first { preferences.rememberFolder(of: first) }
        completion(urls)
      }
    }
  }

  /// Collect: asks for files, then collects them.
  func chooseAndCollect() {
    chooseFiles { [weak self] urls in
      self?.collect(urls.map { .file($0) })
    }
  }

  /// Takes files and pictures dropped on `widget` (the window's content).
  func acceptDrops(on widget: Widget) {
    PictureArrival.acceptDrops(on: widget) { [weak self] value, _, _ in self?.drop(value) ?? false }
  }

  /// Collects what was dropped; false when it holds no file or picture.
  func drop(_ value: UnsafePointer<GValue>) -> Bool {
    let pictures = PictureArrival.pictures(in: value)
    guard !pictures.isEmpty else { return false }
    collect(pictures)
    return true
  }

  /// Ctrl+V: the files or the picture on the clipboard; in the search field, text as in any field.
  func paste() {
    if let focus = Window(wrapping: host.window).focusedWidget, PictureArrival.isText(focus) {
      return PictureArrival.passPaste(to: focus)
    }
    let offersPicture = PictureArrival.read(from: Clipboard(for: host.window)) { [weak self] pictures in
      guard let self, !host.isDestroyed else { return }
      guard let pictures else {
        host.showError(
          title: localized("Could not paste the picture"),
          detail: localized("The clipboard’s picture could not be read."))
        return
      }
      collect(pictures)
    }
    if !offersPicture {
      host.toasts.show(Toast(localized("The clipboard holds no picture to collect")), replacingOthers: true)
    }
  }

  /// Keeps `pictures` as received memes (off the main thread), then shows them and says so.
  func collect(_ pictures: [ArrivingPicture]) {
    guard !pictures.isEmpty else { return }
    pending += 1
    host.memes.collect(pictures) { [weak self] outcome in
      guard let self else { return }
      pending -= 1
      for meme in outcome.added.reversed() { onCollected(meme) }
      guard !host.isDestroyed else { return }
      report(outcome)
    }
  }

  private func report(_ outcome: CollectOutcome) {
    if let newest = outcome.added.first {
      host.select(id: newest.id, in: nil)
      let count = outcome.added.count
      host.toasts.show(
        Toast(
          String(format: localizedPlural("Added %d received meme", "Added %d received memes", count), count)),
        replacingOthers: true)
    }
    guard !outcome.failures.isEmpty else { return }
    let lines = outcome.failures.map { failure in
      // Translators: a file that could not be collected, and why ("cat.txt: not a picture").
      String(format: localized("%@: %@"), failure.name, ErrorSentence.from(failure.reason))
    }
    host.showError(
      title: localizedPlural(
        "Could not add the file to Sent Memes", "Could not add these files to Sent Memes",
        outcome.failures.count),
      detail: lines.joined(separator: "\n"))
  }
}
