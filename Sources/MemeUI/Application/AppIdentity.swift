// SPDX-License-Identifier: GPL-3.0-or-later

/// Who the app says it is: its id on the desktop and its version, read by the About window, the
/// icons and `mememe --version`.
public enum AppIdentity {
  /// The reverse-DNS id: D-Bus name, .desktop file and icon name. The development build
  /// (`meson setup -Dprofile=development`) has its own, so it runs beside the installed app.
  #if DEVELOPMENT_PROFILE
    nonisolated public static let applicationID = "io.github.mememe.MemeMe.Devel"
  #else
    nonisolated public static let applicationID = "io.github.mememe.MemeMe"
  #endif

  /// The one version number: About window, `mememe --version`. Plain data, so any thread may read it.
  nonisolated public static let version = "0.2.0"
}
