// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing

/// The Meme Editor window: a header bar with Share and Cancel, the canvas with its caption fields,
/// and a bottom bar with Camera and Album. Behaviour lives in the `EditorWindow+*.swift` files;
/// this one holds the state and builds the widget tree.
package final class EditorWindow: AppWindow {
  /// How the editor asks the user for a file; tests replace it to inject files.
  package enum FileRequest {
    case openPicture
    case saveMeme(suggestedName: String)
  }
  package typealias FilePicker = (_ request: FileRequest, _ completion: @escaping (URL?) -> Void) -> Void
  /// How Open With asks which application gets a meme in `format`; `chosen` runs only on a choice.
  package typealias ApplicationChooser = (
    _ format: ImageFormat, _ chosen: @escaping (any MemeOpener) -> Void
  ) -> Void

  package let window: UnsafeMutablePointer<GtkWidget>
  package let document: EditorDocument
  /// Window size, caption style and last folder, remembered between runs.
  let preferences: Preferences
  let canvas = EditorCanvas()
  /// Toasts over the bottom bar, below the canvas: what a share did, Undo for a deleted text box.
  let toasts = ToastOverlay(dismissLabel: localized("Dismiss"))
  /// The "Text box deleted" toast while its Undo still undoes the deletion (see `deleteBox(at:)`).
  var boxDeletionToast: Toast?
  let stylePanel = StylePanel()
  /// Where shared memes are kept. Sent Memes can open after the editor is shown (a linked pictures
  /// folder the user chose to use at launch), and then takes over.
  var sink: SentMemeSink {
    didSet { updateActionStates() }
  }

  private(set) var shareButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var cancelButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var styleButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var transformButton: UnsafeMutablePointer<GtkWidget>!
  /// The crop being edited while crop mode is on.
  var crop: CropSelection? { cropTools?.overlay.selection }
  /// Crop mode's layer and bar, once crop mode has first opened (see `EditorWindow+Crop.swift`).
  var cropTools: CropTools?
  /// Selecting, moving, resizing and turning text boxes with the pointer.
  private(set) var boxHandles: BoxHandles!
  /// Paste, Undo, Redo and a box's drawing order, under a secondary click, a long press or the Menu key.
  private(set) var contextMenu: EditorContextMenu!
  private(set) var cameraButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var albumButton: UnsafeMutablePointer<GtkWidget>!
  /// Above and below the canvas: what the canvas's height at launch is predicted by.
  private(set) var headerBar: HeaderBar!
  private(set) var bottomBar: UnsafeMutablePointer<GtkWidget>!
  private(set) var addTextButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var overflowLabel: UnsafeMutablePointer<GtkWidget>!
  private(set) var overflowRevealer: UnsafeMutablePointer<GtkWidget>!

  package lazy var filePicker: FilePicker = { [weak self] request, completion in
    self?.presentFileChooser(request, completion: completion)
  }
  /// Open With's application chooser; the export memory benchmark answers it without a dialog.
  package lazy var applicationChooser: ApplicationChooser = { [weak self] format, chosen in
    guard let self else { return }
    OpenWith.chooseApplication(for: format, parent: window, chosen: chosen)
  }
  /// Takes a photo with a camera; nil (Camera insensitive) until a camera is available.
  var cameraCapture: (() -> Void)? { didSet { updateActionStates() } }
  /// The cameras the Camera button follows (see `attachCamera`): the window keeps the monitor, and
  /// with it the device watch, until GTK destroys the window.
  var cameraMonitor: CameraMonitor?
  /// Shows the Sent Memes window; Cancel uses it when memes have been sent.
  var showSentMemes: (() -> Void)?

  /// The export running in the background, if any (see `EditorWindow+Progress.swift`).
  var runningExport: Cancellation?
  /// Exports whose background work has not returned yet, cancelled ones included (tests wait on it).
  package var exportsInBackground = 0
  /// Shows the export's progress once it has taken longer than a moment.
  var progressTimeout: UInt32?
  var isShowingExportProgress = false
  private(set) var cancelExportButton: UnsafeMutablePointer<GtkWidget>!
  /// The question asked before leaving (still saving, discard this meme) while it is open.
  var leavingDialog: MessageDialog?
  /// Closing the window or quitting, asked for while work ran and not called off: runs once the
  /// work has ended (see `askBeforeLeaving`).
  var pendingLeave: (() -> Void)?
  var isWaitingToLeave = false

  /// Increases with every load so that a slow, superseded load cannot replace a newer picture.
  var loadGeneration = 0
  package var isLoading = false
  /// What the last completed share said ("Saved “cat-meme.png”"), for the window shown next.
  var shareConfirmation: ShareConfirmation?
  /// Set once the window is destroyed: an export finishing after that has no window to speak in.
  var isDestroyed = false
  /// Set while a drag out of the window is in flight: the exported file and what it shows.
  var pendingDrag: (snapshot: ShareSnapshot, meme: SharedMeme)?

  package init(application: Application, sink: SentMemeSink, preferences: Preferences) {
    self.sink = sink
    self.preferences = preferences
    // A new editor starts with the caption style used last.
    document = EditorDocument(launchStyle: preferences.captionStyle)
    window = Self.makeWindow(of: application, title: "MemeMe", name: "editor-window")
    preferences.rememberGeometry(of: window)
    buildHeaderBar()
    buildContent()
    addActions()
    connectDocument()
    connectDragAndDrop()
    connectCrop()
    boxHandles = BoxHandles(canvas: canvas, document: document)
    contextMenu = EditorContextMenu(canvas: canvas, boxHandles: boxHandles, document: document)
    contextMenu.attachKeys(to: window)
    updateActionStates()
    focusInvitation()
    prepareLaunchCaptionsWhenRealized()
    Signal.connectReturningBool(window, "close-request") { [weak self] in self?.closeRequested() ?? false }
    Signal.connect(window, "destroy") { [weak self] in self?.windowDestroyed() }
  }

  /// At launch the invitation to choose a picture has the focus: left to GTK, the first caption field
  /// would take it and clear its TOP before anyone clicked it.
  private func focusInvitation() {
    guard let button = WidgetTree.descendant(of: canvas.placeholder, named: "placeholder-button") else {
      return
    }
    window.focusedWidget = button
  }

  package func present() {
    window.present()
  }

  // MARK: - Building the tree

  private func buildHeaderBar() {
    let header = HeaderBar()

    shareButton = ShareMenu.button(name: "share-button")
    header.packStart(shareButton)

    // Shown beside the spinning Share button while an export takes long.
    cancelExportButton = gtk_button_new_from_icon_name(IconName.stopExport)
    gtk_actionable_set_action_name(
      gtkkit_actionable(cancelExportButton), EditorAction.cancelExport.detailedName)
    name(
      cancelExportButton, "cancel-export-button", label: localized("Cancel Export"),
      tooltip: localized("Stop exporting the meme"))
    cancelExportButton.isVisible = false
    header.packStart(cancelExportButton)

    // Opens the style panel beside the canvas (see `StylePanel`).
    styleButton = gtk_toggle_button_new()
    gtk_button_set_icon_name(gtkkit_button(styleButton), IconName.captionStyle)
    styleButton.bind("active", to: stylePanel.widget, "reveal-child", isMutual: true)
    name(styleButton, "style-button", label: localized("Caption Style"), tooltip: localized("Caption Style"))
    header.packStart(styleButton)

    cancelButton = Accessible.mnemonicButton(localized("_Cancel"))
    cancelButton.actionName = EditorAction.cancel.detailedName
    name(
      cancelButton, "cancel-button", label: localized("Cancel"),
      tooltip: localized("Start over with no picture"))
    header.packEnd(cancelButton)

    // The app's own items only, as the HIG has it: what acts on the picture is in its context menu.
    header.packEnd(PrimaryMenu.button(windowSection: nil))

    headerBar = header
  }

  private func buildContent() {
    let content = Widget.box(GTK_ORIENTATION_VERTICAL)
    content.append(makeOverflowBar())
    // The style panel takes its room from the canvas rather than lying over the captions.
    let middle = Widget.box(GTK_ORIENTATION_HORIZONTAL)
    middle.expandsVertically = true
    middle.append(canvas.widget)
    middle.append(stylePanel.widget)
    content.append(middle)
    arrangeStylePanel(in: middle)
    for property in ["default-width", "default-height"] {
      Signal.connectNotify(window, property: property) { [weak self] in self?.arrangeStylePanel(in: middle) }
    }

    let bar = gtk_action_bar_new()!
    bottomBar = bar
    bar.name = "bottom-bar"
    let buttons = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    cameraButton = Self.iconButton(icon: IconName.camera, label: localized("Camera"), action: .camera)
    name(
      cameraButton, "camera-button", label: localized("Camera"),
      tooltip: localized("Take a picture with a camera"))
    albumButton = Self.iconButton(icon: IconName.album, label: localized("Album"), action: .open)
    name(
      albumButton, "album-button", label: localized("Album"), tooltip: localized("Choose a picture (Ctrl+O)"))
    buttons.append(cameraButton)
    buttons.append(albumButton)
    gtk_action_bar_set_center_widget(gtkkit_action_bar(bar), buttons)
    // One button with a menu at the bar's start: four buttons would not fit a phone-narrow window.
    let pictureActions = [EditorAction.crop, .rotateLeft, .rotateRight, .flipHorizontal, .flipVertical]
    transformButton = gtk_menu_button_new()
    transformButton.setMenuIconName(IconName.cropRotateFlip)
    transformButton.setMenu(Menu(pictureActions.map { ($0.title, $0.detailedName) }))
    name(
      transformButton, "transform-button", label: localized("Crop, Rotate and Flip"),
      tooltip: localized("Crop, Rotate and Flip"))
    gtk_action_bar_pack_start(gtkkit_action_bar(bar), transformButton)
    addTextButton = makeAddTextButton()
    gtk_action_bar_pack_end(gtkkit_action_bar(bar), addTextButton)

    content.append(bar)

    // Everything below the header bar: a toast lies over the bottom bar, off the picture and its
    // captions (libadwaita shows toasts at the bottom of the overlay's child).
    toasts.widget.addCSSClass("editor-toasts")
    toasts.child = content
    AdwWindow.setContent(of: window, header: headerBar, body: toasts.widget)
  }

  /// The style panel beside the canvas, or under it when the window is too narrow for both side by
  /// side (the panel is about 340 pixels wide).
  private func arrangeStylePanel(in box: UnsafeMutablePointer<GtkWidget>) {
    let (width, height) = window.defaultSize
    stylePanel.isUnderCanvas = width > 0 && width < Self.narrowWidth
    stylePanel.fit(windowHeight: height)
    box.setOrientation(stylePanel.isUnderCanvas ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
  }

  /// Below this width the style panel goes under the canvas.
  static let narrowWidth: Int32 = 720

  /// A warning strip under the header bar, revealed while a caption does not fit at the smallest size
  /// or the picture is damaged.
  private func makeOverflowBar() -> UnsafeMutablePointer<GtkWidget> {
    let bar = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    bar.addCSSClass("warning-bar")
    let icon = gtk_image_new_from_icon_name(IconName.warning)!
    overflowLabel = Widget.label("")
    overflowLabel.name = "caption-overflow"
    overflowLabel.wrapsText = true
    overflowLabel.textAlignment = 0
    overflowLabel.expandsHorizontally = true
    bar.append(icon)
    bar.append(overflowLabel)
    overflowRevealer = gtk_revealer_new()
    overflowRevealer.setRevealerChild(bar)
    overflowRevealer.revealsChild = false
    return overflowRevealer
  }

  private static func iconButton(icon: String, label: String, action: EditorAction) -> UnsafeMutablePointer<
    GtkWidget
  > {
    let button = gtk_button_new()!
    let box = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    box.append(gtk_image_new_from_icon_name(icon))
    box.append(Widget.label(label))
    gtk_button_set_child(gtkkit_button(button), box)
    button.actionName = action.detailedName
    button.addCSSClass("bar-button")
    return button
  }

  /// Names a control for tests (`gtk_widget_set_name`), screen readers and tooltips.
  func name(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ widgetName: String, label: String, tooltip: String
  ) {
    widget.name = widgetName
    Accessible.setLabel(widget, label)
    widget.tooltip = tooltip
  }

  // MARK: - Model to widgets

  private func connectDocument() {
    document.onChange = { [weak self] change in self?.documentChanged(change) }
    connectTextBoxes()
    for (entry, position) in [(canvas.topEntry, CaptionPosition.top), (canvas.bottomEntry, .bottom)] {
      connectEdits(of: entry) { [weak self] text in self?.document.setText(text, at: position) }
      entry.onCommit = { [weak self] in self?.document.endTyping() }
    }
    // Enter in the bottom caption, the last of the two: on to Share, the next step, rather than
    // the focus going nowhere a person can see (before a picture, to Album, the first step).
    canvas.bottomEntry.onEnter = { [weak self] in
      guard let self else { return }
      _ = gtk_widget_grab_focus(document.image == nil ? albumButton : shareButton)
    }
    stylePanel.onChange = { [weak self] style in
      guard let self else { return }
      // With a box selected, the panel styles that box alone.
      if let index = document.selectedBoxIndex, let box = document.selectedBox {
        document.setStyle(style, alignment: box.alignment, ofBoxAt: index)
        return
      }
      document.setStyle(style)
      // The next editor (and Cancel's fresh start) begins with this style.
      preferences.captionStyle = style
      document.launchStyle = style
    }
  }

  /// Sends `entry`'s edits to the document through `setText`, which returns the caption limit an
  /// edit went beyond, and shows on the field what was cut.
  func connectEdits(of entry: CaptionEntry, to setText: @escaping (String) -> CaptionLimits.Excess?) {
    entry.onEdit = { [weak entry] text in entry?.reportLimit(setText(text)) }
    entry.onLimit = { [weak self, weak entry] excess in
      guard let self, let entry else { return }
      canvas.showLimitMessage(excess, on: entry)
    }
  }

  private func documentChanged(_ change: EditorDocument.Change) {
    // Any change after a box was deleted (Undo included) means the toast's Undo would undo that
    // change instead: the toast goes.
    if change.contains(.history) { dismissBoxDeletionToast() }
    // Undo, a new picture or a turn while cropping: the crop being edited no longer matches.
    if crop != nil, !change.isDisjoint(with: [.image, .transform]) { endCrop() }
    boxHandles?.documentChanged(change)
    if !change.isDisjoint(with: [.image, .transform]) {
      canvas.showPicture(document.image, transform: document.transform)
    }
    if !change.isDisjoint(with: [.captions, .style, .image, .transform]) {
      canvas.showCaptions(document.captions)
    }
    if change.contains(.selection) { followSelection() }
    if !change.isDisjoint(with: [.captions, .style, .image, .transform, .selection]) {
      let layout = canvas.layout
      showStyleOfSelection(layout: layout)
      let warnings = [
        document.image?.full.damage == nil
          ? nil
          : localized(
            "This picture is damaged: parts of it may look wrong. The meme uses what could be read."),
        layout.flatMap { StylePanel.overflowMessage($0.overflowingCaptions, boxes: $0.overflowingBoxes) },
      ].compactMap { $0 }
      let warning = warnings.isEmpty ? nil : warnings.joined(separator: "\n")
      if let warning { overflowLabel.text = warning }
      overflowRevealer.revealsChild = !(warning == nil)
    }
    updateActionStates()
  }

  /// Enables each action from the current state; buttons and menu items follow their actions.
  func updateActionStates() {
    let hasPicture = document.image != nil
    for action in EditorAction.allCases where action.needsPicture {
      actions.action(named: action.name)?.isEnabled = hasPicture
    }
    actions.action(named: EditorAction.undo.name)?.isEnabled = document.canUndo
    actions.action(named: EditorAction.redo.name)?.isEnabled = document.canRedo
    actions.action(named: EditorAction.camera.name)?.isEnabled = cameraCapture != nil
    actions.action(named: EditorAction.crop.name)?.isEnabled = hasPicture && crop == nil
    actions.action(named: EditorAction.cropApply.name)?.isEnabled = crop != nil
    actions.action(named: EditorAction.cropCancel.name)?.isEnabled = crop != nil
    // One export at a time: while one runs, Share shows its progress.
    for action in [EditorAction.share, .saveAs, .copyImage, .openWith, .sendByEmail] {
      actions.action(named: action.name)?.isEnabled = hasPicture && runningExport == nil
    }
    actions.action(named: EditorAction.cancelExport.name)?.isEnabled = runningExport != nil
    updateBoxActionStates()
    // Start over does nothing on a blank first launch: no picture, no caption typed, no Sent Memes.
    let captions = document.captions
    let isBlank = !hasPicture && captions.top.isEmpty && captions.bottom.isEmpty && sink.isEmpty
    actions.action(named: EditorAction.cancel.name)?.isEnabled = !isBlank
    // A GtkMenuButton has no action of its own: mirror win.share. While an export runs it stays
    // sensitive so its spinner shows clearly; its menu's items are off.
    shareButton.isSensitive = hasPicture
    styleButton.isSensitive = hasPicture
    if !hasPicture { stylePanel.isOpen = false }
    transformButton.isSensitive = hasPicture
  }

  /// Shows an error that names the file and the reason; the editor keeps its state.
  func showError(title: String, detail: String) {
    guard !isDestroyed else { return }
    MessageDialog.present(parent: gtkkit_window(window), heading: title, body: detail)
  }
}
