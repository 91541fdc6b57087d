// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The CSS both the editor and Sent Memes use: the large title and small print of their empty
/// states, and pill buttons. GTK 4.8 has no libadwaita, so these few styles it would give are here.
/// Kept in code: SwiftPM resource bundles are not installed by meson.
enum SharedStyleSheet {
  static let css = """
    .title-1 { font-size: 22pt; font-weight: 800; }
    .caption { font-size: 0.85em; }
    button.pill { border-radius: 9999px; padding: 8px 28px; }
    """

  /// Installs the CSS once per process (the app at start-up, or the first window in tests).
  static func installOnce() {
    StyleSheet.installOnce(css)
  }
}
