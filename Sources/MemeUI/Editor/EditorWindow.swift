// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCamera
import MemeCore
import MemeEditing

/// The Meme Editor window: a header bar with Share and Cancel, the canvas with its caption fields,
/// and a bottom bar with Camera and Album. Its parts own their state: sharing and its progress
/// (`EditorSharing`), getting a picture in (`PictureLoading`), crop mode (`CropMode`), the text
/// boxes' keys (`TextBoxEditing`), the camera (`EditorCamera`) and the questions before leaving
/// (`LeavingQuestions`). This file holds the widgets and the wiring.
package final class EditorWindow: AppWindow, EditorHost {
  package let window: UnsafeMutablePointer<GtkWidget>
  package let document: EditorDocument
  /// Window size, caption style and last folder, remembered between runs.
  let preferences: Preferences
  let canvas = EditorCanvas()
  /// Toasts over the bottom bar, below the canvas: what a share did, Undo for a deleted text box.
  let toasts = ToastOverlay(dismissLabel: localized("Dismiss"))
  let stylePanel = StylePanel()

  let header: EditorHeader
  let bottomBar = EditorBottomBar()
  let warningBar = WarningBar()

  private(set) var sharing: EditorSharing!
  private(set) var cropMode: CropMode!
  private(set) var textBoxes: TextBoxEditing!
  /// Add Sticker's popover and what its choices add.
  private(set) var stickers: StickerAdding!
  /// The selected layer's `layer.` actions: its place in the drawing order, Delete.
  private(set) var layerActions: LayerActions!
  private(set) var leaving: LeavingQuestions!
  private(set) var loading: PictureLoading!
  /// A panel meme's cells: filling, arranging and captioning them (New from Layout).
  private(set) var panels: PanelEditing!
  /// Selecting, moving, resizing and turning text boxes with the pointer.
  private(set) var boxHandles: BoxHandles!
  /// Paste, Undo, Redo and a box's drawing order, under a secondary click, a long press or the Menu key.
  private(set) var contextMenu: EditorContextMenu!
  /// Trimming, speed, reverse and loop count of a moving picture: the Timing bar and its keys.
  private(set) var timing: TimingEditing!
  /// Hide Area's drawing mode, and the sliders and colour the canvas's menu opens at a layer.
  private(set) var layerTools: LayerTools!
  var hiding: HideAreaDrawing { layerTools.hiding }
  private(set) var camera: EditorCamera!
  /// Reads the words of each picture opened and offers them as its captions.
  private(set) var pictureText: PictureTextOffering!
  /// Reads each Pixelate or Blur hidden area back and warns while it still shows words.
  private(set) var hidingCheck: HidingReadCheck!
  /// Lays the launch captions out before the first frame.
  private(set) var launchSheet: LaunchSheet!
  /// Shows the Sent Memes window; Cancel uses it when memes have been sent.
  var showSentMemes: (() -> Void)?
  /// Set once the window is destroyed: a result arriving after that has no window to speak in.
  private(set) var isDestroyed = false

  package init(application: Application, sink: SentMemeSink, preferences: Preferences) {
    self.preferences = preferences
    // A new editor starts with the caption style used last.
    document = EditorDocument(launchStyle: preferences.captionStyle)
    window = Self.makeWindow(of: application, title: "MemeMe", name: "editor-window")
    preferences.rememberGeometry(of: window)
    header = EditorHeader(window: window, preferences: preferences, stylePanel: stylePanel.widget)
    sharing = EditorSharing(host: self, toasts: toasts, sink: sink, preferences: preferences) {
      [unowned self] request, completion in filePicker(request, completion)
    }
    loading = PictureLoading(host: self, preferences: preferences) { [unowned self] request, completion in
      filePicker(request, completion)
    }
    panels = PanelEditing(host: self)
    pictureText = PictureTextOffering(host: self)
    hidingCheck = HidingReadCheck(host: self)
    timing = TimingEditing(host: self)
    buildContent()
    boxHandles = BoxHandles(canvas: canvas, document: document)
    cropMode = CropMode(host: self, bottomBar: bottomBar.widget, returnFocus: bottomBar.transformButton)
    cropMode.windowWidth = toplevel.defaultSize.width
    cropMode.cellTarget = { [unowned self] begin in panels.cropSelectedCell(begin) }
    textBoxes = TextBoxEditing(
      host: self, boxHandles: boxHandles, stylePanel: stylePanel, toasts: toasts,
      addTextButton: bottomBar.addTextButton
    ) { [unowned self] in cropMode.isOn }
    layerActions = LayerActions(window: window, document: document, textBoxes: textBoxes)
    stickers = StickerAdding(
      host: self, button: bottomBar.addStickerButton, toasts: toasts, recents: preferences.recentStickers,
      pastedFolder: preferences.pastedStickerFolder
    ) { [unowned self] in
      cropMode.isOn
    } filePicker: { [unowned self] request, completion in
      filePicker(request, completion)
    }
    leaving = LeavingQuestions(host: self) { [unowned self] in
      isBusy
    } stopExport: { [unowned self] in
      sharing.progress.cancel()
    }
    contextMenu = EditorContextMenu(
      canvas: canvas, boxHandles: boxHandles, document: document, kindSections: layerActions.kindMenuSections)
    contextMenu.attachKeys(to: window)
    layerTools = LayerTools(editor: self)
    hidingCheck.onChange = { [unowned self] in showHidingWarning() }
    canvas.playback.attachKeys(to: window)
    canvas.videoPlayback.onFailure = { [weak self] reason in
      self?.showError(title: localized("Could not play the video"), detail: ErrorSentence.from(reason))
    }
    timing.attachKeys(to: window)
    camera = EditorCamera(host: self) { [unowned self] url in
      if !panels.take(.file(url)) { load(url) }
    }
    addActions()
    connectDocument()
    loading.acceptDrops(on: canvas.widget)
    loading.panels = panels
    panels.marks.onInvite = { [unowned self] index in
      panels.select(index)
      loading.chooseAndLoad()
    }
    loading.offerAsSticker = { [unowned self] picture, replace in stickers.offer(picture, replace: replace) }
    connectWindowKeys()
    updateActionStates()
    focusInvitation()
    launchSheet = LaunchSheet(host: self, bars: [header.bar.widget, bottomBar.widget]) { [unowned self] in
      header.styleToggle.isActive
    }
    Signal.connectReturningBool(window, "close-request") { [weak self] in
      self?.leaving.closeRequested() ?? false
    }
    Signal.connect(window, "destroy") { [weak self] in self?.windowDestroyed() }
  }

  package func present(requestedAt time: UInt32 = 0) {
    toplevel.present(requestedAt: time)
  }

  /// Where shared memes are kept. Sent Memes can open after the editor is shown (a linked pictures
  /// folder the user chose to use at launch), and then takes over.
  var sink: SentMemeSink {
    get { sharing.sink }
    set {
      sharing.sink = newValue
      updateActionStates()
    }
  }

  /// How the editor asks the user for a file (Album, Save As); tests replace it to inject files.
  package lazy var filePicker: FilePicker = NativeFilePicker.over(window, preferences: preferences)

  /// Open With's application chooser; the export memory benchmark answers it without a dialog.
  package var applicationChooser: ApplicationChooser {
    get { sharing.applicationChooser }
    set { sharing.applicationChooser = newValue }
  }

  /// Whether closing now would lose work: an export or a Sent Memes save is running.
  var isBusy: Bool { sharing.progress.isRunning || sink.isSaving }

  /// At launch the invitation to choose a picture has the focus: left to GTK, the first caption field
  /// would take it and clear its TOP before anyone clicked it.
  func focusInvitation() {
    guard let button = WidgetTree.descendant(of: canvas.placeholder, named: "placeholder-button") else {
      return
    }
    toplevel.focusedWidget = button
  }

  /// The window is gone (closed, or destroyed by its application) while work may still run: an
  /// export stops, and late results must not reach the window's widgets, which are freed.
  private func windowDestroyed() {
    isDestroyed = true
    leaving.windowDestroyed()
    sharing.progress.windowDestroyed()
    canvas.playback.windowDestroyed()
    canvas.videoPlayback.windowDestroyed()
    pictureText.windowDestroyed()
    hidingCheck.windowDestroyed()
  }

  // MARK: - Building the tree

  private func buildContent() {
    let content = Box(GTK_ORIENTATION_VERTICAL)
    // "Saving…" with Stop, while an export takes long: a row of its own (see `ExportProgress`).
    content.append(sharing.progress.bar.widget)
    content.append(warningBar.revealer.widget)
    content.append(pictureText.bar.revealer.widget)
    // The style panel takes its room from the canvas rather than lying over the captions.
    let middle = Box(GTK_ORIENTATION_HORIZONTAL)
    middle.widget.expandsVertically = true
    middle.append(canvas.widget)
    middle.append(stylePanel.widget)
    content.append(middle.widget)
    stylePanel.follow(window, in: middle) { [weak self] width in self?.cropMode?.windowWidth = width }
    content.append(panels.bar.revealer.widget)
    content.append(timing.bar.revealer.widget)
    content.append(bottomBar.widget)
    // Everything below the header bar: a toast lies over the bottom bar, off the picture and its
    // captions (libadwaita shows toasts at the bottom of the overlay's child).
    toasts.widget.addCSSClass("editor-toasts")
    toasts.child = content.widget
    AdwWindow.setContent(of: window, header: header.bar, body: toasts.widget)
  }

  // MARK: - Model to widgets

  private func connectDocument() {
    document.onChange = { [weak self] change in self?.documentChanged(change) }
    for (entry, position) in [
      (canvas.fields.topEntry, CaptionPosition.top), (canvas.fields.bottomEntry, .bottom),
    ] {
      canvas.fields.connectEdits(of: entry) { [weak self] text in self?.document.setText(text, at: position) }
      entry.onCommit = { [weak self] in self?.document.endTyping() }
    }
    // Enter in the bottom caption, the last of the two: on to Share, the next step, rather than
    // the focus going nowhere a person can see (before a picture, to Album, the first step).
    canvas.fields.bottomEntry.onEnter = { [weak self] in
      guard let self else { return }
      _ = gtk_widget_grab_focus(document.image == nil ? bottomBar.albumButton : header.shareButton)
    }
    stylePanel.onLayoutChange = { [weak self] layout in self?.document.setLayout(layout) }
    stylePanel.onEffectsChange = { [weak self] in self?.document.effectChanges.set($0, coalescingKey: $1) }
    stylePanel.onChange = { [weak self] style in
      // With a text box or comic bubble selected, the panel styles it alone.
      guard let self, !SelectionStyle.apply(style, in: document) else { return }
      document.setStyle(style)
      // The next editor (and Cancel's fresh start) begins with this style.
      preferences.captionStyle = style
      document.launchStyle = style
    }
  }

  private func documentChanged(_ change: EditorDocument.Change) {
    if change.contains(.history) { textBoxes.dismissDeletionToast() }
    // Undo, a new picture or a turn while cropping: the crop being edited no longer matches.
    if cropMode.isOn, !change.isDisjoint(with: [.image, .transform]) { cropMode.end() }
    if cropMode.isOn || !change.isDisjoint(with: [.image, .transform]) { layerTools?.hiding.cancel() }
    boxHandles?.documentChanged(change)
    panels?.documentChanged(change)
    pictureText.documentChanged(change)
    hidingCheck.documentChanged(change)
    // Before the picture is shown: a new animation starts playing as its meme's timing says.
    if !change.isDisjoint(with: [.image, .timing]) { canvas.playback.timing = document.content.timing }
    if !change.isDisjoint(with: [.image, .transform]) {
      canvas.showPicture(
        document.image, transform: document.transform, redrawn: document.content.panels != nil)
    }
    if !change.isDisjoint(with: [.captions, .style, .image, .transform]) {
      canvas.showCaptions(document.captions)
    }
    canvas.videoPlayback.apply(document.content.timing)
    if !change.isDisjoint(with: [.image, .timing]) { timing.showDocument() }
    if change.contains(.selection) { textBoxes.followSelection() }
    if change.contains(.style) { stylePanel.show(layout: document.layout) }
    if change.contains(.captions) { stylePanel.show(effects: document.captions.effects) }
    if !change.isDisjoint(with: [.captions, .style, .image, .transform, .selection]) {
      let layout = canvas.layout
      textBoxes.showStyleOfSelection(layout: layout)
      showHidingWarning()
    }
    updateActionStates()
  }

  /// The warning strip, with what the hiding check found, and the Strength slider's note for the
  /// selected area.
  private func showHidingWarning() {
    warningBar.show(for: document, layout: canvas.layout, also: hidingCheck.warning)
    let selected = document.selectedLayer?.hiddenArea
    layerTools.strength.showNote(
      selected.map(hidingCheck.isStillReadable) == true ? HidingReadCheck.message : nil)
  }

  /// Shows an error that names the file and the reason; the editor keeps its state.
  func showError(title: String, detail: String) {
    guard !isDestroyed else { return }
    MessageDialog.present(parent: gtkkit_window(window), heading: title, body: detail)
  }
}
