// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeStore

/// Asks for a template's new name, its present name filled in and selected.
enum TemplateRenameDialog {
  private enum Response: String {
    case rename, cancel
  }

  static func present(
    for template: MemeTemplate, over window: UnsafeMutablePointer<GtkWidget>,
    rename: @escaping (String) -> Void
  ) {
    let field = Entry()
    field.widget.name = "template-name-field"
    field.text = template.name
    field.setActivatesDefault(true)
    Accessible.setLabel(field.widget, localized("Name"))
    MessageDialog.ask(
      parent: window.asWindow, named: "rename-template-dialog", heading: localized("Rename Template"),
      body: "", extraChild: field.widget,
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: localized("_Rename"), response: Response.rename, appearance: .suggested),
      ],
      defaultResponse: .rename, closeResponse: .cancel
    ) { response in
      let name = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard response == .rename, !name.isEmpty, name != template.name else { return }
      rename(name)
    }
    field.selectAll()
  }
}
