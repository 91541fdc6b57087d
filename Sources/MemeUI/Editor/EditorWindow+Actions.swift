// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeEditing

/// The editor's `win.` actions. Each handler checks its preconditions first: an action can be
/// activated from a shortcut, a menu, a button or a test.
extension EditorWindow {
  func addActions() {
    EditorAction.add(to: actions) { [weak self] action in self?.perform(action) }
  }

  private func perform(_ action: EditorAction) {
    switch action {
    case .open: chooseAndLoadPicture()
    case .camera: cameraCapture?()
    case .paste: paste()
    case .share: gtk_menu_button_popup(gtkkit_menu_button(shareButton))
    case .saveAs: saveAs()
    case .copyImage: copyImage()
    case .openWith: openWith()
    case .sendByEmail: sendByEmail()
    case .undo: document.undo()
    case .redo: document.redo()
    case .zoomIn: canvas.zoomControls.zoom(by: CanvasZoom.step)
    case .zoomOut: canvas.zoomControls.zoom(by: 1 / CanvasZoom.step)
    case .zoomFit: canvas.zoomControls.fit()
    case .crop: beginCrop()
    case .cropApply: applyCrop()
    case .cropCancel: endCrop()
    case .rotateLeft: document.rotate(clockwise: false)
    case .rotateRight: document.rotate(clockwise: true)
    case .flipHorizontal: document.flip(horizontally: true)
    case .flipVertical: document.flip(horizontally: false)
    case .cancel: cancel()
    case .close: gtk_window_close(gtkkit_window(window))
    case .cancelExport: cancelExport()
    case .addText: addText()
    case .bringForward, .sendBackward, .bringToFront, .sendToBack:
      if let order = action.boxOrder { reorderSelectedBox(order) }
    case .contextMenu: contextMenu.showForSelection()
    case .nextCaption: focusCaption(after: true)
    case .previousCaption: focusCaption(after: false)
    }
  }

  /// Back to the launch state; when memes have been sent, Sent Memes replaces the editor. An edited
  /// meme that would be lost is asked about first, as closing the window does.
  private func cancel() {
    guard document.hasUnsharedChanges else { return startOver() }
    askToDiscard { [weak self] in self?.startOver() }
  }

  private func startOver() {
    loadGeneration += 1  // a load still running must not bring a picture back
    isLoading = false
    canvas.showLoading(nil)
    window.focusedWidget = nil
    document.reset()
    if !sink.isEmpty, let showSentMemes {
      showSentMemes()
      window.close()
    }
  }
}
