// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkDropDown of strings: a button showing the chosen one, opening the list of them.
public struct DropDown {
  public let widget: Widget

  /// A drop-down of `strings`, the first chosen.
  public init(strings: [String]) {
    let list = gtk_string_list_new(nil)!
    for string in strings { gtk_string_list_append(list, string) }
    // The drop-down takes the list.
    widget = gtk_drop_down_new(gtkkit_list_model(list.raw), nil)
  }

  /// GtkDropDown is a final type, imported as an opaque pointer: the widget is one.
  private var dropDown: OpaquePointer { OpaquePointer(widget) }

  /// The index of the string chosen.
  public var selected: Int {
    get { Int(gtk_drop_down_get_selected(dropDown)) }
    nonmutating set { gtk_drop_down_set_selected(dropDown, UInt32(clamping: newValue)) }
  }

  /// Runs `handler` with the index chosen whenever it changes (by the user or by `selected`).
  public func onSelected(_ handler: @escaping (Int) -> Void) {
    let dropDown = dropDown
    Signal.connectNotify(widget, property: "selected") { handler(Int(gtk_drop_down_get_selected(dropDown))) }
  }
}
