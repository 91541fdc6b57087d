// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Application CSS added to the default display.
public enum StyleSheet {
  /// Loads `css` for every widget on the default display, above the theme.
  /// Returns false when there is no display yet.
  @discardableResult
  public static func install(
    _ css: String, priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
  )
    -> Bool
  {
    guard let display = gdk_display_get_default() else { return false }
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(display, gtkkit_style_provider(provider), priority)
    // The display keeps its own reference.
    g_object_unref(provider)
    return true
  }

  /// The style sheets `installOnce` has added.
  private static var installed: Set<String> = []

  /// Loads `css` as `install` does, unless it was loaded this way before: a sheet that windows made
  /// at different times all need (and tests make in any order) is added to the display once.
  public static func installOnce(_ css: String) {
    guard !installed.contains(css), install(css) else { return }
    installed.insert(css)
  }
}
