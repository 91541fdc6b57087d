// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwHeaderBar: the bar at the top of a window's content, with buttons at its start
/// and end, a title in the middle (the window's title unless `titleWidget` replaces it) and the
/// window's own buttons (close, and whatever the desktop's button layout asks for).
public struct HeaderBar {
  /// The AdwHeaderBar, floating until it is put into a window's content.
  public let widget: UnsafeMutablePointer<GtkWidget>

  public init() {
    widget = adw_header_bar_new()
  }

  private var bar: OpaquePointer { gtkkit_adw_header_bar(widget) }

  /// Adds `child` after the buttons already at the start.
  public func packStart(_ child: UnsafeMutablePointer<GtkWidget>) { adw_header_bar_pack_start(bar, child) }

  /// Adds `child` before (to the start side of) the buttons already at the end.
  public func packEnd(_ child: UnsafeMutablePointer<GtkWidget>) { adw_header_bar_pack_end(bar, child) }

  /// What the middle shows instead of the window's title.
  public var titleWidget: UnsafeMutablePointer<GtkWidget>? {
    get { adw_header_bar_get_title_widget(bar) }
    nonmutating set { adw_header_bar_set_title_widget(bar, newValue) }
  }

  /// Shows `window`'s title (following it when it changes) as the bar's own title does, but giving
  /// way entirely when the bar is too narrow: libadwaita's title keeps five characters however
  /// narrow the window, and with the minimise and maximise buttons of GTK's default layout those
  /// made a header bar of a 360 px window wider than the window.
  public func showTitleGivingWay(of window: Widget) {
    let label = Label()
    label.widget.addCSSClass("title")
    label.ellipsize(PANGO_ELLIPSIZE_END)
    label.setWidthChars(5)
    gtk_label_set_single_line_mode(gtkkit_label(label.widget), 1)
    g_object_bind_property(
      gtkkit_object(window), "title", gtkkit_object(label.widget), "label", G_BINDING_SYNC_CREATE)
    let squeezer = Squeezer(allowsNone: true)
    squeezer.add(label.widget)
    titleWidget = squeezer.widget
  }

  /// Whether the window's buttons (close, minimise, maximise) show at the end. A window that is
  /// one step of a task (the camera's capture window) shows its own Cancel instead.
  public var showsWindowButtons: Bool {
    get {
      adw_header_bar_get_show_end_title_buttons(bar) != 0
        && adw_header_bar_get_show_start_title_buttons(bar) != 0
    }
    nonmutating set {
      adw_header_bar_set_show_end_title_buttons(bar, newValue ? 1 : 0)
      adw_header_bar_set_show_start_title_buttons(bar, newValue ? 1 : 0)
    }
  }
}

/// libadwaita's AdwApplicationWindow: a GtkApplicationWindow without a separate title bar, whose
/// content (a header bar above the window's body) styles itself as libadwaita's windows do, with
/// rounded bottom corners and the desktop's colours.
public enum AdwWindow {
  /// A new window of `application`.
  public static func make(of application: UnsafeMutablePointer<GtkApplication>) -> UnsafeMutablePointer<
    GtkWidget
  > {
    adw_application_window_new(application)
  }

  /// Fills `window` (an AdwApplicationWindow) with `header` above `body`. AdwApplicationWindow
  /// has no separate title bar: `gtk_window_set_titlebar` and `gtk_window_set_child` must not be
  /// used on it.
  public static func setContent(
    of window: UnsafeMutablePointer<GtkWidget>, header: HeaderBar, body: UnsafeMutablePointer<GtkWidget>
  ) {
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(gtkkit_box(content), header.widget)
    gtk_widget_set_vexpand(body, 1)
    gtk_box_append(gtkkit_box(content), body)
    adw_application_window_set_content(gtkkit_adw_application_window(window), content)
  }

  /// The header bar `setContent` put into `window`, if it is an AdwApplicationWindow filled that way.
  public static func headerBar(of window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
  {
    guard gtkkit_is_a(window, adw_application_window_get_type()) != 0,
      let content = adw_application_window_get_content(gtkkit_adw_application_window(window)),
      let first = gtk_widget_get_first_child(content),
      gtkkit_is_a(first, adw_header_bar_get_type()) != 0
    else { return nil }
    return first
  }
}
