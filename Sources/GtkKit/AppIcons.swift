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
  /// system's data folders); false when there is no display. A folder the theme searches already
  /// (an app installed under /usr or /usr/local) is left alone: any change to the search path makes
  /// GTK wait for the theme it has begun to read, then read it all again, milliseconds at start-up.
  @discardableResult
  public static func addSearchFolder(_ folder: URL) -> Bool {
    guard let display = gdk_display_get_default() else { return false }
    let wanted = folder.standardizedFileURL.path
    if !searchFolders.contains(where: { $0.standardizedFileURL.path == wanted }) {
      gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), folder.path)
    }
    return true
  }

  /// Makes `name` the icon of every window: those to come and those open already that have none of
  /// their own. (GTK's default reaches only windows that were realised while a default was set.)
  ///
  /// GTK draws a window's icon when it realises the window, at every size the theme has (a
  /// scalable one through the SVG loader). An app can call this once its first window has painted
  /// instead of setting `defaultName` at start-up: window lists and task switchers show the icon,
  /// the window's own frame does not.
  public static func applyEverywhere(_ name: String) {
    defaultName = name
    guard let windows = gtk_window_list_toplevels() else { return }
    defer { g_list_free(windows) }
    var item: UnsafeMutablePointer<GList>? = windows
    while let current = item {
      let window = current.pointee.data.assumingMemoryBound(to: GtkWindow.self)
      if gtk_window_get_icon_name(window) == nil { gtk_window_set_icon_name(window, name) }
      item = current.pointee.next
    }
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
