// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit

/// The user-visible text of `text` in the user's language (gettext domain "mememe").
///
/// Every string a person reads goes through here. xgettext finds them by the name: it has no Swift
/// parser, reads .swift files as C (which handles plain string literals) and collects the first
/// argument of `tr(...)` (`--keyword=tr`; Swift cannot name a function `_`). So the argument must be
/// a plain literal: compose with `String(format: tr("%@ deleted"), ...)`, never `tr("\(x)")`.
nonisolated func tr(_ text: String) -> String {
  Gettext.translate(text, domain: Localization.domain)
}

/// `singular` or `plural` as the user's language words `count` things (some have several plurals),
/// for `String(format:)` with the count. xgettext: `--keyword=trPlural:1,2`.
nonisolated func trPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
  Gettext.translate(singular, plural: plural, count: count, domain: Localization.domain)
}

/// Where the app's installed data lives and the start-up gettext binding.
public enum Localization {
  nonisolated static let domain = "mememe"

  /// Compiled catalogues: `$MEMEME_LOCALE_DIR`, else `<prefix>/share/locale`.
  public static var localeDirectory: URL {
    InstallPaths.directory(environmentVariable: "MEMEME_LOCALE_DIR", relativePath: "locale")
  }

  /// The app's shared data (`share/` of its prefix): `$MEMEME_DATA_DIR`, else `<prefix>/share`.
  /// Holds `glib-2.0/schemas` and `icons` when the app is installed outside the system's data dirs.
  public static var dataDirectory: URL {
    InstallPaths.directory(environmentVariable: "MEMEME_DATA_DIR", relativePath: "")
  }

  /// Binds the catalogues for the user's locale; call before any window is built.
  public static func setUp() {
    Gettext.setUp(domain: domain, directory: localeDirectory)
  }
}
