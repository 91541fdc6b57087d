// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// The Share menu's Description…: the meme's description (alt text), which screen readers read and
/// every shared file carries. Left empty, it is the meme's text in reading order, shown grey in the
/// field; what the user writes replaces it, as one undoable change of the meme.
enum DescriptionDialog {
  private enum Response: String {
    case save, cancel
  }

  static func present(for document: EditorDocument, over window: UnsafeMutablePointer<GtkWidget>) {
    let field = Entry()
    field.widget.name = "description-field"
    field.text = document.customDescription ?? ""
    field.setPlaceholder(document.defaultDescription)
    field.setActivatesDefault(true)
    Accessible.setLabel(field.widget, localized("Description"))
    MessageDialog.ask(
      parent: window.asWindow, named: "description-dialog", heading: localized("Description"),
      body: localized(
        "Screen readers read it, and every shared file carries it. Left empty, it is the meme’s text."),
      extraChild: field.widget,
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: localized("_Save"), response: Response.save, appearance: .suggested),
      ],
      defaultResponse: .save, closeResponse: .cancel
    ) { response in
      guard response == .save else { return }
      document.setDescription(field.text)
      document.endTyping()
    }
  }
}
