// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit

/// Sent Memes changed by another process: `mememe collect` adds received memes to the store while
/// the app may be running, then activates `app.sent-memes-changed` over D-Bus (GApplication exports
/// its actions as `org.gtk.Actions` at the path its id names). The running app then reads the list
/// again from the store, and reads the words of those the command could not read.
package enum SentMemesOutsideChanges {
  nonisolated static let actionName = "sent-memes-changed"

  /// Adds the action to the application; `navigator` is Sent Memes, when the store is open.
  static func install(in application: Application, navigator: @escaping () -> SentMemesNavigator?) {
    _ = application.actions.add(actionName) {
      guard let navigator = navigator() else { return }
      navigator.memes.store.noticeChangesFromOutside()
      navigator.memes.showSearchResults()
      navigator.reading.readAwaiting()
    }
  }

  /// Tells a running MemeMe, if one runs in this session, that Sent Memes changed; starts none.
  /// Returns whether one was told. With none running the bus says so at once; a running one answers
  /// once its main loop has run the action, which a busy machine can hold for seconds (2 s ran out
  /// beside two test runs), so the wait is 10 s.
  @discardableResult
  nonisolated package static func announce(applicationID: String = AppIdentity.applicationID) -> Bool {
    guard let connection = DBusConnection.session() else { return false }
    // GApplication's object path: the id with "/" for "." and "_" for "-".
    let path =
      "/" + applicationID.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
    let parameters = Variant(
      tuple: [Variant(actionName), Variant(array: [], elementType: "v"), Variant(dictionary: [])])
    let reply = connection.callWaiting(
      busName: applicationID, path: path, interface: "org.gtk.Actions", method: "Activate",
      parameters: parameters, timeoutMilliseconds: 10_000)
    if case .success = reply { return true }
    return false
  }
}
