// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The CSS both the editor and Sent Memes use: their toasts. Kept in code: SwiftPM resource bundles
/// are not installed by meson.
enum SharedStyleSheet {
  static let css = """
    /* A short confirmation: a dark pill in every window, whichever windows have been shown. */
    .toast {
      padding: 6px 6px 6px 14px;
      border-radius: 9999px;
      background-color: alpha(#2e2e2e, 0.96);
      color: white;
      box-shadow: 0 2px 8px alpha(black, 0.3);
    }
    .toast button { color: white; }
    .toast button:not(.flat) { background: alpha(white, 0.15); border: none; box-shadow: none; }
    label.toast { padding: 10px 20px; font-weight: bold; }
    """

  /// Installs the CSS once per process (the app at start-up, or the first window in tests).
  static func installOnce() {
    StyleSheet.installOnce(css)
  }
}
