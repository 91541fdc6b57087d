// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSingleSelection over a list model, owned here: the views shown over it take references of
/// their own, so none of its users counts references.
public final class SingleSelection {
  fileprivate let owner: ObjectOwner

  /// A selection over `model` (any GListModel); the selection keeps its own reference to it.
  public init(over model: ObjectOwner) {
    // gtk_single_selection_new takes ownership of the model it is given: give it a new reference.
    owner = ObjectOwner(taking: gtk_single_selection_new(gtkkit_list_model(model.newReference())))
  }

  /// The selection as a `GtkSelectionModel *` for list and grid views.
  public var selectionModel: OpaquePointer { gtkkit_selection_model(owner.raw) }
  /// The selection as the `GListModel *` of the items it shows.
  public var listModel: OpaquePointer { gtkkit_list_model(owner.raw) }
  private var single: OpaquePointer { gtkkit_single_selection(owner.raw) }
  /// The `GtkSingleSelection *`, for signals and properties.
  public var raw: gpointer { owner.raw }

  /// The selected item's position; nil when nothing is selected. Setting nil unselects.
  public var selectedPosition: Int? {
    get {
      let position = gtk_single_selection_get_selected(single)
      return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }
    set { gtk_single_selection_set_selected(single, newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION) }
  }

  /// Whether a new model's first item is selected by itself (GTK's default is yes).
  public var selectsAutomatically: Bool {
    get { gtk_single_selection_get_autoselect(single) != 0 }
    set { gtk_single_selection_set_autoselect(single, newValue ? 1 : 0) }
  }

  /// Whether the selection may be left empty.
  public var allowsNoSelection: Bool {
    get { gtk_single_selection_get_can_unselect(single) != 0 }
    set { gtk_single_selection_set_can_unselect(single, newValue ? 1 : 0) }
  }

  public var count: Int { Int(g_list_model_get_n_items(listModel)) }

  /// The text of the GtkStringObject at `position`, for selections over string lists.
  public func string(at position: Int) -> String? {
    guard position >= 0, let item = g_list_model_get_item(listModel, guint(position)) else { return nil }
    defer { g_object_unref(item) }  // g_list_model_get_item is transfer full
    return gtk_string_object_get_string(gtkkit_string_object(item)).map { String(cString: $0) }
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// A GtkListView over `selection`, its rows made by `factory` (a GtkListItemFactory); the view
  /// takes references of its own to both.
  public static func listView(of selection: SingleSelection, factory: ObjectOwner) -> Widget {
    gtk_list_view_new(
      gtkkit_selection_model(selection.owner.newReference()), gtkkit_list_item_factory(factory.newReference())
    )
  }

  /// A GtkGridView over `selection`, its tiles made by `factory`; the view takes references of its own.
  public static func gridView(of selection: SingleSelection, factory: ObjectOwner) -> Widget {
    gtk_grid_view_new(
      gtkkit_selection_model(selection.owner.newReference()), gtkkit_list_item_factory(factory.newReference())
    )
  }

  /// Shows `selection`'s items in a view made by `listView(of:factory:)` or `gridView(of:factory:)`;
  /// nil empties it: the view then holds no rows and follows no changes, until given one again.
  public func showItems(of selection: SingleSelection?) {
    let model: OpaquePointer? = selection.flatMap { gtkkit_selection_model($0.owner.raw) }
    if gtkkit_is_grid_view(self) != 0 {
      gtk_grid_view_set_model(gtkkit_grid_view(self), model)
    } else {
      gtk_list_view_set_model(gtkkit_list_view(self), model)
    }
  }

  /// How far a list or grid view is scrolled from its start, in pixels.
  public var scrollOffset: Double {
    gtkkit_vertical_adjustment(self).map { gtk_adjustment_get_value($0) } ?? 0
  }

  /// Calls `handler` whenever a scrollable widget (a list or grid view in its scrolled window)
  /// scrolls vertically.
  public func onScroll(_ handler: @escaping () -> Void) {
    guard let adjustment = gtkkit_vertical_adjustment(self) else { return }
    Signal.connect(adjustment, "value-changed", handler)
  }

  /// Scrolls a list or grid view so that the item at `position` is visible.
  public func scrollToItem(at position: Int) {
    gtkkit_list_scroll_to(self, guint(position))
  }
}
