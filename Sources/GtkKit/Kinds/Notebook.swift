// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkNotebook: pages behind tabs.
public struct Notebook {
  public let widget: Widget

  /// A notebook without the frame around its pages.
  public init() {
    widget = gtk_notebook_new()
    gtk_notebook_set_show_border(notebook, 0)
  }

  private var notebook: OpaquePointer { gtkkit_notebook(widget) }

  /// Adds `page` with `tab` on its tab, named `title` in the tab menu (and to screen readers);
  /// with `expandsTab`, the tabs share the notebook's width as a view switcher's do.
  public func appendPage(_ page: Widget, tab: Widget, title: String, expandsTab: Bool) {
    gtk_notebook_append_page(notebook, page, tab)
    gtk_notebook_set_menu_label_text(notebook, page, title)
    if expandsTab { gtkkit_object_set_bool(gtk_notebook_get_page(notebook, page).raw, "tab-expand", 1) }
  }

  /// The pages, in order.
  public var pages: [Widget] {
    (0..<gtk_notebook_get_n_pages(notebook)).compactMap { gtk_notebook_get_nth_page(notebook, $0) }
  }

  /// The index of the page shown.
  public var currentPage: Int {
    get { Int(gtk_notebook_get_current_page(notebook)) }
    nonmutating set { gtk_notebook_set_current_page(notebook, Int32(newValue)) }
  }

  /// A page's plain-text name, as `appendPage` set it.
  public func title(of page: Widget) -> String? {
    gtk_notebook_get_menu_label_text(notebook, page).map { String(cString: $0) }
  }
}
