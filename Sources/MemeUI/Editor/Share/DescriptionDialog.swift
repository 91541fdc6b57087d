// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// Description…: the meme's description (alt text), which screen readers read and every shared file
/// carries. It is prose, so the field is a paragraph's worth of wrapping lines: Enter starts a new
/// line and Ctrl+Enter saves (the Save button too). Left empty, it is the meme's text in reading
/// order, shown dim in the field, line by line as it is read; what the user writes replaces it.
/// The editor's Share menu opens it for the meme being made, Meme Detail for a sent one.
enum DescriptionDialog {
  /// The editor's: what the user writes replaces the document's description, as one undoable change.
  static func present(for document: EditorDocument, over window: UnsafeMutablePointer<GtkWidget>) {
    present(text: document.customDescription, placeholder: document.captions.defaultDescription, over: window)
    {
      document.setDescription($0)
      document.endTyping()
    }
  }

  /// Asks for a description over `window`, starting with `text` (nil: none written) and showing
  /// `placeholder` while the field is empty; `save` gets the text when the user saves it.
  @discardableResult
  static func present(
    text: String?, placeholder: String, over window: UnsafeMutablePointer<GtkWidget>,
    save: @escaping (String) -> Void
  ) -> MessageDialog {
    OneFieldDialog.askForParagraph(
      OneFieldDialog.Question(
        name: "description-dialog", heading: localized("Description"),
        body: localized(
          "Screen readers read it, and every shared file carries it. Left empty, it is the meme’s text."),
        acceptLabel: localized("_Save"), acceptResponse: "save"),
      over: window.asWindow, fieldName: "description-field", label: localized("Description"),
      text: text ?? "",
      placeholder: placeholder, accept: save)
  }
}
