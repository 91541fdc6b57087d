// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The style panel's controls, as GNOME's settings lay them out: the layout pictures at the top,
/// then a group of rows, each titled with what it styles and its control at its end. Rows wrap
/// their titles, so the panel fits a 360 px window in every language (a grid of labels beside
/// controls made the window 35 px wider).
struct StyleControls {
  let layoutPicker: LayoutPicker
  /// Says what the rows style: a selected box, or the layout's texts (the group's description).
  let textGroup: PreferencesGroup
  let fontList: FontList
  /// Names the face that will be drawn (its subtitle), which may not be the one chosen.
  let fontRow: ActionRow
  let textColorButton: ColorButton
  let outlineColorButton: ColorButton
  /// The outline colour's row: in Band and Poster the colour is the one behind the text.
  let outlineRow: ActionRow
  let uppercaseSwitch: Switch
  /// Says when the face has capitals only, so the switch changes nothing (its subtitle).
  let uppercaseRow: ActionRow
  /// A selected box's alignment; hidden for the classic captions.
  let alignmentButtons: [(TextBox.Alignment, ToggleButton)]
  let alignmentRow: ActionRow
  let overflowLabel: Label
  /// Scrolls the controls when the room given to them is smaller.
  let scrolled: ScrolledWindow

  func limitHeight(to height: Int32) { scrolled.setMaximumContentHeight(height) }

  /// Builds the controls (style-panel.ui) into `panel`, the font list holding `families`.
  init(families: [String], in panel: Box) {
    let tree = StylePanelTree.build()
    layoutPicker = LayoutPicker(in: tree.layoutPicker)
    textGroup = tree.textGroup
    fontList = FontList(families: families, defaultLabel: localized("Default meme face"))
    fontRow = tree.fontRow
    fontRow.setControl(fontList.widget)
    fontRow.subtitle = " "
    textColorButton = tree.textColor
    textColorButton.setAccessibleName(localized("Text colour"))
    tree.textColorRow.nameControl()
    outlineColorButton = tree.outlineColor
    outlineColorButton.setAccessibleName(localized("Outline colour"))
    outlineRow = tree.outlineRow
    outlineRow.nameControl()
    uppercaseSwitch = tree.uppercase
    uppercaseRow = tree.uppercaseRow
    uppercaseRow.nameControl()
    uppercaseRow.subtitle = " "
    let icons: [TextBox.Alignment: String] = [
      .left: IconName.alignLeft, .center: IconName.alignCenter, .right: IconName.alignRight,
    ]
    alignmentButtons = tree.alignmentButtons
    for (alignment, button) in alignmentButtons { button.setIconName(icons[alignment] ?? "") }
    alignmentRow = tree.alignmentRow
    overflowLabel = tree.overflowWarning

    // The lines the rows fill in get the names the rest of the app and its tests know them by.
    Self.name(subtitleOf: fontRow, "font-used")
    Self.name(subtitleOf: uppercaseRow, "capitals-note")
    Self.name(descriptionOf: textGroup, "style-target")

    scrolled = tree.scrolled
    panel.append(scrolled.widget)
  }

  /// Names the label libadwaita shows a row's subtitle in (set beforehand, so that it exists).
  private static func name(subtitleOf row: ActionRow, _ name: String) {
    WidgetTree.first(in: row.widget) { $0.hasCSSClass("subtitle") }?.name = name
  }

  /// Names the label libadwaita shows a group's description in (set beforehand).
  private static func name(descriptionOf group: PreferencesGroup, _ name: String) {
    let text = group.description
    // libadwaita 1.2 shows the description in a dim label (the title's is a heading).
    WidgetTree.first(in: group.widget) { $0.hasCSSClass("dim-label") && Label(wrapping: $0).text == text }?
      .name = name
  }

  static func components(_ color: RGBAColor) -> ColorButton.Components {
    (color.red, color.green, color.blue, color.alpha)
  }
}
