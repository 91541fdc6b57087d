// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeCore

/// Colours of the style in force (libadwaita's named colours: light or dark, high contrast or not),
/// for what the app draws itself with Cairo, so that it follows the style as the widgets do.
enum ThemeColors {
  /// The named colour `name` (`accent_bg_color`, `view_bg_color`…) as `widget` sees it.
  static func named(_ name: String, in widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA? {
    var found = GdkRGBA()
    // (Deprecated in GTK 4.10 for CSS variables; 4.8 has only this way to read a named colour.)
    let style = gtk_widget_get_style_context(widget)
    return gtk_style_context_lookup_color(style, name, &found) != 0 ? found : nil
  }

  /// The accent colour (GNOME's blue when the theme names none).
  static func accent(in widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
    named("accent_bg_color", in: widget) ?? named("theme_selected_bg_color", in: widget)
      ?? GdkRGBA(red: 0.208, green: 0.518, blue: 0.894, alpha: 1)
  }

  /// The launch state's sheet: the view's background taken a little toward its text colour, so it
  /// stands apart from the letterbox (the view's background) in either style.
  static func sheet(in widget: UnsafeMutablePointer<GtkWidget>) -> RGBAColor {
    guard let background = named("view_bg_color", in: widget), let text = named("view_fg_color", in: widget)
    else { return RGBAColor(red: 0.19, green: 0.19, blue: 0.2) }
    func mix(_ from: Float, _ to: Float) -> Double { Double(from + (to - from) * 0.08) }
    return RGBAColor(
      red: mix(background.red, text.red), green: mix(background.green, text.green),
      blue: mix(background.blue, text.blue))
  }
}
