// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkListItem as a list factory's "setup" and "bind" hand it over: the row's widget, and the
/// model item it shows.
public struct ListItem {
  public let item: OpaquePointer

  public init(_ item: OpaquePointer) {
    self.item = item
  }

  private var listItem: OpaquePointer { gtkkit_list_item(item.raw) }

  /// The widget showing the item (set in "setup").
  public var child: Widget? {
    get { gtk_list_item_get_child(listItem) }
    nonmutating set { gtk_list_item_set_child(listItem, newValue) }
  }

  /// The position of the item shown; nil while the view holds the list item unbound.
  public var position: Int? {
    let position = gtk_list_item_get_position(listItem)
    return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
  }

  /// The item's string, when the model is a string list.
  public var string: String? {
    guard let object = gtk_list_item_get_item(listItem),
      let text = gtk_string_object_get_string(gtkkit_string_object(object))
    else { return nil }
    return String(cString: text)
  }
}
