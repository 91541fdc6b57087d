// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit
import MemeCore

/// The style-panel.ui file's panel: the revealer beside the canvas, with its box and separator.
struct StylePanelFrameTree: InterfaceTree {
  static let file = InterfaceFile.stylePanel
  static let objects: [String]? = ["panel"]
  /// Holds the panel, which no window holds until the editor puts it in one.
  let builder: Builder
  let revealer: Revealer
  let box: Box
  let separator: Separator

  init(_ builder: Builder) throws(BuilderError) {
    self.builder = builder
    revealer = try builder.object("panel")
    box = try builder.object("panel-box")
    separator = try builder.object("separator")
  }
}

/// The style-panel.ui file's objects: the scrolled controls and what the code fills in or reads.
struct StylePanelTree: InterfaceTree {
  static let file = InterfaceFile.stylePanel
  static let objects: [String]? = ["scrolled"]
  /// Holds the tree until it is in the panel.
  let builder: Builder
  let scrolled: ScrolledWindow
  /// The row the layout buttons go into, one per layout kind.
  let layoutPicker: Box
  let textGroup: PreferencesGroup
  let fontRow: ActionRow
  let textColorRow: ActionRow
  let textColor: ColorButton
  let outlineRow: ActionRow
  let outlineColor: ColorButton
  let uppercaseRow: ActionRow
  let uppercase: Switch
  let alignmentRow: ActionRow
  /// Left, centred and right, as linked toggle buttons of one group.
  let alignmentButtons: [(TextBox.Alignment, ToggleButton)]
  let overflowWarning: Label

  init(_ builder: Builder) throws(BuilderError) {
    self.builder = builder
    scrolled = try builder.object("scrolled")
    layoutPicker = try builder.object("layout-picker")
    textGroup = try builder.object("text-group")
    fontRow = try builder.object("font-row")
    textColorRow = try builder.object("text-color-row")
    textColor = try builder.object("text-color")
    outlineRow = try builder.object("outline-row")
    outlineColor = try builder.object("outline-color")
    uppercaseRow = try builder.object("uppercase-row")
    uppercase = try builder.object("uppercase")
    alignmentRow = try builder.object("alignment-row")
    var buttons: [(TextBox.Alignment, ToggleButton)] = []
    for alignment in TextBox.Alignment.allCases {
      buttons.append((alignment, try builder.object("align-\(alignment.rawValue)")))
    }
    alignmentButtons = buttons
    overflowWarning = try builder.object("overflow-warning")
  }
}
