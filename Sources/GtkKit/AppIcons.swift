// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// The application's icon as windows and the icon theme find it.
public enum AppIcons {
  /// The icon every window shows unless it names its own (task switchers, the window list).
  public static var defaultName: String? {
    get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
    set { gtk_window_set_default_icon_name(newValue) }
  }

  /// Lets the default display's icon theme also look in `folder` (for an app installed outside the
  /// system's data folders); false when there is no display.
  @discardableResult
  public static func addSearchFolder(_ folder: URL) -> Bool {
    guard let display = gdk_display_get_default() else { return false }
    gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), folder.path)
    return true
  }

  /// The folders the default display's icon theme looks in, in order.
  public static var searchFolders: [URL] {
    guard let display = gdk_display_get_default(),
      let paths = gtk_icon_theme_get_search_path(gtk_icon_theme_get_for_display(display))
    else { return [] }
    defer { g_strfreev(paths) }
    var folders: [URL] = []
    var index = 0
    while let path = paths[index] {
      folders.append(URL(fileURLWithPath: String(cString: path), isDirectory: true))
      index += 1
    }
    return folders
  }
}
