// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// The confirmation of a template just kept, wherever it was kept from.
enum KeptTemplateToast {
  /// "Kept as template “…”" with Rename beside the message and Undo as the toast's button.
  static func show(
    _ template: MemeTemplate, in window: UnsafeMutablePointer<GtkWidget>, toasts: ToastOverlay,
    library templates: TemplateLibrary
  ) {
    let message = String(format: localized("Kept as template “%@”"), template.name)
    let toast = Toast(message)
    let title = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    let label = Label(message)
    label.ellipsize(PANGO_ELLIPSIZE_MIDDLE)
    title.append(label.widget)
    let rename = Accessible.mnemonicButton(localized("_Rename"))
    rename.name = "rename-kept-template-button"
    rename.addCSSClass("flat")
    title.append(rename)
    toast.customTitle = title.widget
    toast.buttonLabel = localized("Undo")
    let id = template.id
    Signal.connect(rename, "clicked") { [weak templates, weak toast] in
      guard let templates, let current = templates.templates.first(where: { $0.id == id }) else { return }
      toast?.dismiss()
      TemplateRenameDialog.present(for: current, over: window) { [weak templates] name in
        templates?.rename(id: id, to: name)
      }
    }
    toast.onButtonClicked { [weak templates] in
      guard let templates, templates.delete(id: id) else { return }
      templates.purge()
    }
    toasts.show(toast, replacingOthers: true)
  }
}
