// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// Crop mode's layer over the canvas and its bar of presets, Cancel and Done.
struct CropTools {
  let overlay: CropOverlay
  let bar: CropBar
}

/// Crop mode: the whole picture (turned and mirrored as it is) with the crop over it; Done or Enter
/// applies it as one undoable step, Cancel or Escape leaves the picture as it was.
///
/// The crop layer and bar are built when crop mode first opens: nobody sees them before, and the
/// bar's buttons took about a millisecond on the way to the editor's first frame. Enter and Escape
/// are the window's from the start.
extension EditorWindow {
  /// Crop mode's layer, built the first time it is needed.
  var cropOverlay: CropOverlay { builtCropTools().overlay }
  /// Crop mode's bar, built the first time it is needed.
  var cropBar: CropBar { builtCropTools().bar }

  /// Builds crop mode's layer and bar unless they are built.
  @discardableResult
  func builtCropTools() -> CropTools {
    if let cropTools { return cropTools }
    let tools = CropTools(overlay: CropOverlay(), bar: CropBar())
    cropTools = tools
    canvas.addLayerUnderBoxFields(tools.overlay.widget)
    // The bar takes the bottom bar's place below the picture while cropping: floating over the
    // picture, it hid the bottom caption being framed.
    gtk_box_insert_child_after(gtkkit_box(gtk_widget_get_parent(bottomBar)), tools.bar.widget, bottomBar)
    tools.overlay.pictureRect = { [weak self] in
      self?.canvas.pictureRect ?? ImageRect(x: 0, y: 0, width: 0, height: 0)
    }
    tools.bar.onAspect = { [weak tools = tools.overlay] aspect in
      guard let tools, var selection = tools.selection else { return }
      selection.setAspect(aspect)
      tools.selection = selection
    }
    return tools
  }

  func connectCrop() {
    // Capture phase: Enter and Escape belong to crop mode even when a preset button has the focus;
    // Space (outside a text field) turns a drag into a pan.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, state in
      guard let self else { return false }
      noteSpace(pressed: true, keyval)
      return handleCropKey(keyval, state)
    }
    Signal.connectKeyReleased(keys.raw) { [weak self] keyval in self?.noteSpace(pressed: false, keyval)
    }
    window.addController(keys)
  }

  /// Enter applies, Escape cancels, the arrows move the crop or its edges (see
  /// `CropOverlay+Keys.swift`); other keys, and every key outside crop mode, pass on.
  func handleCropKey(_ keyval: UInt32, _ state: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
    guard crop != nil, let cropTools else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      // Enter on Cancel cancels, as a press of it would; anywhere else it applies.
      if window.focusedWidget == cropTools.bar.cancelButton { endCrop() } else { applyCrop() }
      return true
    case GDK_KEY_Escape:
      endCrop()
      return true
    default:
      return cropTools.overlay.handleKey(keyval, state)
    }
  }

  func beginCrop() {
    guard crop == nil, let image = document.image else { return }
    let transform = document.transform
    let seen = transform.uncropped.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    window.focusedWidget = nil  // a caption field would take Enter
    // As the fields show them: an untouched caption's placeholder too.
    cropOverlay.captions = canvas.captions
    cropOverlay.selection = CropSelection(
      pictureWidth: seen.width, pictureHeight: seen.height,
      rect: transform.cropInView(sourceWidth: image.width, sourceHeight: image.height))
    canvas.showPicture(image, transform: transform.uncropped, withCaptions: false)
    cropBar.show(aspect: .free)
    for widget in [cropOverlay.widget, cropBar.widget] { widget.isVisible = true }
    bottomBar.isVisible = false
    updateActionStates()
  }

  func applyCrop() {
    guard let selection = crop, let image = document.image else { return }
    let sourceCrop = document.transform.sourceCrop(
      forView: selection.rect, sourceWidth: image.width, sourceHeight: image.height)
    endCrop()
    document.setCrop(sourceCrop)
  }

  /// Leaves crop mode, showing the picture as the document has it.
  func endCrop() {
    guard let cropTools, crop != nil else { return }
    cropTools.overlay.selection = nil
    let hadFocus = window.focusedWidget.map { gtk_widget_is_ancestor($0, cropTools.bar.widget) != 0 } ?? false
    bottomBar.isVisible = true
    // Left to GTK, the focus of the bar going away would fall to the first caption field, whose
    // focus clears its default text: it goes back to where crop mode was chosen from instead.
    if hadFocus { _ = gtk_widget_grab_focus(transformButton) }
    for widget in [cropTools.overlay.widget, cropTools.bar.widget] { widget.isVisible = false }
    canvas.showPicture(document.image, transform: document.transform)
    updateActionStates()
  }
}
