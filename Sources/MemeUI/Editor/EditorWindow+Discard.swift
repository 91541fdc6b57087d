// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// Closing the editor (or quitting) with an edited meme that was never shared would lose it: the
/// editor asks first, in the words of the GNOME guidelines for discarding unsaved work.
extension EditorWindow {
  /// Asks whether to discard the unshared meme; `discard` runs when the user chooses Discard.
  /// Cancel, Escape or closing the dialog keep the editor as it is.
  func askToDiscard(then discard: @escaping () -> Void) {
    askLeavingQuestion(
      named: "discard-meme-dialog", heading: localized("Discard this meme?"), body: discardedWork,
      choices: [
        LeavingChoice(label: localized("_Cancel"), response: DiscardResponse.cancel),
        LeavingChoice(label: localized("_Discard"), response: DiscardResponse.discard, losesWork: true),
      ],
      // Enter and Escape keep the meme: losing work takes a deliberate choice.
      defaultResponse: .cancel, closeResponse: .cancel
    ) { response in
      guard response == .discard else { return }
      // Once the dialog's response has finished: destroying its parent inside it upsets GTK's
      // bookkeeping of the dialog just destroyed.
      MainLoop.post { discard() }
    }
  }

  /// What Discard loses, in so many words: a meme already in Sent Memes keeps its sent version, and
  /// only the changes made since go.
  private var discardedWork: String {
    document.isEditingKeptMeme
      ? localized("It is in Sent Memes as it was last shared. The changes made since then will be lost.")
      : localized(
        "It has not been shared, so it is not in Sent Memes. Its captions and changes will be lost.")
  }

  /// The discard dialog's answers, by their response ids.
  enum DiscardResponse: String {
    case discard
    case cancel
  }
}
