// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The primary menu's style choice, as GNOME apps have it: Follow System, Light or Dark. Kept in
/// GSettings (`style-variant`) and given to libadwaita's style manager, which restyles every window
/// at once; with Follow System a change of the desktop's style does the same.
enum StyleChoice {
  static let actionName = "style-variant"

  /// Applies the remembered choice and adds `app.style-variant` to `application`.
  static func install(in application: Application, preferences: Preferences) {
    StyleManager.scheme = preferences.styleVariant
    application.actions.addChoice(actionName, value: preferences.styleVariant.rawValue) { value in
      let scheme = StyleManager.Scheme(rawValue: value) ?? .followSystem
      preferences.styleVariant = scheme
      StyleManager.scheme = scheme
    }
  }

  /// The menu section: one radio item for each scheme.
  static var menuSection: Menu {
    Menu(StyleManager.Scheme.allCases.map { (title(of: $0), "app.\(actionName)::\($0.rawValue)") })
  }

  static func title(of scheme: StyleManager.Scheme) -> String {
    switch scheme {
    case .followSystem: localized("Follow System Style")
    case .light: localized("Light Style")
    case .dark: localized("Dark Style")
    }
  }
}
