// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The one-field-dialog.ui file's objects: the dialog and the fields it can ask with.
enum OneFieldDialogObjects: InterfaceTreeKind {
  static let file = InterfaceFile.oneFieldDialog

  static func objects(in builder: Builder) throws(BuilderError) -> (
    dialog: MessageDialog, line: Entry, number: SpinButton, paragraph: TextView,
    paragraphScroller: ScrolledWindow, paragraphPlaceholder: Label
  ) {
    try builder.objects(
      "dialog", "line-field", "number-field", "paragraph-field", "paragraph-scroller", "paragraph-placeholder"
    )
  }
}

typealias OneFieldDialogTree = InterfaceTree<OneFieldDialogObjects>

/// A question with one field to fill and two answers, Cancel and the one it asks for: the meme's
/// description, a custom size limit, a template's name. Enter gives the answer (Ctrl+Enter in a
/// paragraph, where Enter starts a line); Escape and closing the window cancel. The dialog and its
/// fields come from one-field-dialog.ui; each question gives its words, the field's name (tests find
/// it by that), what the field starts with, and when an answer is taken.
struct OneFieldDialog {
  /// The dialog's words: its name (tests find it by that), heading and body, and its answer button's
  /// label (a mnemonic, `_Save`) with the response id it gives.
  struct Question {
    let name: String
    let heading: String
    let body: String
    let acceptLabel: String
    let acceptResponse: String
  }

  /// A response id of the question's own (`save`, `rename`), as `MessageDialog` takes them.
  private struct Response: RawRepresentable {
    let rawValue: String
    static let cancel = Response(rawValue: "cancel")
  }

  /// Asks `question` over `parent` with a line of text, `text` filled in and selected, its accessible
  /// name `label`. `accept` gets the text, trimmed, when the user answers and `isAcceptable` takes it.
  @discardableResult
  static func askForLine(
    _ question: Question, over parent: UnsafeMutablePointer<GtkWindow>?, fieldName: String, label: String,
    text: String, isAcceptable: @escaping (String) -> Bool = { _ in true }, accept: @escaping (String) -> Void
  ) -> MessageDialog {
    let tree = OneFieldDialogTree.build()
    let field = tree.line
    field.text = text
    let dialog = ask(question, tree: tree, over: parent, field: field.widget, name: fieldName, label: label) {
      let answer = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard isAcceptable(answer) else { return }
      accept(answer)
    }
    field.selectAll()
    return dialog
  }

  /// Asks `question` with a number in `range`, starting at `value`; `accept` gets the number.
  @discardableResult
  static func askForNumber(
    _ question: Question, over parent: UnsafeMutablePointer<GtkWindow>?, fieldName: String, label: String,
    value: Double, range: ClosedRange<Double>, accept: @escaping (Double) -> Void
  ) -> MessageDialog {
    let tree = OneFieldDialogTree.build()
    let field = tree.number
    field.setRange(range)
    field.value = value
    return ask(question, tree: tree, over: parent, field: field.widget, name: fieldName, label: label) {
      accept(field.value)
    }
  }

  /// Asks `question` with a paragraph, starting with `text` and showing `placeholder` while it is
  /// empty; `accept` gets the text as written. Enter starts a new line, Ctrl+Enter answers.
  @discardableResult
  static func askForParagraph(
    _ question: Question, over parent: UnsafeMutablePointer<GtkWindow>?, fieldName: String, label: String,
    text: String, placeholder: String, accept: @escaping (String) -> Void
  ) -> MessageDialog {
    let tree = OneFieldDialogTree.build()
    let field = tree.paragraph
    field.text = text
    // The field reads nothing while empty: the text it stands for is said as its description.
    Accessible.setDescription(field.widget, placeholder)
    let hint = tree.paragraphPlaceholder
    hint.text = placeholder
    Accessible.setHidden(hint.widget, true)
    hint.widget.isVisible = field.text.isEmpty
    field.onChange { hint.widget.isVisible = field.text.isEmpty }
    let dialog = ask(
      question, tree: tree, over: parent, field: field.widget, name: fieldName, label: label,
      in: tree.paragraphScroller.widget
    ) { accept(field.text) }
    // The field lives inside the dialog: the handler goes with it.
    field.onControlEnter { dialog.respond(question.acceptResponse) }
    _ = field.widget.grabFocus()
    return dialog
  }

  /// Asks `question` with `field`, named `name` (tests find it by that) and read as `label`, in the
  /// dialog (or the `container` it lies in).
  private static func ask(
    _ question: Question, tree: OneFieldDialogTree, over parent: UnsafeMutablePointer<GtkWindow>?,
    field: Widget, name: String, label: String, in container: Widget? = nil, accept: @escaping () -> Void
  ) -> MessageDialog {
    field.name = name
    Accessible.setLabel(field, label)
    let acceptResponse = Response(rawValue: question.acceptResponse)
    return MessageDialog.ask(
      built: tree.dialog.widget, parent: parent, named: question.name, heading: question.heading,
      body: question.body, extraChild: container ?? field,
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: question.acceptLabel, response: acceptResponse, appearance: .suggested),
      ],
      defaultResponse: acceptResponse, closeResponse: .cancel
    ) { response in
      guard response == acceptResponse else { return }
      accept()
    }
  }
}
