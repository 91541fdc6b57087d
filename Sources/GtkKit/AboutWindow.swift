// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's About window (AdwAboutWindow): the app's icon, name, developer and version, with
/// pages for what is new in this release, its links, credits and licence. libadwaita 1.2 reads
/// nothing from the metainfo by itself (`adw_about_window_new_from_appdata` is 1.4), so every
/// detail is set here.
public struct AboutWindow {
  /// The window as a widget: its name, screenshots, making it modal.
  public let widget: Widget

  private var about: OpaquePointer { gtkkit_about_window(widget) }

  /// A new About window, a toplevel that GTK's list holds until it is destroyed (Escape or its
  /// close button destroy it).
  public init() {
    widget = adw_about_window_new()
  }

  /// `widget` as an About window, or nil when it is another kind of widget.
  public init?(_ widget: gpointer) {
    guard gtkkit_is_about_window(widget) != 0 else { return nil }
    self.widget = gtkkit_widget(widget)
  }

  public func present() { Window(wrapping: widget).present() }

  public var applicationName: String {
    get { Self.string(adw_about_window_get_application_name(about)) }
    nonmutating set { adw_about_window_set_application_name(about, newValue) }
  }

  /// The icon's name in the icon theme (the application id).
  public var applicationIcon: String {
    get { Self.string(adw_about_window_get_application_icon(about)) }
    nonmutating set { adw_about_window_set_application_icon(about, newValue) }
  }

  public var version: String {
    get { Self.string(adw_about_window_get_version(about)) }
    nonmutating set { adw_about_window_set_version(about, newValue) }
  }

  /// Who makes the app, shown under its name.
  public var developerName: String {
    get { Self.string(adw_about_window_get_developer_name(about)) }
    nonmutating set { adw_about_window_set_developer_name(about, newValue) }
  }

  /// The Credits page's developers: a name each, optionally followed by an address (`<mail>` or
  /// a URL).
  public var developers: [String] {
    get { Self.strings(adw_about_window_get_developers(about)) }
    nonmutating set {
      withCStringArray(newValue) { array in
        adw_about_window_set_developers(
          about, UnsafeMutableRawPointer(array).assumingMemoryBound(to: UnsafePointer<CChar>?.self))
      }
    }
  }

  /// Translators' names, one a line: the translation of "translator-credits". Left untranslated,
  /// libadwaita shows no translators.
  public var translatorCredits: String {
    get { Self.string(adw_about_window_get_translator_credits(about)) }
    nonmutating set { adw_about_window_set_translator_credits(about, newValue) }
  }

  public var comments: String {
    get { Self.string(adw_about_window_get_comments(about)) }
    nonmutating set { adw_about_window_set_comments(about, newValue) }
  }

  public var copyright: String {
    get { Self.string(adw_about_window_get_copyright(about)) }
    nonmutating set { adw_about_window_set_copyright(about, newValue) }
  }

  public var website: String {
    get { Self.string(adw_about_window_get_website(about)) }
    nonmutating set { adw_about_window_set_website(about, newValue) }
  }

  /// Where to report a problem.
  public var issueURL: String {
    get { Self.string(adw_about_window_get_issue_url(about)) }
    nonmutating set { adw_about_window_set_issue_url(about, newValue) }
  }

  public var licenseType: GtkLicense {
    get { adw_about_window_get_license_type(about) }
    nonmutating set { adw_about_window_set_license_type(about, newValue) }
  }

  /// What is new, in AppStream's description markup (`<p>`, `<ul>`, `<li>`, `<em>`, `<code>`).
  public var releaseNotes: String {
    get { Self.string(adw_about_window_get_release_notes(about)) }
    nonmutating set { adw_about_window_set_release_notes(about, newValue) }
  }

  /// The version the release notes are about (the app's version when empty).
  public var releaseNotesVersion: String {
    get { Self.string(adw_about_window_get_release_notes_version(about)) }
    nonmutating set { adw_about_window_set_release_notes_version(about, newValue) }
  }

  private static func string(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
  }

  /// The strings of a NULL-terminated array the window owns.
  private static func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
    stringsOfCStringArray(list)
  }
}
