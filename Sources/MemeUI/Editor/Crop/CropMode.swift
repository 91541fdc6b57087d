// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// Crop mode: the whole picture (turned and mirrored as it is) with the crop over it; Done or Enter
/// applies it as one undoable step, Cancel or Escape leaves the picture as it was.
///
/// The crop layer and bar are built when crop mode first opens: nobody sees them before, and the
/// bar's buttons took about a millisecond on the way to the editor's first frame. Enter and Escape
/// are the window's from the start (see `handleKey`).
final class CropMode {
  /// Crop mode's layer and bar, once crop mode has first opened.
  private(set) var tools: (overlay: CropOverlay, bar: CropBar)?

  private unowned let host: any EditorHost
  /// Crop mode's `crop.` actions (`CropAction`), in a group of their own on the window.
  let actions: ActionMap
  /// The bar the crop bar takes the place of while cropping.
  private let bottomBar: UnsafeMutablePointer<GtkWidget>
  /// Where the focus goes back to when crop mode ends from its bar: the control it was chosen from.
  private let returnFocus: UnsafeMutablePointer<GtkWidget>

  init(
    host: any EditorHost, bottomBar: UnsafeMutablePointer<GtkWidget>,
    returnFocus: UnsafeMutablePointer<GtkWidget>
  ) {
    self.host = host
    self.bottomBar = bottomBar
    self.returnFocus = returnFocus
    actions = ActionGroup(insertedInto: host.window, prefix: CropAction.scope).actions
    CropAction.add(to: actions) { [weak self] action in self?.perform(action) }
  }

  /// Each handler checks its preconditions first: an action can come from the picture's menu, a
  /// shortcut, the crop bar or a test.
  private func perform(_ action: CropAction) {
    switch action {
    case .begin: begin()
    case .apply: apply()
    case .cancel: end()
    }
  }

  /// Crop… with a picture outside crop mode; Apply and Cancel in it (an insensitive Done takes no
  /// focus, see `begin`).
  func updateActions(hasPicture: Bool) {
    actions.action(named: CropAction.begin.name)?.isEnabled = hasPicture && !isOn
    for action in [CropAction.apply, .cancel] { actions.action(named: action.name)?.isEnabled = isOn }
  }

  /// The window's width, which the bar's presets fit (see `CropBar.fit`).
  var windowWidth: Int32 = 0 {
    didSet { if let tools { tools.bar.fit(width: windowWidth) } }
  }

  /// The crop being edited while crop mode is on.
  var selection: CropSelection? { tools?.overlay.selection }
  var isOn: Bool { selection != nil }

  /// Crop mode's layer, built the first time it is needed.
  var overlay: CropOverlay { builtTools().overlay }
  /// Crop mode's bar, built the first time it is needed.
  var bar: CropBar { builtTools().bar }

  private func builtTools() -> (overlay: CropOverlay, bar: CropBar) {
    if let tools { return tools }
    let overlay = CropOverlay()
    let bar = CropBar()
    tools = (overlay, bar)
    host.canvas.addLayerUnderBoxFields(overlay.widget)
    // The bar takes the bottom bar's place below the picture while cropping: floating over the
    // picture, it hid the bottom caption being framed.
    gtk_box_insert_child_after(gtkkit_box(gtk_widget_get_parent(bottomBar)), bar.widget, bottomBar)
    overlay.pictureRect = { [weak host] in
      host?.canvas.pictureRect ?? ImageRect(x: 0, y: 0, width: 0, height: 0)
    }
    bar.onAspect = { [weak overlay] aspect in
      guard let overlay, var selection = overlay.selection else { return }
      selection.setAspect(aspect)
      overlay.selection = selection
    }
    return (overlay, bar)
  }

