// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The meme's layout (Classic, Band, Poster) and the caption style controls: font family, text and
/// outline colours, upper case. It also says which
/// family is really drawn (a missing font must not silently become another) and warns when a
/// caption does not fit even at the smallest size.
///
/// A side panel at the window's end rather than a popover: it narrows the canvas instead of lying
/// over it, so the captions being styled stay in view (a popover from the header bar covered the
/// top one). The font list opens below the font button, within the panel's width.
///
/// The controls are built the first time the panel opens: the drop-down and the colour buttons
/// (built from GTK's templates) and the list of every installed font family cost more than the rest
/// of the editor together, and nobody sees them before then. So is the scrolled window around them,
/// with its scroll bars: no use before the controls are in it.
final class StylePanel {
  /// The revealer that slides the panel in.
  private let revealer: Revealer
  /// The panel's content box.
  private let box: Box
  /// The revealer's widget: put it beside the canvas.
  var widget: Widget { revealer.widget }
  /// The panel's content, what takes room beside the canvas while it is open.
  var content: Widget { box.widget }
  /// Called with the new style after the user changes a control.
  var onChange: (CaptionStyle) -> Void = { _ in }
  /// Called with the new alignment after the user chooses one (a selected text box's).
  var onAlignmentChange: (TextBox.Alignment) -> Void = { _ in }
  /// Called with the layout the user chose.
  var onLayoutChange: (MemeLayoutKind) -> Void = { _ in }
  /// The meme's layout, as the model has it.
  private var memeLayout = MemeLayoutKind.classic

  private var style = CaptionStyle.classic
  /// The selected box's alignment; nil for the classic captions, which are always centred. Set, the
  /// controls style that box alone.
  private var alignment: TextBox.Alignment?
  private var layout: MemeLayout?
  private var isShowingModel = false
  private var controls: Controls?
  /// The font chooser, once the controls are built.
  var fontList: FontList? { controls?.fontList }

  private struct Controls {
    let fontList: FontList
    let fontUsedLabel: Label
    let textColorButton: ColorButton
    let outlineColorButton: ColorButton
    /// The outline colour's title: in Band and Poster the colour is the one behind the text.
    let outlineLabel: Label
    /// Classic, Band and Poster, as linked toggle buttons of one group.
    let layoutButtons: [(MemeLayoutKind, ToggleButton)]
    let uppercaseSwitch: Switch
    /// Says when the face has capitals only, so the switch changes nothing.
    let capitalsNote: Label
    let overflowLabel: Label
    /// Says what the controls style: a selected box, or the top and bottom captions.
    let targetLabel: Label
    /// A selected box's alignment, and its row's title; hidden for the classic captions.
    let alignmentButtons: [(TextBox.Alignment, ToggleButton)]
    let alignmentRow: [UnsafeMutablePointer<GtkWidget>]
    /// Scrolls the controls when the room given to them is smaller.
    let scrolled: ScrolledWindow

    func limitHeight(to height: Int32) { scrolled.setMaximumContentHeight(height) }
  }

