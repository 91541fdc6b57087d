// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// The editor's `win.` actions. Each handler checks its preconditions first: an action can be
/// activated from a shortcut, a menu, a button or a test.
extension EditorWindow {
  func addActions() {
    EditorAction.add(to: actions) { [weak self] action in self?.perform(action) }
    ShareTarget.add(to: actions) { [weak self] target in self?.sharing.share(to: target) }
    PanelLayoutChoice.add(to: actions) { [weak self] arrangement in self?.startPanels(arrangement) }
  }

  /// New from Layout: an empty grid in place of the meme, once the user agreed to lose an edited one.
  func startPanels(_ arrangement: PanelArrangement) {
    let start = { [weak self] in
      guard let self else { return }
      loading.forget()
      document.reset()
      panels.start(arrangement)
    }
    if leaving.askIfWorkWouldBeLost(leaveLabel: localized("_Discard"), before: start) { return }
    start()
  }

  private func perform(_ action: EditorAction) {
    switch action {
    case .open: loading.chooseAndLoad()
    case .camera: camera.capture?()
    case .paste: loading.paste()
    case .share: gtk_menu_button_popup(gtkkit_menu_button(header.shareButton))
    case .undo: document.undo()
    case .redo: document.redo()
    case .zoomIn: canvas.zoomControls.zoom(by: CanvasZoom.step)
    case .zoomOut: canvas.zoomControls.zoom(by: 1 / CanvasZoom.step)
    case .zoomFit: canvas.zoomControls.fit()
    // A panel meme's turns and flips are its selected cell's.
    case .rotateLeft:
      if !panels.transformSelectedCell({ $0.rotate(clockwise: false) }) { document.rotate(clockwise: false) }
    case .rotateRight:
      if !panels.transformSelectedCell({ $0.rotate(clockwise: true) }) { document.rotate(clockwise: true) }
    case .flipHorizontal:
      if !panels.transformSelectedCell({ $0.flip(horizontally: true) }) { document.flip(horizontally: true) }
    case .flipVertical:
      if !panels.transformSelectedCell({ $0.flip(horizontally: false) }) {
        document.flip(horizontally: false)
      }
    case .cancel: cancel()
    case .close: gtk_window_close(gtkkit_window(window))
    case .cancelExport: sharing.stop()
    case .addText: textBoxes.addText()
    case .hideArea: hiding.start()
    case .addReactionBubble: layerTools.bubbles.add(comic: false)
    case .addComicBubble: layerTools.bubbles.add(comic: true)
    case .contextMenu: contextMenu.showForSelection()
    case .editDescription: DescriptionDialog.present(for: document, over: window)
    case .nextCaption: textBoxes.focusCaption(after: true)
    case .previousCaption: textBoxes.focusCaption(after: false)
    case .playAnimation:
      canvas.videoPlayback.player != nil ? canvas.videoPlayback.toggle() : canvas.playback.toggle()
    case .previousFrame: canvas.playback.stepBack()
    case .nextFrame: canvas.playback.stepOn()
    case .trimStart: timing.setStartAtFrameShown()
    case .trimEnd: timing.setEndAtFrameShown()
    case .usePictureText: pictureText.use()
    }
  }

  /// Enables each action from the current state; buttons and menu items follow their actions.
  func updateActionStates() {
    // Every change of the meme and every completed share come through here: the title follows both.
    toplevel.title = EditorTitle.text(for: document)
    let hasPicture = document.image != nil
    let isCropping = cropMode?.isOn ?? false
    // A panel meme is shared once a cell has its picture (the file it is named after and kept with).
    let canShare = hasPicture && panels?.grid.map { $0.cells.contains { $0.picture != nil } } != false
    for action in EditorAction.allCases where action.needsPicture {
      enable(action, hasPicture)
    }
    enable(.share, canShare)
    enable(.undo, document.canUndo)
    enable(.redo, document.canRedo)
    enable(.camera, camera?.capture != nil)
    // A panel meme's Crop… cuts its selected cell's picture.
    cropMode?.updateActions(hasPicture: panels?.isActive == true ? panels.selectedCellHasPicture : hasPicture)
    // Whatever plays on the canvas: an animated picture, or animated stickers on a still one.
    for action in [EditorAction.playAnimation, .previousFrame, .nextFrame] {
      enable(action, canvas.playback.player != nil)
    }
    if canvas.videoPlayback.player != nil { enable(.playAnimation, true) }
    for action in [EditorAction.trimStart, .trimEnd] { enable(action, timing?.canTrim == true) }
    sharing.updateActions(hasPicture: canShare)
    layerActions.update(isCropping: isCropping)
    enable(.addText, hasPicture && !isCropping)
    enable(.hideArea, hasPicture && !isCropping)
    enable(.usePictureText, pictureText?.canUse == true && !isCropping)
    let canAddBubble = layerTools?.bubbles.isPossible ?? false
    for action in [EditorAction.addReactionBubble, .addComicBubble] { enable(action, canAddBubble) }
    bottomBar.speechBubbleButton.isSensitive = canAddBubble
    // Present only while Sent Memes' store is open (templates live in it).
    actions.action(named: TemplateAction.useAsTemplate.name)?.isEnabled = hasPicture && !isCropping
    // In crop mode the caption fields are hidden.
    enable(.nextCaption, !isCropping)
    enable(.previousCaption, !isCropping)
    // Start over does nothing on a blank first launch: no picture, no caption typed, no Sent Memes.
    let captions = document.captions
    enable(.cancel, hasPicture || !captions.top.isEmpty || !captions.bottom.isEmpty || !sink.isEmpty)
    // A GtkMenuButton has no action of its own: mirror win.share. While an export runs it stays
    // sensitive so its spinner shows clearly; its menu's items are off.
    header.shareButton.isSensitive = canShare
    header.styleButton.isSensitive = hasPicture
    if !hasPicture { stylePanel.isOpen = false }
    bottomBar.transformButton.isSensitive = hasPicture
    bottomBar.addStickerButton.isSensitive = hasPicture && !isCropping
  }

  private func enable(_ action: EditorAction, _ isEnabled: Bool) {
    actions.action(named: action.name)?.isEnabled = isEnabled
  }

  /// Crop mode's keys, and Space for panning, before any control sees them (capture phase): Enter
  /// and Escape belong to crop mode even when a preset button has the focus.
  func connectWindowKeys() {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, state in
      guard let self else { return false }
      noteSpace(pressed: true, keyval)
      return cropMode.handleKey(keyval, state)
    }
    Signal.connectKeyReleased(keys.raw) { [weak self] keyval in self?.noteSpace(pressed: false, keyval) }
    window.addController(keys)
  }

  /// Back to the launch state; when memes have been sent, Sent Memes replaces the editor. An edited
  /// meme that would be lost is asked about first, as closing the window does.
  private func cancel() {
    guard document.hasUnsharedChanges else { return startOver() }
    leaving.askToDiscard { [weak self] in self?.startOver() }
  }

  private func startOver() {
    loading.forget()
    toplevel.focusedWidget = nil
    document.reset()
    // Back at the launch state, the focus is where it was at launch, never on nothing.
    focusInvitation()
    if !sink.isEmpty, let showSentMemes {
      showSentMemes()
      toplevel.close()
    }
  }
}
