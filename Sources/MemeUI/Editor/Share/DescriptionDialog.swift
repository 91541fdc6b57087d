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
  private enum Response: String {
    case save, cancel
  }

  /// About five lines of text in the body font, the size of a paragraph: taller text scrolls.
  static let fieldHeight: Int32 = 120

  /// The editor's: what the user writes replaces the document's description, as one undoable change.
  static func present(for document: EditorDocument, over window: UnsafeMutablePointer<GtkWidget>) {
    present(text: document.customDescription, placeholder: document.defaultDescription, over: window) {
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
    let field = TextView()
    field.widget.name = "description-field"
    field.setMargins(8)
    field.text = text ?? ""
    Accessible.setLabel(field.widget, localized("Description"))
    // The field reads nothing while empty: the text it stands for is said as its description.
    Accessible.setDescription(field.widget, placeholder)

    let hint = Label(placeholder)
    hint.widget.name = "description-placeholder"
    hint.widget.addCSSClass("dim-label")
    hint.wrapsText = true
    hint.textAlignment = 0
    hint.widget.horizontalAlignment = GTK_ALIGN_FILL
    hint.widget.verticalAlignment = GTK_ALIGN_START
    // Where the field's first line starts, so it reads as the field's own text; clicks go through.
    hint.widget.setMargins(top: 8, bottom: 8, start: 8, end: 8)
    hint.widget.canTarget = false
    Accessible.setHidden(hint.widget, true)
    hint.widget.isVisible = field.text.isEmpty
    field.onChange { hint.widget.isVisible = field.text.isEmpty }

    let overlay = Overlay()
    overlay.setChild(field.widget)
    overlay.add(hint.widget)
    let scrolled = ScrolledWindow(vertical: overlay.widget)
    scrolled.widget.name = "description-scroller"
    scrolled.widget.addCSSClass("card")
    scrolled.widget.addCSSClass("description-frame")
    scrolled.setMinimumContentSize(width: -1, height: fieldHeight)
    scrolled.setMaximumContentHeight(fieldHeight)

    let dialog = MessageDialog.ask(
      parent: window.asWindow, named: "description-dialog", heading: localized("Description"),
      body: localized(
        "Screen readers read it, and every shared file carries it. Left empty, it is the meme’s text."),
      extraChild: scrolled.widget,
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: localized("_Save"), response: Response.save, appearance: .suggested),
      ],
      defaultResponse: .save, closeResponse: .cancel
    ) { response in
      guard response == .save else { return }
      save(field.text)
    }
    // The field lives inside the dialog: the handler goes with it.
    field.onControlEnter { dialog.respond(Response.save.rawValue) }
    _ = field.widget.grabFocus()
    return dialog
  }
}
