// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GtkKit

/// Where the app's installed data lives and the start-up gettext binding.
public enum Localization {
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
    Gettext.setUp(domain: Gettext.appDomain, directory: localeDirectory)
  }
}
