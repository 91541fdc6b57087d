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
    if let leavingDialog {
      gtk_window_present(gtkkit_window(leavingDialog))
      return
    }
    let title = localized("Discard this meme?")
    let dialog = gtkkit_message_dialog_new(
      gtkkit_window(window), GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, title,
      localized("It has not been shared, so it is not in Sent Memes. Its captions and changes will be lost."))!
    gtk_widget_set_name(dialog, "discard-meme-dialog")
    // A message dialog has no name of its own: its title names it for screen readers and window lists.
    gtk_window_set_title(gtkkit_window(dialog), title)
    Accessible.setLabel(dialog, title)
    gtk_dialog_add_button(gtkkit_dialog(dialog), localized("_Cancel"), DiscardResponse.cancel.rawValue)
    let discardButton = gtk_dialog_add_button(
      gtkkit_dialog(dialog), localized("_Discard"), DiscardResponse.discard.rawValue)!
    gtk_widget_add_css_class(discardButton, "destructive-action")
    // Enter keeps the meme: losing work takes a deliberate choice.
    gtk_dialog_set_default_response(gtkkit_dialog(dialog), DiscardResponse.cancel.rawValue)
    leavingDialog = dialog
    Signal.connectResponse(dialog) { [weak self] response in
      gtk_window_destroy(gtkkit_window(dialog))
      guard let self else { return }
      leavingDialog = nil
      guard response == DiscardResponse.discard.rawValue else { return }
      // Once the dialog's response has finished: destroying its parent inside it upsets GTK's
      // bookkeeping of the dialog just destroyed.
      MainLoop.post { discard() }
    }
    gtk_window_present(gtkkit_window(dialog))
  }

  /// The discard dialog's answers.
  enum DiscardResponse: Int32 {
    case discard = 1
    case cancel = 2
  }
}
