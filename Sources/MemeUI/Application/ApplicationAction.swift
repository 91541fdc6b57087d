// SPDX-License-Identifier: GPL-3.0-or-later

/// Application-wide `app.` actions.
enum ApplicationAction: String, CaseIterable {
  case shortcuts = "shortcuts"
  case about = "about"
  case quit = "quit"

  var detailedName: String { "app.\(rawValue)" }

  var accelerators: [String] {
    switch self {
    case .shortcuts: ["<Control>question"]
    case .quit: ["<Control>q"]
    case .about: []
    }
  }

  /// The menu item and the shortcuts window's line.
  var title: String {
    switch self {
    case .shortcuts: tr("Keyboard Shortcuts")
    case .about: tr("About MemeMe")
    case .quit: tr("Quit")
    }
  }
}
