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

  /// Builds the controls into `panel`, the font list holding `families`.
  init(families: [String], in panel: Box) {
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 18)
    content.widget.setMargins(top: 12, bottom: 18, start: 12, end: 12)

    layoutPicker = LayoutPicker()
    // The layout is the meme's, whichever caption is selected: above what the rest styles.
    let layoutGroup = PreferencesGroup(title: localized("Layout"))
    layoutGroup.add(layoutPicker.widget)
    content.append(layoutGroup.widget)

    textGroup = PreferencesGroup(
      title: localized("Text"), description: StylePanel.captionsTarget(in: .classic))
    fontList = FontList(families: families, defaultLabel: localized("Default meme face"))
    Accessible.setLabel(fontList.widget, localized("Font"))
    fontRow = ActionRow(title: localized("Font"), control: fontList.widget)
    fontRow.subtitle = " "
    textColorButton = ColorButton(color: Self.components(.white), title: localized("Text Colour"))
    textColorButton.widget.name = "text-color"
    textColorButton.setAccessibleName(localized("Text colour"))
    outlineColorButton = ColorButton(color: Self.components(.black), title: localized("Outline Colour"))
    outlineColorButton.widget.name = "outline-color"
    outlineColorButton.setAccessibleName(localized("Outline colour"))
    uppercaseSwitch = Switch()
    uppercaseSwitch.widget.name = "uppercase"
    Accessible.setLabel(uppercaseSwitch.widget, localized("All capitals"))
    alignmentButtons = Self.makeAlignmentButtons()
    let alignmentBox = Box(GTK_ORIENTATION_HORIZONTAL)
    alignmentBox.widget.addCSSClass("linked")
    for (_, button) in alignmentButtons { alignmentBox.append(button.widget) }
    Accessible.setLabel(alignmentBox.widget, localized("Alignment"))

    let textColorRow = ActionRow(title: localized("Text colour"), control: textColorButton.widget)
    outlineRow = ActionRow(title: localized("Outline colour"), control: outlineColorButton.widget)
    uppercaseRow = ActionRow(title: localized("All capitals"), control: uppercaseSwitch.widget)
    uppercaseRow.subtitle = " "
    alignmentRow = ActionRow(title: localized("Alignment"))
    alignmentBox.widget.verticalAlignment = GTK_ALIGN_CENTER
    alignmentRow.addSuffix(alignmentBox.widget)
    for row in [fontRow, textColorRow, outlineRow, uppercaseRow, alignmentRow] { textGroup.add(row.widget) }

    overflowLabel = Label("")
    overflowLabel.widget.name = "overflow-warning"
    overflowLabel.widget.addCSSClass("warning")
    overflowLabel.wrapsText = true
    overflowLabel.textAlignment = 0
    textGroup.add(overflowLabel.widget)
    content.append(textGroup.widget)

    // The lines the rows fill in get the names the rest of the app and its tests know them by.
    Self.name(subtitleOf: fontRow, "font-used")
    Self.name(subtitleOf: uppercaseRow, "capitals-note")
    Self.name(descriptionOf: textGroup, "style-target")

    // Scrolls when the window is shorter than the controls. Beside the canvas as wide as a phone
    // screen's panel; under it, as wide as the window (no minimum of its own).
    content.widget.setSizeRequest(width: 280, height: -1)
    scrolled = ScrolledWindow(vertical: content.widget)
    scrolled.followsChildSize()
    panel.append(scrolled.widget)
  }

  /// Left, centred and right, as linked toggle buttons of one group.
  private static func makeAlignmentButtons() -> [(TextBox.Alignment, ToggleButton)] {
    let buttons: [(TextBox.Alignment, String, String)] = [
      (.left, IconName.alignLeft, localized("Align Left")),
      (.center, IconName.alignCenter, localized("Centre")),
      (.right, IconName.alignRight, localized("Align Right")),
    ]
    var made: [(TextBox.Alignment, ToggleButton)] = []
    for (alignment, icon, title) in buttons {
      let button = ToggleButton(iconName: icon, group: made.first?.1)
      button.widget.name = "align-\(alignment.rawValue)"
      Accessible.setLabel(button.widget, title)
      button.widget.tooltip = title
      made.append((alignment, button))
    }
    return made
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
