// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The About MemeMe dialog.
enum AboutDialog {
  static let website = "https://github.com/mememe/MemeMe"

  /// Shows the dialog, modal over `parent`; it destroys itself when closed.
  @discardableResult
  static func present(parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWidget> {
    let about = gtk_about_dialog_new()!
    let dialog = gtkkit_about_dialog(about)
    about.name = "about-dialog"
    gtk_about_dialog_set_program_name(dialog, "MemeMe")
    gtk_about_dialog_set_version(dialog, MemeMeApp.version)
    gtk_about_dialog_set_logo_icon_name(dialog, MemeMeApp.applicationID)
    gtk_about_dialog_set_comments(dialog, localized("Put captions on pictures and share them"))
    gtk_about_dialog_set_website(dialog, website)
    gtk_about_dialog_set_website_label(dialog, localized("Website"))
    gtk_about_dialog_set_copyright(dialog, localized("© The MemeMe authors"))
    gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
    // Translators: put your names here, one per line; the dialog shows them under "Translated by".
    let translators = localized("translator-credits")
    if translators != "translator-credits" {
      gtk_about_dialog_set_translator_credits(dialog, translators)
    }
    about.makeModal(over: parent)
    about.present()
    return about
  }
}
