// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's style manager for the whole app: the colour scheme it asks for (follow the system's
/// light or dark preference, or always one of them) and the style in force, which follows the
/// system's dark and high-contrast settings (the Settings portal's `org.freedesktop.appearance`, or
/// GSettings `org.gnome.desktop.interface` without portals). It exists once the application has
/// started (`Application` is an AdwApplication).
public enum StyleManager {
  /// What the app asks for.
  public enum Scheme: String, CaseIterable, Sendable {
    case followSystem = "follow"
    case light
    case dark

    var adwaitaScheme: AdwColorScheme {
      switch self {
      case .followSystem: ADW_COLOR_SCHEME_DEFAULT
      case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
      case .dark: ADW_COLOR_SCHEME_FORCE_DARK
      }
    }
  }

  private static var manager: OpaquePointer { adw_style_manager_get_default() }

  /// The scheme asked for; every window restyles at once when it changes.
  public static var scheme: Scheme {
    get {
      switch adw_style_manager_get_color_scheme(manager) {
      case ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_PREFER_LIGHT: .light
      case ADW_COLOR_SCHEME_FORCE_DARK, ADW_COLOR_SCHEME_PREFER_DARK: .dark
      default: .followSystem
      }
    }
    set { adw_style_manager_set_color_scheme(manager, newValue.adwaitaScheme) }
  }

  /// Whether the app is dark now (by its own choice or the system's).
  public static var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

  /// Whether the system asks for high contrast.
  public static var isHighContrast: Bool { adw_style_manager_get_high_contrast(manager) != 0 }

  /// Calls `handler` whenever the style in force changes: dark or light, high contrast or not.
  public static func onChange(_ handler: @escaping () -> Void) {
    Signal.connectNotify(manager.raw, property: "dark", handler)
    Signal.connectNotify(manager.raw, property: "high-contrast", handler)
  }
}
