// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit
import MemeCore

/// The style-panel.ui file's panel: the revealer beside the canvas, with its box and separator. Its
/// builder holds the panel, which no window holds until the editor puts it in one.
enum StylePanelFrameObjects: InterfaceTreeKind {
  static let file = InterfaceFile.stylePanel
  static let roots: [String]? = ["panel"]

  static func objects(in builder: Builder) throws(BuilderError) -> (
    revealer: Revealer, box: Box, separator: Separator
  ) {
    try builder.objects("panel", "panel-box", "separator")
  }
}

typealias StylePanelFrameTree = InterfaceTree<StylePanelFrameObjects>

/// The style-panel.ui file's objects: the scrolled controls and what the code fills in or reads.
/// The text group says what the rows style (a selected box, or the layout's texts); the font row
/// names the face that will be drawn, which may not be the one chosen; in Band and Poster the
/// outline colour is the one behind the text; the capitals row says when the face has capitals
/// only; the alignment row, a selected box's, is hidden for the classic captions. The effects group
/// is filled by `EffectsControls`.
enum StylePanelObjects: InterfaceTreeKind {
  static let file = InterfaceFile.stylePanel
  static let roots: [String]? = ["scrolled"]

  static func objects(in builder: Builder) throws(BuilderError) -> (
    scrolled: ScrolledWindow, layoutPicker: Box, textGroup: PreferencesGroup, fontRow: ActionRow,
    textColorRow: ActionRow, textColor: ColorButton, outlineRow: ActionRow, outlineColor: ColorButton,
    uppercaseRow: ActionRow, uppercase: Switch, alignmentRow: ActionRow, alignLeft: ToggleButton,
    alignCenter: ToggleButton, alignRight: ToggleButton, overflowWarning: Label,
    effectsGroup: PreferencesGroup
  ) {
    try builder.objects(
      "scrolled", "layout-picker", "text-group", "font-row", "text-color-row", "text-color", "outline-row",
      "outline-color", "uppercase-row", "uppercase", "alignment-row", "align-left", "align-center",
      "align-right",
      "overflow-warning", "effects-group")
  }
}

typealias StylePanelTree = InterfaceTree<StylePanelObjects>

extension InterfaceTree where Kind == StylePanelObjects {
  /// Left, centred and right, as linked toggle buttons of one group.
  var alignmentButtons: [(TextBox.Alignment, ToggleButton)] {
    TextBox.Alignment.allCases.map { alignment in
      switch alignment {
      case .left: (alignment, objects.alignLeft)
      case .center: (alignment, objects.alignCenter)
      case .right: (alignment, objects.alignRight)
      }
    }
  }
}
