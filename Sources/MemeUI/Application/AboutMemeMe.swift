// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The About MemeMe window: what the metainfo says about the app (its links, developer and newest
/// release), in the words of the running language.
enum AboutMemeMe {
  /// The metainfo's homepage and bugtracker URLs.
  static let website = "https://github.com/mememe/MemeMe"
  static let issueURL = "https://github.com/mememe/MemeMe/issues"

  /// The metainfo's `developer_name`.
  static var developerName: String { localized("The MemeMe developers") }

  /// The notes of this version's `<release>` in the metainfo, as AppStream markup: the same text
  /// (a test compares them), and the same translations.
  static var releaseNotes: String {
    paragraph(localized("The first release: the meme editor, Sent Memes and the command line."))
  }

  /// Shows the window, modal over `parent`; it destroys itself when closed.
  @discardableResult
  static func present(parent: UnsafeMutablePointer<GtkWindow>?) -> AboutWindow {
    let about = AboutWindow()
    about.widget.name = "about-window"
    about.applicationName = "MemeMe"
    about.applicationIcon = AppIdentity.applicationID
    about.version = AppIdentity.version
    about.developerName = developerName
    about.developers = [developerName]
    about.comments = localized("Put captions on pictures and share them")
    about.website = website
    about.issueURL = issueURL
    about.copyright = localized("© The MemeMe authors")
    about.licenseType = GTK_LICENSE_GPL_3_0
    // Translators: put your names here, one per line; the window shows them under "Translated by".
    // libadwaita shows no translators while this is untranslated.
    about.translatorCredits = localized("translator-credits")
    about.releaseNotesVersion = AppIdentity.version
    about.releaseNotes = releaseNotes
    about.widget.makeModal(over: parent)
    about.present()
    return about
  }

  private static func paragraph(_ text: String) -> String {
    let escaped = g_markup_escape_text(text, -1)!
    defer { g_free(escaped) }
    return "<p>\(String(cString: escaped))</p>"
  }
}
