// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The style panel's controls, as GNOME's settings lay them out: the layout pictures at the top,
/// then a group of rows, each titled with what it styles and its control at its end. Rows wrap
/// their titles, so the panel fits a 360 px window in every language (a grid of labels beside
/// controls made the window 35 px wider).
struct StyleControls {
  /// The rows and controls of style-panel.ui; the scrolled window scrolls them when the room given
  /// to them is smaller.
  let tree: StylePanelTree
  let layoutPicker: LayoutPicker
  let fontList: FontList

  func limitHeight(to height: Int32) { tree.scrolled.setMaximumContentHeight(height) }

  /// Builds the controls (style-panel.ui) into `panel`, the font list holding `families`.
  init(families: [String], in panel: Box) {
    tree = StylePanelTree.build()
    layoutPicker = LayoutPicker(in: tree.layoutPicker)
    fontList = FontList(families: families, defaultLabel: localized("Default meme face"))
    tree.fontRow.setControl(fontList.widget)
    tree.fontRow.subtitle = " "
    tree.textColor.setAccessibleName(localized("Text colour"))
    tree.textColorRow.nameControl()
    tree.outlineColor.setAccessibleName(localized("Outline colour"))
    tree.outlineRow.nameControl()
    tree.uppercaseRow.nameControl()
    tree.uppercaseRow.subtitle = " "
    let icons: [TextBox.Alignment: String] = [
      .left: IconName.alignLeft, .center: IconName.alignCenter, .right: IconName.alignRight,
    ]
    for (alignment, button) in tree.alignmentButtons { button.setIconName(icons[alignment] ?? "") }

    // The lines the rows fill in get the names the rest of the app and its tests know them by.
    Self.name(subtitleOf: tree.fontRow, "font-used")
    Self.name(subtitleOf: tree.uppercaseRow, "capitals-note")
    Self.name(descriptionOf: tree.textGroup, "style-target")

    panel.append(tree.scrolled.widget)
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
