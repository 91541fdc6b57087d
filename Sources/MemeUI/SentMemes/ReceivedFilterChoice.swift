// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit
import MemeStore

/// The primary menu's View choice: received memes shown with the others, alone, or hidden. Kept in
/// GSettings (`received-memes`); the list, the grid and the search all follow it.
enum ReceivedFilterChoice {
  static let actionName = "received-memes"

  /// Adds `win.received-memes` to `actions`, starting from the remembered choice; `apply` shows it.
  @discardableResult
  static func add(
    to actions: ActionMap, preferences: Preferences, apply: @escaping (ReceivedFilter) -> Void
  ) -> SimpleAction {
    actions.addChoice(actionName, value: preferences.receivedFilter.rawValue) { value in
      let filter = ReceivedFilter(rawValue: value) ?? .all
      preferences.receivedFilter = filter
      apply(filter)
    }
  }

  /// The menu section: one radio item for each choice.
  static var menuSection: Menu {
    Menu(ReceivedFilter.allCases.map { (title(of: $0), "win.\(actionName)::\($0.rawValue)") })
  }

  static func title(of filter: ReceivedFilter) -> String {
    switch filter {
    case .all: localized("All Memes")
    case .receivedOnly: localized("Received Only")
    case .sentOnly: localized("Hide Received")
    }
  }
}
