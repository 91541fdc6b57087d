// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// The question asked at launch when the store's `images` folder is a symbolic link to another
/// folder. Such a link can come with a restored backup or an unpacked archive, and may point at
/// anything (`~/.ssh`, `~/Documents`): the store moves and removes files in its pictures folder, so
/// it is used only when the user says so. Until then Sent Memes are not available and nothing in
/// either folder is touched.
struct LinkedImagesQuestion {
  /// The store's folder (the link's parent) and where the link points.
  let storeFolder: URL
  let target: String
  /// What the store said, naming the link and its target.
  let message: String

  /// The answers, by their response ids.
  enum Answer: String {
    case quit
    case notNow = "not-now"
    case useFolder = "use-folder"
  }

  /// The question for `error`, when it is about a linked folder.
  init?(_ error: StoreError) {
    guard case .linkedFolder(let link, let target) = error else { return nil }
    storeFolder = link.deletingLastPathComponent()
    self.target = target
    message = error.message
  }

  /// Asks over `parent`; Enter, Escape or closing the dialog answer Not Now.
  @discardableResult
  func ask(over parent: UnsafeMutablePointer<GtkWindow>?, answer: @escaping (Answer) -> Void) -> MessageDialog
  {
    MessageDialog.ask(
      parent: parent, named: "linked-images-question",
      heading: localized("Sent Memes are not available"),
      body: message + "\n\n"
        + localized(
          "Use that folder only if you put the link there yourself: MemeMe keeps its pictures in it, and tidies away files it does not know. Until then you can make and share memes, but they will not be kept."
        ),
      choices: [
        MessageDialog.Choice(label: localized("_Quit"), response: Answer.quit),
        MessageDialog.Choice(label: localized("_Not Now"), response: Answer.notNow),
        MessageDialog.Choice(
          label: localized("_Use That Folder"), response: Answer.useFolder, appearance: .destructive),
      ],
      defaultResponse: .notNow, closeResponse: .notNow, answer: answer)
  }
}
