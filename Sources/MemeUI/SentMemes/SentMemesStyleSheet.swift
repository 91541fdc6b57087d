// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The Sent Memes and Meme Detail CSS. Kept in code:
/// SwiftPM resource bundles are not installed by meson.
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
    .animation-badge {
      margin: 4px; padding: 0 4px; border-radius: 4px; font-size: 0.7em; font-weight: 800;
      color: white; background-color: alpha(black, 0.65);
    }
    /* A received meme: a pill in its row, an emblem on its tile. */
    .received-pill { padding: 0 6px; border-radius: 999px; font-size: 0.75em; font-weight: bold;
      color: @accent_color; background-color: alpha(@accent_bg_color, 0.15); }
    .received-emblem { margin: 5px; padding: 4px; border-radius: 999px; color: white;
      background-color: alpha(black, 0.65); }
    notebook > header.top { border-bottom: 1px solid alpha(currentColor, 0.1); }
    .detail-canvas { background-color: @view_bg_color; }
    .detail-missing { color: alpha(@view_fg_color, 0.7); }
    .detail-subtitle { font-size: 0.85em; }
    .detail-title { font-weight: bold; }
    /* The file type under Detail's title, as a small pill. */
    .detail-type-badge { padding: 0 6px; border-radius: 999px; font-weight: bold;
      background-color: alpha(currentColor, 0.12); }
    """

  /// Installs the CSS once per process, when the first Sent Memes or Detail window is made.
  static func installOnce() {
    StyleSheet.installOnce(css)
  }
}
