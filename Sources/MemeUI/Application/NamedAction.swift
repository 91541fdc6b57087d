// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// A set of named actions (`win.` or `app.`) with their shortcuts and the titles the shortcuts window
/// lists. Each window's actions are one enum whose raw values are the GAction names.
protocol NamedAction: RawRepresentable<String>, CaseIterable {
  /// The action map's prefix: "win" for a window's actions, "app" for the application's.
  static var scope: String { get }
  var accelerators: [String] { get }
  /// What the action does, as menus and the shortcuts window show it.
  var title: String { get }
}

extension NamedAction {
  static var scope: String { "win" }

  var name: String { rawValue }
  var detailedName: String { "\(Self.scope).\(rawValue)" }

  /// Binds every action's accelerators application-wide (they belong to the detailed name, so a
  /// shortcut works in each window that has an action of that name).
  static func installAccelerators(in application: Application) {
    for action in allCases where !action.accelerators.isEmpty {
      application.setAccelerators(action.accelerators, for: action.detailedName)
    }
  }

  /// Adds every action to `map`, each activation handed to `perform`.
  static func add(to map: ActionMap, perform: @escaping (Self) -> Void) {
    for action in allCases {
      map.add(action.name) { perform(action) }
    }
  }
}
