// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// The canvas's context menu, where a GNOME app puts what acts on the thing under the pointer: a
/// secondary click or a long press on the picture (on a text box, that box is selected first), or the
/// Menu key or Shift+F10 (at the selected box, else the canvas's middle). It holds Paste, Undo and
/// Redo, and the selected box's drawing order; the primary menu keeps to the app's own items.
final class EditorContextMenu {
  /// The popover, parented to the canvas; built with the menu's first showing.
  private(set) var popover: UnsafeMutablePointer<GtkWidget>?
  private unowned let canvas: EditorCanvas
  private unowned let boxHandles: BoxHandles
  private let document: EditorDocument
  /// The sections of the selected layer's own kind: a sticker's Flip and Opacity
  /// (`StickerActions.menuSection`), a hidden area's method and strength (`HidingActions.menuSection`),
  /// each empty unless such a layer is selected.
  private let kindSections: [Menu]
  /// The focus goes back where it was when the menu closes (a layer's field, a caption).
  private let focusReturn = FocusReturn()

  init(canvas: EditorCanvas, boxHandles: BoxHandles, document: EditorDocument, kindSections: [Menu] = []) {
    self.canvas = canvas
    self.kindSections = kindSections
    self.boxHandles = boxHandles
    self.document = document
    attachGestures()
  }

  /// Paste, Undo and Redo; then the selected layer's place in the drawing order and Delete; then
  /// what its kind has of its own (a sticker's Flip and Opacity, a hidden area's method, a speech
  /// bubble's options); then what acts on the picture: Add (Speech Bubble's Reaction and Comic, and
  /// Hide Area), Use as Template and, when words were read in it, Use the Picture's Text. Add is a submenu so that the menu stays as short as it was: a
  /// menu too tall for the window no longer opens at its box.
  static var menu: Menu { menu(kindSections: []) }

  /// The menu, with `kindSections` (each filled while a layer of its kind is selected) before the
  /// picture's section.
  static func menu(kindSections: [Menu]) -> Menu {
    let menu = Menu()
    menu.appendSection(
      Menu([
        (localized("Paste Picture"), EditorAction.paste.detailedName),
        (localized("Undo"), EditorAction.undo.detailedName),
        (localized("Redo"), EditorAction.redo.detailedName),
      ]))
    menu.appendSection(
      Menu(
        LayerAction.allCases.map { ($0.title, $0.detailedName) }))
    for section in kindSections { menu.appendSection(section) }
    let adding = Menu()
    adding.appendSubmenu(BubbleAdding.menu, label: localized("Speech Bubble"))
    adding.append(EditorAction.hideArea.title, action: EditorAction.hideArea.detailedName)
    let picture = Menu()
    picture.appendSubmenu(adding, label: localized("Add"))
    let template = TemplateAction.useAsTemplate.menuItem
    picture.append(template.label, action: template.action)
    // Shown only while words read in the picture wait to be used: after the bar offering them was
    // dismissed, this is where they still are.
    picture.appendHiddenWhenDisabled(
      EditorAction.usePictureText.title, action: EditorAction.usePictureText.detailedName)
    menu.appendSection(picture)
    return menu
  }

  /// Shows the menu pointing at (`x`, `y`) of the canvas; over a text box, that box is selected.
  func show(atX x: Double, y: Double) {
    if let target = boxHandles.target(atX: x, y: y) { document.selectLayer(at: target.index) }
    popUp(at: GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1))
  }

  /// The Menu key: at the selected box's centre, else the canvas's middle.
  func showForSelection() {
    let point = boxHandles.selectionPoint
    popUp(at: GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1))
  }

  /// Opens the menu at the point, on the side of it where the menu fits inside the window.
  private func popUp(at rectangle: GdkRectangle) {
    focusReturn.remember(in: canvas.widget)
    builtPopover().popUp(atX: Double(rectangle.x), y: Double(rectangle.y))
  }

  /// The popover, built now unless it is.
  func builtPopover() -> UnsafeMutablePointer<GtkWidget> {
    if let popover { return popover }
    let menu = Widget.popoverMenu(Self.menu(kindSections: kindSections), named: localized("Picture Menu"))
    menu.name = "canvas-context-menu"
    gtk_popover_set_has_arrow(gtkkit_popover(menu), 0)
    Signal.connect(menu, "closed") { [weak self] in self?.focusReturn.giveBack() }
    canvas.attachPopover(menu)
    popover = menu
    return menu
  }

  /// Whether (`x`, `y`) lies on the top or bottom caption's field: a secondary click there opens
  /// the field's own menu (cut, copy and paste of its text).
  private func isOnClassicCaption(_ x: Double, _ y: Double) -> Bool {
    [canvas.fields.topEntry, canvas.fields.bottomEntry].contains { entry in
      guard let bounds = canvas.boundsInDrawing(of: entry.widget) else { return false }
      return x >= bounds.x && x < bounds.x + bounds.width && y >= bounds.y && y < bounds.y + bounds.height
    }
  }

  private func attachGestures() {
    // On the canvas and everything over it, in the capture phase: a box's field lies over its box
    // and would otherwise open its own text menu.
    let click = Gesture.click(button: 3)  // GDK_BUTTON_SECONDARY
    gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
    Signal.connectPressed(click.raw) { [weak self] _, x, y in
      guard let self, !isOnClassicCaption(x, y) else { return }
      Gesture.claim(click)
      show(atX: x, y: y)
    }
    canvas.widget.addController(click)
    // A long press is the touchscreen's secondary click.
    let longPress = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_touch_only(gtkkit_gesture_single(longPress.raw), 1)
    Signal.connectPoint(longPress.raw, "pressed") { [weak self] x, y in self?.show(atX: x, y: y) }
    canvas.addToDrawing(longPress)
  }

  /// The Menu key and Shift+F10, in the window's capture phase: ours unless the focus is in the top
  /// or bottom caption's field, whose own text menu they open.
  func attachKeys(to window: UnsafeMutablePointer<GtkWidget>) {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, state in
      guard let self else { return false }
      let isMenuKey =
        Int32(keyval) == GDK_KEY_Menu
        || (Int32(keyval) == GDK_KEY_F10 && state.rawValue & GDK_SHIFT_MASK.rawValue != 0)
      guard isMenuKey, !canvas.fields.topEntry.isFocused, !canvas.fields.bottomEntry.isFocused else {
        return false
      }
      showForSelection()
      return true
    }
    window.addController(keys)
  }
}
