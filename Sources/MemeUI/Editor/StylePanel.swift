// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// Style & Layout: the meme's layout (a picture of each) and the caption style controls, font
/// family, text and outline colours, upper case (see `StyleControls`). It also says which
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
  /// Called with the effects the user set (see `EffectsControls.onChange`).
  var onEffectsChange: (PictureEffects, _ coalescingKey: String?) -> Void = { _, _ in }
  /// The meme's effects, as the model has them.
  private var effects = PictureEffects.none
  /// The Effects group's controls, once the controls are built.
  private(set) var effectsControls: EffectsControls?
  /// The meme's layout, as the model has it.
  private var memeLayout = MemeLayoutKind.classic

  private var style = CaptionStyle.classic
  /// The selected box's alignment; nil for the classic captions, which are always centred. Set, the
  /// controls style that box alone.
  private var alignment: TextBox.Alignment?
  private var layout: MemeLayout?
  private var isShowingModel = false
  private var controls: StyleControls?
  /// The font chooser, once the controls are built.
  var fontList: FontList? { controls?.fontList }

  init() {
    // As wide as its controls: the room left goes to the picture (the font button expands within).
    frame = StylePanelFrameTree.build()
    revealer = frame.revealer
    box = frame.box
    separator = frame.separator
    Signal.connectNotify(widget, property: "reveal-child") { [weak self] in
      guard let self, isOpen else { return }
      buildControlsOnce()
    }
  }

  private let separator: Separator
  /// style-panel.ui's panel, whose builder holds it until the editor puts it in its window.
  private let frame: StylePanelFrameTree
  /// The most height the controls may take before they scroll (-1: no limit).
  private var maxControlsHeight: Int32 = -1

  /// Below this window width the panel goes under the canvas (it is about 340 pixels wide).
  static let narrowWidth: Int32 = 720

  /// Keeps the panel beside the canvas in `box`, or under it when `window` is too narrow for both
  /// side by side, as the window's default size changes; `resized` hears each new width.
  func follow(_ window: Widget, in box: Box, resized: @escaping (Int32) -> Void) {
    arrange(in: box, by: window, resized: resized)
    for property in ["default-width", "default-height"] {
      Signal.connectNotify(window, property: property) { [weak self] in
        self?.arrange(in: box, by: window, resized: resized)
      }
    }
  }

  private func arrange(in box: Box, by window: Widget, resized: (Int32) -> Void) {
    let (width, height) = Window(wrapping: window).defaultSize
    isUnderCanvas = width > 0 && width < Self.narrowWidth
    fit(windowHeight: height)
    resized(width)
    box.setOrientation(isUnderCanvas ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
  }

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

  /// Shows the meme's effects, without calling `onEffectsChange`.
  func show(effects: PictureEffects) {
    self.effects = effects
    effectsControls?.show(effects)
  }

  /// Shows the meme's layout, without calling `onLayoutChange`.
  func show(layout kind: MemeLayoutKind) {
    memeLayout = kind
    if let controls { refresh(controls) }
  }

  private func buildControlsOnce() {
    guard controls == nil else { return }
    let controls = StyleControls(families: FontResolver.availableFamilies(), in: box)
    controls.limitHeight(to: maxControlsHeight)
    self.controls = controls
    connectSignals(of: controls)
    refresh(controls)
    let effectsControls = EffectsControls(in: controls.tree.effectsGroup)
    effectsControls.show(effects)
    effectsControls.onChange = { [weak self] effects, key in
      self?.effects = effects
      self?.onEffectsChange(effects, key)
    }
    self.effectsControls = effectsControls
  }

  private func refresh(_ controls: StyleControls) {
    isShowingModel = true
    defer { isShowingModel = false }
    controls.fontList.show(style.fontFamily)
    controls.tree.textColor.color = StyleControls.components(style.textColor)
    controls.tree.outlineColor.color = StyleControls.components(style.outlineColor)
    controls.tree.uppercase.isOn = style.isUppercase
    for (choice, button) in controls.layoutPicker.buttons { button.isActive = choice == memeLayout }
    // A selected box has an outline in every layout; the band's and the poster's texts have none,
    // and the colour is the one behind them.
    let outlineTitle =
      memeLayout.outlinesTexts || alignment != nil
      ? localized("Outline colour") : localized("Background colour")
    controls.tree.outlineRow.title = outlineTitle
    controls.tree.outlineColor.setAccessibleName(outlineTitle)
    // The selected box's number would mean nothing to a sighted user, who sees no numbers.
    controls.tree.textGroup.description =
      alignment == nil ? Self.captionsTarget(in: memeLayout) : localized("Styles the selected text box only.")
    controls.tree.alignmentRow.widget.isVisible = alignment != nil
    for (choice, button) in controls.tree.alignmentButtons { button.isActive = choice == alignment }

    let resolved = layout?.font ?? FontResolver.resolve(style.fontFamily)
    let used =
      resolved.isSubstitute
      ? String(
        format: localized("“%@” is not installed: drawn with %@"), resolved.requestedFamily ?? "",
        resolved.family)
      : String(format: localized("Drawn with %@"), resolved.family)
    controls.tree.fontRow.subtitle = used
    // A face without lowercase (the default Bebas Neue) draws capitals either way: say so beside the
    // switch rather than let it seem broken.
    let capitalsOnly = !FontCase.hasLowercase(resolved)
    controls.tree.uppercaseRow.subtitle =
      (capitalsOnly
        ? String(
          format: localized("%@ has capitals only: choose another font for lowercase letters."),
          resolved.family)
        : "")
    let warning =
      layout.map { Self.overflowMessage($0.overflowingCaptions, boxes: $0.overflowingBoxes) } ?? nil
    controls.tree.overflowWarning.text = warning ?? ""
    controls.tree.overflowWarning.widget.isVisible = !(warning == nil)
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

  private func connectSignals(of controls: StyleControls) {
    controls.fontList.onChoose = { [weak self] family in self?.userChanged { $0.fontFamily = family } }
    Signal.connect(controls.tree.textColor.widget, "color-set") { [weak self] in
      let color = Self.color(controls.tree.textColor.color)
      self?.userChanged { $0.textColor = color }
    }
    Signal.connect(controls.tree.outlineColor.widget, "color-set") { [weak self] in
      let color = Self.color(controls.tree.outlineColor.color)
      self?.userChanged { $0.outlineColor = color }
    }
    Signal.connectNotify(controls.tree.uppercase.widget, property: "active") { [weak self] in
      let isOn = controls.tree.uppercase.isOn
      self?.userChanged { $0.isUppercase = isOn }
    }
    connectChoice(controls.layoutPicker.buttons) { [weak self] choice in
      guard let self, memeLayout != choice else { return }
      memeLayout = choice
      onLayoutChange(choice)
    }
    connectChoice(controls.tree.alignmentButtons) { [weak self] choice in
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

  private static func color(_ components: ColorButton.Components) -> RGBAColor {
    RGBAColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
  }
}
