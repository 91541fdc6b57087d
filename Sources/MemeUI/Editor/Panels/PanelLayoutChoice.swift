// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit
import MemeCore

/// New from Layout: the grids a panel meme starts from, as `win.new-from-layout` with the layout's
/// name ("1x2", "2x1", "2x2", "3x1", "rows"), in the editor's main menu and Sent Memes' Add menu.
enum PanelLayoutChoice: String, CaseIterable {
  case sideBySide = "1x2"
  case stacked = "2x1"
  case fourPanels = "2x2"
  case threeStacked = "3x1"
  case rows = "rows"

  /// The action both windows have.
  static let actionName = "new-from-layout"

  /// The rows a new rows meme has: the expanding brain's four.
  static let startingRows = 4

  var arrangement: PanelArrangement {
    switch self {
    case .sideBySide: .grid(rows: 1, columns: 2)
    case .stacked: .grid(rows: 2, columns: 1)
    case .fourPanels: .grid(rows: 2, columns: 2)
    case .threeStacked: .grid(rows: 3, columns: 1)
    case .rows: .captionRows(count: Self.startingRows)
    }
  }

  var title: String {
    switch self {
    case .sideBySide: localized("Side by Side (1×2)")
    case .stacked: localized("Stacked (2×1)")
    case .fourPanels: localized("Four Panels (2×2)")
    case .threeStacked: localized("Three Stacked (3×1)")
    case .rows: localized("Rows (Caption and Picture)")
    }
  }

  /// "New from Layout" with an item for each grid.
  static var submenu: (menu: Menu, label: String) {
    (
      Menu(allCases.map { ($0.title, "win.\(actionName)('\($0.rawValue)')") }),
      localized("New from Layout")
    )
  }

  /// Adds `win.new-from-layout` to `actions`: `start` gets the arrangement chosen.
  static func add(to actions: ActionMap, start: @escaping (PanelArrangement) -> Void) {
    actions.add(
      actionName,
      stringParameter: { name in
        guard let choice = PanelLayoutChoice(rawValue: name) else { return }
        start(choice.arrangement)
      })
  }
}
