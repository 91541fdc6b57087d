// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit

/// The primary menu's switch for the desktop's search: whether GNOME's Activities overview finds
/// sent memes (`search-provider-enabled`). Off, the search provider answers every search with none.
enum SearchProviderChoice {
  static let actionName = "search-provider"

  /// Adds `app.search-provider`, a toggle holding the remembered choice, to `application`.
  static func install(in application: Application, preferences: Preferences) {
    application.actions.addToggle(actionName, isOn: preferences.searchProviderEnabled) { isOn in
      preferences.searchProviderEnabled = isOn
    }
  }

  /// The menu section: one check item.
  static var menuSection: Menu {
    Menu([(localized("Find Memes in Desktop Search"), "app.\(actionName)")])
  }
}
