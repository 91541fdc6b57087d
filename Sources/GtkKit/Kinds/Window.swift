// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkWindow (or any of its kinds: an AdwApplicationWindow, an about window). It ends with
/// `destroy()` or `close()`, never by dropping a Swift value: GTK's toplevel list holds it.
public struct Window {
  public let widget: Widget

  /// A new plain toplevel GtkWindow.
  public init() {
    widget = gtkkit_widget(gtk_window_new())!
  }

  /// A new AdwWindow: a plain toplevel drawn as libadwaita's windows are (rounded corners, the
  /// desktop's colours), whose header bar is part of its content (see `setAdwaitaContent`).
  public static func adwaita() -> Window {
    Window(wrapping: adw_window_new())
  }

  /// A window made elsewhere (an app window's, made by libadwaita).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var window: UnsafeMutablePointer<GtkWindow> { gtkkit_window(widget) }

  /// The application this window belongs to, which lists it and keeps running while it is open.
  public var application: UnsafeMutablePointer<GtkApplication>? {
    get { gtk_window_get_application(window) }
    nonmutating set { gtk_window_set_application(window, newValue) }
  }

  public func present() { gtk_window_present(window) }

  /// Shows and raises the window for a request the user made at `time`, the window system's
  /// timestamp of that input (as GNOME Shell passes it with a search result). An X11 window manager's
  /// focus-stealing prevention weighs it against the user's last input elsewhere; `present()` gives
  /// none, so a window opened for the overview could be left behind with a "ready" notification.
  public func present(requestedAt time: UInt32) { gtk_window_present_with_time(window, time) }

  /// Whether the window has the keyboard focus of the desktop (GtkWindow's is-active).
  public var isActive: Bool { gtk_window_is_active(window) != 0 }

  /// Asks the window to close, as its close button does (close-request handlers may refuse).
  public func close() { gtk_window_close(window) }

  /// Destroys the window at once (no close-request): GTK's toplevel list drops it.
  public func destroy() { gtk_window_destroy(window) }

  public var title: String? {
    get { gtk_window_get_title(window).map { String(cString: $0) } }
    nonmutating set { gtk_window_set_title(window, newValue) }
  }

  /// Sets the title bar (usually a header bar).
  public func setTitlebar(_ titlebar: Widget?) { gtk_window_set_titlebar(window, titlebar) }

  /// Sets the content.
  public func setChild(_ child: Widget?) { gtk_window_set_child(window, child) }

  /// Sets an AdwWindow's content, its header bar included: an AdwWindow has no separate title bar,
  /// so `setTitlebar` and `setChild` must not be used on it.
  public func setAdwaitaContent(_ content: Widget) {
    adw_window_set_content(gtkkit_adw_window(widget), content)
  }

  /// Closes the window on Escape, as a dialog closes (GTK gives a plain window no such key).
  public func closesOnEscape() {
    widget.addShortcut(keyval: UInt32(GDK_KEY_Escape), action: "window.close")
  }

  /// The size when not maximised (-1 where unset).
  public var defaultSize: (width: Int32, height: Int32) {
    get {
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(window, &width, &height)
      return (width, height)
    }
    nonmutating set { gtk_window_set_default_size(window, newValue.width, newValue.height) }
  }

  /// Whether the window is maximised; setting it maximises or restores the window.
  public var isMaximized: Bool {
    get { gtk_window_is_maximized(window) != 0 }
    nonmutating set {
      if newValue {
        gtk_window_maximize(window)
      } else {
        gtk_window_unmaximize(window)
      }
    }
  }

  /// Makes the window a modal dialog of `parent`, destroyed with it.
  public func makeModal(over parent: UnsafeMutablePointer<GtkWindow>?) {
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
  }

  /// Keeps the window above `parent` (nil: no parent), for a window a .ui file made modal.
  public func setTransientParent(_ parent: Widget?) {
    gtk_window_set_transient_for(window, parent.map { gtkkit_window($0) })
  }

  /// Makes the window a modal dialog of the window `parent`, destroyed with it.
  public func makeModal(over parent: Widget) { makeModal(over: gtkkit_window(parent)) }

  /// The widget with the keyboard focus in the window.
  public var focusedWidget: Widget? {
    get { gtk_window_get_focus(window) }
    nonmutating set { gtk_window_set_focus(window, newValue) }
  }
}
