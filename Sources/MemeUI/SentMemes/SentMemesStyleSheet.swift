// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The Sent Memes and Meme Detail CSS. Kept in code: SwiftPM resource bundles are not installed by
/// meson. GTK 4.8 has no libadwaita, so the few styles it would give (cards, toasts, pills) are here.
enum SentMemesStyleSheet {
  static let css = """
    .meme-list { background: none; }
    .meme-list > row { padding: 8px 18px; border-bottom: 1px solid alpha(currentColor, 0.07); }
    .meme-list > row:selected { background-color: alpha(@theme_selected_bg_color, 0.14); color: inherit; }
    .meme-row { min-height: 72px; }
    .meme-row .row-top { font-weight: 800; }
    .meme-row .row-bottom, .meme-row .row-boxes { opacity: 0.85; }
    .meme-row.drop-above { box-shadow: inset 0 3px @theme_selected_bg_color; }
    .meme-row.drop-below { box-shadow: inset 0 -3px @theme_selected_bg_color; }
    .row-thumbnail, .tile-thumbnail { border-radius: 8px; background-color: alpha(currentColor, 0.08); }
    .meme-grid { padding: 12px; background: none; }
    .meme-grid > child { padding: 6px; border-radius: 12px; }
    .meme-grid > child:selected { background-color: alpha(@theme_selected_bg_color, 0.22); }
    .tile-thumbnail { border-radius: 10px; }
    notebook > header.top { border-bottom: 1px solid alpha(currentColor, 0.1); }
    .empty-state .empty-state-icon { opacity: 0.35; }
    .title-1 { font-size: 22pt; font-weight: 800; }
    .caption { font-size: 0.85em; }
    button.pill { border-radius: 9999px; padding: 8px 28px; }
    .toast {
      padding: 6px 6px 6px 14px;
      border-radius: 9999px;
      background-color: alpha(#2e2e2e, 0.96);
      color: white;
      box-shadow: 0 2px 8px alpha(black, 0.3);
    }
    .toast button { color: white; }
    .toast button:not(.flat) { background: alpha(white, 0.15); border: none; box-shadow: none; }
    .detail-canvas { background-color: #1e1e1e; }
    .detail-missing { color: alpha(white, 0.7); }
    .detail-subtitle { font-size: 0.85em; }
    .detail-title { font-weight: bold; }
    """

  private static var isInstalled = false

  /// Installs the CSS once per process (the app at start-up, or the first window in tests).
  static func installOnce() {
    guard !isInstalled else { return }
    isInstalled = StyleSheet.install(css)
  }
}
