// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Application-wide `app.` actions.
enum ApplicationAction: String, NamedAction {
  case shortcuts = "shortcuts"
  case about = "about"
  case quit = "quit"

  static var scope: String { "app" }

  var accelerators: [String] {
    switch self {
    case .shortcuts: ["<Control>question"]
    case .quit: ["<Control>q"]
    case .about: []
    }
  }

  var title: String {
    switch self {
    case .shortcuts: localized("Keyboard Shortcuts")
    case .about: localized("About MemeMe")
    case .quit: localized("Quit")
    }
  }
}