  init() {
    box = Box(GTK_ORIENTATION_HORIZONTAL)
    separator = Separator(GTK_ORIENTATION_VERTICAL)
    box.append(separator.widget)
    revealer = Revealer(child: box.widget, transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
    widget.name = "style-panel"
    // As wide as its controls: the room left goes to the picture (the font button expands within).
    widget.expandsHorizontally = false
    widget.expandsVertically = false
    Signal.connectNotify(widget, property: "reveal-child") { [weak self] in
      guard let self, isOpen else { return }
      buildControlsOnce()
    }
  }

  private let separator: Separator
  /// The most height the controls may take before they scroll (-1: no limit).
  private var maxControlsHeight: Int32 = -1

  /// Under the canvas the panel takes at most two fifths of the window's height, so that the picture
  /// keeps the rest.
  func fit(windowHeight: Int32) {
    maxControlsHeight = isUnderCanvas ? max(120, windowHeight * 2 / 5) : -1
    if let controls { controls.limitHeight(to: maxControlsHeight) }
  }

  /// Under the canvas rather than beside it: in a narrow window the panel beside the picture would
  /// leave it a sliver, so there it takes its room from the picture's height instead.
  var isUnderCanvas = false {
    didSet {
      guard isUnderCanvas != oldValue else { return }
      let (along, across) =
        isUnderCanvas
        ? (GTK_ORIENTATION_VERTICAL, GTK_ORIENTATION_HORIZONTAL)
        : (GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL)
      box.setOrientation(along)
      separator.setOrientation(across)
      revealer.setTransition(
        isUnderCanvas ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP : GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
    }
  }

  /// Whether the panel is shown (or sliding in).
  var isOpen: Bool {
    get { revealer.revealsChild }
    set { revealer.revealsChild = newValue }
  }

  /// Shows the model's style and what the layout really used, without calling `onChange`. With the
  /// selected box's alignment (`boxAlignment`), the controls style that box alone.
  func show(style: CaptionStyle, layout: MemeLayout?, boxAlignment: TextBox.Alignment? = nil) {
    self.style = style
    self.layout = layout
    alignment = boxAlignment
    if let controls { refresh(controls) }
  }

  /// Shows the meme's layout, without calling `onLayoutChange`.
  func show(layout kind: MemeLayoutKind) {
    memeLayout = kind
    if let controls { refresh(controls) }
  }

  private func buildControlsOnce() {
    guard controls == nil else { return }
    let controls = Self.makeControls(families: FontResolver.availableFamilies(), in: box)
    controls.limitHeight(to: maxControlsHeight)
    self.controls = controls
    connectSignals(of: controls)
    refresh(controls)
  }

  private static func makeControls(
    families: [String], in panel: Box
  ) -> Controls {
    let grid = Grid(rowSpacing: 12, columnSpacing: 18)
    grid.widget.setMargins(top: 18, bottom: 18, start: 18, end: 18)

    let fontList = FontList(families: families, defaultLabel: localized("Default meme face"))
    fontList.widget.expandsHorizontally = true
    let fontUsedLabel = makeNote(named: "font-used")

    let textColorButton = ColorButton(color: Self.components(.white), title: localized("Text Colour"))
    let outlineColorButton = ColorButton(color: Self.components(.black), title: localized("Outline Colour"))
    textColorButton.widget.name = "text-color"
    outlineColorButton.widget.name = "outline-color"
    let uppercaseSwitch = Switch()
    uppercaseSwitch.widget.name = "uppercase"
    uppercaseSwitch.widget.horizontalAlignment = GTK_ALIGN_END
    uppercaseSwitch.widget.verticalAlignment = GTK_ALIGN_CENTER

    let capitalsNote = makeNote(named: "capitals-note")

    let targetLabel = makeNote(named: "style-target")
    let alignmentButtons = makeAlignmentButtons()
    let alignmentBox = Box(GTK_ORIENTATION_HORIZONTAL)
    alignmentBox.widget.addCSSClass("linked")
    alignmentBox.widget.horizontalAlignment = GTK_ALIGN_END
    for (_, button) in alignmentButtons { alignmentBox.append(button.widget) }

    let overflowLabel = Label("")
    overflowLabel.widget.name = "overflow-warning"
    overflowLabel.widget.addCSSClass("warning")
    overflowLabel.wrapsText = true
    overflowLabel.setMaxWidthChars(30)
    overflowLabel.textAlignment = 0

    let layoutButtons = makeLayoutButtons()
    let layoutBox = Box(GTK_ORIENTATION_HORIZONTAL)
    layoutBox.widget.addCSSClass("linked")
    layoutBox.widget.horizontalAlignment = GTK_ALIGN_END
    for (_, button) in layoutButtons { layoutBox.append(button.widget) }
    // The layout is the meme's, whichever caption is selected: above what the rest styles.
    let layoutLabel = Label(localized("Layout"))
    layoutLabel.textAlignment = 0
    grid.attach(layoutLabel.widget, column: 0, row: 0)
    grid.attach(layoutBox.widget, column: 1, row: 0)
    Accessible.setLabelledBy(layoutBox.widget, layoutLabel.widget)
    grid.attach(targetLabel.widget, column: 0, row: 1, width: 2, height: 1)
    var row: Int32 = 2
    @discardableResult
    func addRow(_ title: String, _ control: Widget) -> Label {
      let label = Label(title)
      label.textAlignment = 0
      grid.attach(label.widget, column: 0, row: row)
      grid.attach(control, column: 1, row: row)
      Accessible.setLabelledBy(control, label.widget)
      row += 1
      return label
    }
    // The font button spans the panel so that the list opening below it stays within the panel.
    let fontLabel = Label(localized("Font"))
    fontLabel.textAlignment = 0
    fontLabel.widget.addCSSClass("heading")
    grid.attach(fontLabel.widget, column: 0, row: row, width: 2, height: 1)
    grid.attach(fontList.widget, column: 0, row: row + 1, width: 2, height: 1)
    grid.attach(fontUsedLabel.widget, column: 0, row: row + 2, width: 2, height: 1)
    Accessible.setLabelledBy(fontList.widget, fontLabel.widget)
    row += 3
    addRow(localized("Text colour"), textColorButton.widget)
    let outlineLabel = addRow(localized("Outline colour"), outlineColorButton.widget)
    addRow(localized("All capitals"), uppercaseSwitch.widget)
    let alignmentLabel = addRow(localized("Alignment"), alignmentBox.widget)
    grid.attach(capitalsNote.widget, column: 0, row: row, width: 2, height: 1)
    row += 1
    grid.attach(overflowLabel.widget, column: 0, row: row, width: 2, height: 1)
    // Scrolls when the window is shorter than the controls; as wide as the font list.
    // Under the canvas, as tall as the controls up to the limit `fit(windowHeight:)` sets.
    grid.widget.setSizeRequest(width: 300, height: -1)
    let scrolled = ScrolledWindow(vertical: grid.widget)
    scrolled.followsChildSize()
    panel.append(scrolled.widget)
    return Controls(
      fontList: fontList, fontUsedLabel: fontUsedLabel, textColorButton: textColorButton,
      outlineColorButton: outlineColorButton, outlineLabel: outlineLabel, layoutButtons: layoutButtons,
      uppercaseSwitch: uppercaseSwitch, capitalsNote: capitalsNote,
      overflowLabel: overflowLabel, targetLabel: targetLabel, alignmentButtons: alignmentButtons,
      alignmentRow: [alignmentLabel.widget, alignmentBox.widget], scrolled: scrolled)
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

  /// Classic, Band and Poster, as linked toggle buttons of one group, each saying what it makes.
  private static func makeLayoutButtons() -> [(MemeLayoutKind, ToggleButton)] {
    let choices: [(MemeLayoutKind, String, String)] = [
      (.classic, localized("Classic"), localized("The top and bottom captions on the picture")),
      (.band, localized("Band"), localized("The top caption in black on a white band above the picture")),
      (
        .poster, localized("Poster"),
        localized("The picture framed in black, the top caption as a title and the bottom one below it")
      ),
    ]
    var made: [(MemeLayoutKind, ToggleButton)] = []
    for (kind, title, description) in choices {
      let button = ToggleButton(label: title, group: made.first?.1)
      button.widget.name = "layout-\(kind.rawValue)"
      button.widget.tooltip = description
      Accessible.setDescription(button.widget, description)
      made.append((kind, button))
    }
    return made
  }

  /// A small dim wrapped line under a control.
  private static func makeNote(named name: String) -> Label {
    let label = Label("")
    label.widget.name = name
    label.widget.addCSSClass("dim-label")
    label.widget.addCSSClass("caption")
    label.textAlignment = 0
    label.wrapsText = true
    label.setMaxWidthChars(30)
    return label
  }

  private func refresh(_ controls: Controls) {
    isShowingModel = true
    defer { isShowingModel = false }
    controls.fontList.show(style.fontFamily)
    controls.textColorButton.color = Self.components(style.textColor)
    controls.outlineColorButton.color = Self.components(style.outlineColor)
    controls.uppercaseSwitch.isOn = style.isUppercase
    for (choice, button) in controls.layoutButtons { button.isActive = choice == memeLayout }
    // A selected box has an outline in every layout; the band's and the poster's texts have none,
    // and the colour is the one behind them.
    controls.outlineLabel.text =
      memeLayout == .classic || alignment != nil
      ? localized("Outline colour") : localized("Background colour")
    // The selected box's number would mean nothing to a sighted user, who sees no numbers.
    controls.targetLabel.text =
      alignment == nil ? Self.captionsTarget(in: memeLayout) : localized("Styles the selected text box only.")
    for widget in controls.alignmentRow { widget.isVisible = alignment != nil }
    for (choice, button) in controls.alignmentButtons { button.isActive = choice == alignment }

    let resolved = layout?.font ?? FontResolver.resolve(style.fontFamily)
    let used =
      resolved.isSubstitute
      ? String(
        format: localized("“%@” is not installed: drawn with %@"), resolved.requestedFamily ?? "",
        resolved.family)
      : String(format: localized("Drawn with %@"), resolved.family)
    controls.fontUsedLabel.text = used
    // A face without lowercase (the default Bebas Neue) draws capitals either way: say so beside the
    // switch rather than let it seem broken.
    let capitalsOnly = !FontCase.hasLowercase(resolved)
    controls.capitalsNote.text =
      (capitalsOnly
        ? String(
          format: localized("%@ has capitals only: choose another font for lowercase letters."),
          resolved.family)
        : "")
    controls.capitalsNote.widget.isVisible = capitalsOnly
    let warning =
      layout.map { Self.overflowMessage($0.overflowingCaptions, boxes: $0.overflowingBoxes) } ?? nil
    controls.overflowLabel.text = warning ?? ""
    controls.overflowLabel.widget.isVisible = !(warning == nil)
  }

  /// What the controls style when no box is selected: the layout's own texts, named as it shows them.
  static func captionsTarget(in layout: MemeLayoutKind) -> String {
    switch layout {
    case .classic: localized("Styles the top and bottom captions.")
    case .band: localized("Styles the text on the band.")
    case .poster: localized("Styles the title and the subtitle.")
    }
  }

  /// What to tell the user when captions do not fit at the smallest size; nil when all fit.
  /// `boxes` are the indices of the text boxes that do not fit theirs, named as their fields are.
  static func overflowMessage(_ overflowing: Set<CaptionPosition>, boxes: [Int] = []) -> String? {
    let classic: String? =
      switch (overflowing.contains(.top), overflowing.contains(.bottom)) {
      case (true, true): localized("Both captions are too long to fit. Shorten them.")
      case (true, false): localized("The top caption is too long to fit. Shorten it.")
      case (false, true): localized("The bottom caption is too long to fit. Shorten it.")
      case (false, false): nil
      }
    let boxed = boxes.map { index in
      String(
        format: localized("The text of %@ is too long to fit. Shorten it or make the box larger."),
        CaptionSlot.box(index).accessibleLabel)
    }
    let lines = [classic].compactMap { $0 } + boxed
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  private func connectSignals(of controls: Controls) {
    controls.fontList.onChoose = { [weak self] family in self?.userChanged { $0.fontFamily = family } }
    Signal.connect(controls.textColorButton.widget, "color-set") { [weak self] in
      let color = Self.color(controls.textColorButton.color)
      self?.userChanged { $0.textColor = color }
    }
    Signal.connect(controls.outlineColorButton.widget, "color-set") { [weak self] in
      let color = Self.color(controls.outlineColorButton.color)
      self?.userChanged { $0.outlineColor = color }
    }
    Signal.connectNotify(controls.uppercaseSwitch.widget, property: "active") { [weak self] in
      let isOn = controls.uppercaseSwitch.isOn
      self?.userChanged { $0.isUppercase = isOn }
    }
    connectChoice(controls.layoutButtons) { [weak self] choice in
      guard let self, memeLayout != choice else { return }
      memeLayout = choice
      onLayoutChange(choice)
    }
    connectChoice(controls.alignmentButtons) { [weak self] choice in
      guard let self, alignment != choice else { return }
      alignment = choice
      onAlignmentChange(choice)
    }
  }

  /// Calls `choose` with the choice of the toggle button the user turns on in `buttons`, one group.
  private func connectChoice<Choice>(_ buttons: [(Choice, ToggleButton)], choose: @escaping (Choice) -> Void)
  {
    for (choice, button) in buttons {
      Signal.connect(button.widget, "toggled") { [weak self] in
        guard let self, !isShowingModel, button.isActive else { return }
        choose(choice)
      }
    }
  }

  private func userChanged(_ edit: (inout CaptionStyle) -> Void) {
    guard !isShowingModel else { return }
    var next = style
    edit(&next)
    guard next != style else { return }
    style = next
    onChange(next)
  }

  private static func components(_ color: RGBAColor) -> ColorButton.Components {
    (color.red, color.green, color.blue, color.alpha)
  }

  private static func color(_ components: ColorButton.Components) -> RGBAColor {
    RGBAColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
  }
}
