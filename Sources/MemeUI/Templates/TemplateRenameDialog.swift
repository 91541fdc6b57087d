// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeStore

/// Asks for a template's new name, its present name filled in and selected.
enum TemplateRenameDialog {
  static func present(
    for template: MemeTemplate, over window: UnsafeMutablePointer<GtkWidget>,
    rename: @escaping (String) -> Void
  ) {
    OneFieldDialog.askForLine(
      OneFieldDialog.Question(
        name: "rename-template-dialog", heading: localized("Rename Template"), body: "",
        acceptLabel: localized("_Rename"), acceptResponse: "rename"),
      over: window.asWindow, fieldName: "template-name-field", label: localized("Name"), text: template.name,
      isAcceptable: { !$0.isEmpty && $0 != template.name }, accept: rename)
  }
}
