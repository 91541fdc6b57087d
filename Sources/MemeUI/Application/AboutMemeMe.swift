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

  /// The metainfo's `<developer>` name.
  static var developerName: String { localized("The MemeMe developers") }

  /// The notes of this version's `<release>` in the metainfo, as AppStream markup: the same text
  /// (a test compares them), and the same translations.
  static var releaseNotes: String {
    [
      localized(
        "MemeMe now looks and behaves like a GNOME application: it follows the desktop’s light, dark and high-contrast styles as they change, lets you choose the light or dark style yourself, and every window works from 360 pixels wide up."
      ),
      localized(
        "Pictures can be cropped, rotated and flipped, the view zoomed, and any number of text boxes placed, resized and turned. Deleted memes and text boxes come back with Undo."
      ),
      localized(
        "Everything can be done from the keyboard, and every control has a name that a screen reader reads out."
      ),
      localized(
        "Damaged pictures and pictures made to take endless time or memory are refused with a clear message, and a caption that is far too long is shortened with a note under its field instead of freezing the app."
      ),
      localized(
        "Sent Memes is kept safe: a crash during a write leaves no broken files, and if the database is lost the memes are rebuilt from their pictures."
      ),
      localized(
        "A JPEG photo shared as a JPEG keeps every part that no caption covers exactly as it was, and MemeMe can now be installed as a Debian package."
      ),
    ].map(paragraph).joined()
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
    Window(wrapping: about.widget).makeModal(over: parent)
    about.present()
    return about
  }

  private static func paragraph(_ text: String) -> String {
    let escaped = g_markup_escape_text(text, -1)!
    defer { g_free(escaped) }
    return "<p>\(String(cString: escaped))</p>"
  }
}
