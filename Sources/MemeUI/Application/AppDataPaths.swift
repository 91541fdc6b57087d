// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit

/// Where the app's installed data lives: its translations, schemas and icons.
enum AppDataPaths {
  /// Compiled catalogues: `$MEMEME_LOCALE_DIR`, else `<prefix>/share/locale`.
  static var localeDirectory: URL {
    InstallPaths.directory(environmentVariable: "MEMEME_LOCALE_DIR", relativePath: "locale")
  }

  /// The app's shared data (`share/` of its prefix): `$MEMEME_DATA_DIR`, else `<prefix>/share`.
  /// Holds `glib-2.0/schemas` and `icons` when the app is installed outside the system's data dirs.
  static var dataDirectory: URL {
    InstallPaths.directory(environmentVariable: "MEMEME_DATA_DIR", relativePath: "")
  }
}