  /// Enter applies, Escape cancels, the arrows move the crop or its edges (see
  /// `CropOverlay+Keys.swift`); other keys, and every key outside crop mode, pass on.
  func handleKey(_ keyval: UInt32, _ state: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
    guard isOn, let tools else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      // Enter on Cancel cancels, as a press of it would; anywhere else it applies.
      if host.toplevel.focusedWidget == tools.bar.cancelButton { end() } else { apply() }
      return true
    case GDK_KEY_Escape:
      end()
      return true
    default:
      return tools.overlay.handleKey(keyval, state)
    }
  }

  /// What crop mode cuts: a picture with its transform, and what takes the crop chosen (the
  /// document's picture, or a panel meme's cell).
  struct Target {
    let image: EditorImage
    let transform: PictureTransform
    let apply: (PixelRect?) -> Void
  }

  /// A panel meme's selected cell, loaded whole and handed to the closure given (which opens crop
  /// mode on it); false while the meme is one picture. Set by the window.
  var cellTarget: ((@escaping (Target) -> Void) -> Bool)?
  /// What is being cropped, while crop mode is on.
  private var target: Target?

  /// Crop…: the picture's crop, or a panel meme's selected cell's.
  func begin() {
    guard !isOn else { return }
    if cellTarget?({ [weak self] target in self?.begin(target) }) == true { return }
    guard let image = host.document.image else { return }
    begin(
      Target(image: image, transform: host.document.transform) { [weak host] crop in
        host?.document.setCrop(crop)
      })
  }

  private func begin(_ target: Target) {
    guard !isOn else { return }
    self.target = target
    let (image, transform) = (target.image, target.transform)
    let seen = transform.uncropped.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    // As the fields show them: an untouched caption's placeholder too (none over a cell's picture).
    overlay.captions =
      image === host.document.image ? host.canvas.captions : MemeCaptions(top: "", bottom: "")
    overlay.selection = CropSelection(
      pictureWidth: seen.width, pictureHeight: seen.height,
      rect: transform.cropInView(sourceWidth: image.width, sourceHeight: image.height))
    // A focus left on a caption field or the bottom bar, both hidden now, GTK would move on to the
    // next control at its next layout, whatever lies there.
    host.toplevel.focusedWidget = nil
    host.canvas.showPicture(image, transform: transform.uncropped, withCaptions: false)
    bar.show(aspect: .free)
    // Measured in the window, with the theme's padding.
    bar.fit(width: windowWidth)
    for widget in [overlay.widget, bar.widget] { widget.isVisible = true }
    bottomBar.isVisible = false
    // Done's action is enabled now: an insensitive button takes no focus.
    host.updateActionStates()
    focusDone()
  }

  /// The keys are the window's while cropping (Enter applies, Escape cancels, the arrows move the
  /// crop): the focus waits on Done, in sight, rather than in a caption field that would take Enter,
  /// or on nothing. GTK gives the focus only to a shown button: Done takes it once it is mapped.
  private func focusDone() {
    let done = bar.doneButton!
    guard gtk_widget_get_mapped(done) == 0 else {
      _ = gtk_widget_grab_focus(done)
      return
    }
    Signal.connectOnce(done, "map") { [weak self] in
      guard let self, isOn, host.toplevel.focusedWidget == nil else { return }
      _ = gtk_widget_grab_focus(done)
    }
  }

  func apply() {
    guard let selection, let target else { return }
    let sourceCrop = target.transform.sourceCrop(
      forView: selection.rect, sourceWidth: target.image.width, sourceHeight: target.image.height)
    end()
    target.apply(sourceCrop)
  }

  /// Leaves crop mode, showing the picture as the document has it.
  func end() {
    guard let tools, isOn else { return }
    tools.overlay.selection = nil
    target = nil
    let focus = host.toplevel.focusedWidget
    let hadFocus = focus.map { gtk_widget_is_ancestor($0, tools.bar.widget) != 0 } ?? true
    bottomBar.isVisible = true
    // Left to GTK, the focus of the bar going away would fall to the first caption field, whose
    // focus clears its default text, or to nothing: it goes back to the Crop button, where crop
    // mode is chosen from.
    if hadFocus { _ = gtk_widget_grab_focus(returnFocus) }
    for widget in [tools.overlay.widget, tools.bar.widget] { widget.isVisible = false }
    host.canvas.showPicture(host.document.image, transform: host.document.transform)
    host.updateActionStates()
  }
}
