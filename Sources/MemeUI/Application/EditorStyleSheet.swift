// SPDX-License-Identifier: GPL-3.0-or-later

/// The editor's own CSS. Kept in code: SwiftPM
/// resource bundles are not installed by meson.
enum EditorStyleSheet {
  static let css = """
    /* The letterbox: the view's own neutral background, light or dark with the style, as image
       viewers have it. */
    .meme-canvas { background-color: @view_bg_color; }

    /* A panel meme's cells: the selected one outlined in the accent colour, the one a drag would
       swap with tinted; neither is part of the meme. They lie on the meme's own colours (a white
       gutter, the rows' white caption cells) in the light and the dark style alike, so their colours
       are their own rather than the window's. */
    .panel-cell { border: 1px dashed alpha(#808080, 0.8); }
    .panel-caption-hint { color: alpha(black, 0.6); }
    button.panel-invitation { background-color: @accent_bg_color; color: @accent_fg_color; }
    button.panel-invitation:hover { background-image: image(alpha(white, 0.1)); }
    .panel-cell.selected { border: 3px solid @accent_color; }
    .panel-cell.swap-target { border: 3px dashed @accent_color; background-color: alpha(@accent_color, 0.25); }

    /* The animation's controls over the picture fade out while the pointer rests (and back in). */
    .animation-controls { transition: opacity 200ms ease-out; }
    .animation-controls.faded-out { opacity: 0; }

    /* Caption fields show only their focus: the engine draws the caption, and the canvas draws the
       caret and the selection on it. The field's own text is never seen, so it keeps the interface
       font: a size or weight of its own would cost Pango another sort of every installed font at
       start-up. */
    entry.caption-entry {
      background: none;
      border: none;
      box-shadow: none;
      outline: none;
      color: transparent;
      caret-color: transparent;
      min-height: 44px;
      border-radius: 10px;
      transition: background-color 150ms ease-out, box-shadow 150ms ease-out;
    }
    entry.caption-entry:hover { background-color: alpha(white, 0.07); }
    entry.caption-entry:focus-within {
      background-color: alpha(white, 0.06);
      box-shadow: inset 0 0 0 2px alpha(white, 0.7), 0 0 0 1px alpha(black, 0.25);
    }
    entry.caption-entry text selection { background-color: transparent; color: transparent; }
    /* A box's field holds the focus only while its box is selected, and the canvas then draws the
       box's accent frame and handles: that frame is the focus indication, and a second outline on
       it would hide the handles. */
    entry.caption-box-entry:focus-within { background-color: transparent; box-shadow: none; }
    /* The canvas outlines the box under the pointer itself, turned with the box and only when a
       press would take that box; the field's own shading would light up a box lying under another
       box's handles, and stay unturned. */
    entry.caption-box-entry:hover { background-color: transparent; }

    .loading-indicator { padding: 12px 20px; border-radius: 12px; }
    label.zoom-indicator { padding: 4px 10px; border-radius: 9999px; font-size: 0.85em; }
    /* In the bottom bar's place, looking like it. */
    .crop-bar { padding: 8px; background-color: @headerbar_bg_color; border-top: 1px solid @headerbar_shade_color; }
    actionbar button.bar-button { padding: 6px 16px; }
    /* A toast lies over the bottom bar, below the picture and its captions: libadwaita's 24 px
       bottom margin would lift it into the canvas, and its 46 px would not leave the 49 px bar.
       Opaque, as the see-through on-screen display looks over a plain window, so that the bar's
       buttons do not show through its text. */
    toastoverlay.editor-toasts > toast {
      margin-bottom: 3px;
      padding-top: 4px;
      padding-bottom: 4px;
      background-color: mix(@window_bg_color, black, 0.7);
    }
    label.warning { color: @warning_color; }
    .warning-bar {
      padding: 10px 16px;
      background-color: mix(@warning_color, @theme_bg_color, 0.75);
      border-bottom: 1px solid alpha(black, 0.12);
    }
    .warning-bar image { color: @warning_color; }
    .picture-text-bar {
      padding: 6px 10px 6px 16px;
      background-color: mix(@accent_bg_color, @theme_bg_color, 0.85);
      border-bottom: 1px solid alpha(black, 0.12);
    }
    .export-progress {
      padding: 6px 12px 6px 16px;
      background-color: @headerbar_bg_color;
      border-bottom: 1px solid alpha(black, 0.12);
    }
    """
}
