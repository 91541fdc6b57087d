// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// Signals of list widgets (GtkSignalListItemFactory, GtkListView, GtkGridView), typed like the ones
/// in `Signal`: one trampoline per C signature, closures released by GLib's destroy notify.
extension Signal {
  /// GtkSignalListItemFactory `setup`, `bind`, `unbind` and `teardown`: the `GtkListItem *`.
  @discardableResult
  public static func connectListItem(
    _ factory: gpointer, _ signal: String, _ handler: @escaping (_ listItem: OpaquePointer) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_list_item(
      factory, signal,
      { _, item, data in
        guard let item else { return }
        // The list item is borrowed for the call; pointers are not Sendable, so pass the address.
        let address = UInt(bitPattern: item)
        MainActor.assumeIsolated {
          ClosureBox<(OpaquePointer) -> Void>.unretained(data).payload(OpaquePointer(bitPattern: address)!)
        }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: factory, id: id)
  }

  /// GtkNotebook `switch-page`: the number of the page about to be shown (handlers run before the
  /// switch, while the old page is still current).
  @discardableResult
  public static func connectSwitchPage(
    _ notebook: gpointer, _ handler: @escaping (_ pageNumber: Int) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_switch_page(
      notebook,
      { _, _, page, data in
        MainActor.assumeIsolated { ClosureBox<(Int) -> Void>.unretained(data).payload(Int(page)) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: notebook, id: id)
  }

  /// GtkListView / GtkGridView `activate`: the position of the activated item.
  @discardableResult
  public static func connectActivatePosition(
    _ view: gpointer, _ handler: @escaping (_ position: Int) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_position(
      view, "activate",
      { _, position, data in
        MainActor.assumeIsolated { ClosureBox<(Int) -> Void>.unretained(data).payload(Int(position)) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: view, id: id)
  }
}
