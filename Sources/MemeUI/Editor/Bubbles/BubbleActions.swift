// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The `layer.` actions only a speech bubble takes. A reaction bubble's: `layer.bubble-transparent`
/// (cut out of the picture), `layer.bubble-flip` (its tail on the other side) and
/// `layer.bubble-bottom` (at the picture's bottom), the menu's check items, and Size…
/// (`layer.adjust-bubble-size`), which opens the slider. A comic bubble's: `layer.bubble-shape` (a
/// choice of "rounded" or "ellipse", the menu's radio items) and Move Tail (`layer.bubble-move-tail`,
/// a check item): while it is on, the arrow keys move the tail's tip rather than the bubble (see
/// `TextBoxEditing.handleBoxArrow`), the keyboard's way to what a drag of the tip does. Each change
/// is one undo step; each is off unless a bubble of its kind is selected (and crop mode, which
/// hides the layers, is off).
final class BubbleActions {
  static let transparentName = "bubble-transparent"
  static let flipName = "bubble-flip"
  static let bottomName = "bubble-bottom"
  static let adjustSizeName = "adjust-bubble-size"
  static let shapeName = "bubble-shape"
  static let moveTailName = "bubble-move-tail"

  private var toggles: [SimpleAction] = []
  private var adjustSize: SimpleAction!
  private let shape: SimpleAction
  private var moveTail: SimpleAction!
  /// The bubble Move Tail was turned on for: selecting another layer ends it.
  private var tailIndex: Int?
  private let document: EditorDocument
  /// Opens the Size slider at the selected reaction bubble.
  var onAdjustSize: () -> Void = {}

  /// The reaction bubble's switches: each action's name, how it reads the bubble, how it sets it.
  private static let switches:
    [(name: String, read: (SpeechBubble) -> Bool, write: (SpeechBubbleChanges, Bool, Int) -> Void)] = [
      (transparentName, \.isTransparent, { $0.setTransparent($1, ofBubbleAt: $2) }),
      (flipName, \.isFlipped, { $0.setFlipped($1, ofBubbleAt: $2) }),
      (bottomName, \.isAtBottom, { $0.setAtBottom($1, ofBubbleAt: $2) }),
    ]

  init(actions: ActionMap, document: EditorDocument) {
    self.document = document
    for toggle in Self.switches {
      toggles.append(
        actions.addToggle(toggle.name, isOn: false) { [weak document] isOn in
          guard let document, let index = document.selectedLayerIndex else { return }
          toggle.write(document.speechBubbles, isOn, index)
        })
    }
    shape = actions.addChoice(Self.shapeName, value: BubbleShape.rounded.rawValue) { [weak document] value in
      guard let document, let index = document.selectedLayerIndex, let shape = BubbleShape(rawValue: value)
      else { return }
      document.speechBubbles.setShape(shape, ofBubbleAt: index)
    }
    adjustSize = actions.add(Self.adjustSizeName) { [weak self] in self?.onAdjustSize() }
    moveTail = actions.addToggle(Self.moveTailName, isOn: false) { [weak self] isOn in
      guard let self else { return }
      tailIndex = isOn ? document.selectedLayerIndex : nil
    }
  }

  /// Whether the arrow keys move the tail of the comic bubble at `index` (Move Tail is on for it).
  func movesTail(ofBubbleAt index: Int) -> Bool {
    moveTail.isOn && tailIndex == index && document.speechBubbles.comic(at: index) != nil
  }

  /// Ends Move Tail (Escape, Enter): the arrow keys move the bubble again.
  func stopMovingTail() {
    tailIndex = nil
    if moveTail.isOn { moveTail.isOn = false }
  }

  /// Turns them on while a bubble of their kind is selected; the check and radio items follow it.
  func update(isCropping: Bool) {
    let bubble = isCropping ? nil : document.selectedLayer?.speechBubble
    let reaction = bubble?.isReaction == true ? bubble : nil
    let comic = bubble?.isReaction == false ? bubble : nil
    for (action, toggle) in zip(toggles, Self.switches) {
      action.isEnabled = reaction != nil
      let isOn = reaction.map(toggle.read) ?? false
      if action.isOn != isOn { action.isOn = isOn }
    }
    adjustSize.isEnabled = reaction != nil
    shape.isEnabled = comic != nil
    moveTail.isEnabled = comic != nil
    if let tailIndex, !movesTail(ofBubbleAt: tailIndex) || document.selectedLayerIndex != tailIndex {
      stopMovingTail()
    }
    let shapeName = comic?.shape.rawValue ?? BubbleShape.rounded.rawValue
    if shape.stringState != shapeName { shape.setStringState(shapeName) }
    reactionSection.show(Self.reactionMenu, when: reaction != nil)
    comicSection.show(Self.comicMenu, when: comic != nil)
  }

  /// The context menu's section for a reaction bubble: empty unless one is selected.
  let reactionSection = Menu()
  /// The context menu's section for a comic bubble: empty unless one is selected.
  let comicSection = Menu()

  /// Transparent, Flip and Bottom as check items; Size…
  static var reactionMenu: Menu {
    let scope = LayerAction.scope
    return Menu([
      (localized("Transparent"), "\(scope).\(transparentName)"),
      (localized("Flip"), "\(scope).\(flipName)"),
      (localized("Bottom"), "\(scope).\(bottomName)"),
      (localized("Size…"), "\(scope).\(adjustSizeName)"),
    ])
  }

  /// Shape: Rounded and Ellipse as radio items, in a submenu of their own; Move Tail.
  static var comicMenu: Menu {
    let scope = LayerAction.scope
    let shapes = Menu([
      (localized("Rounded"), "\(scope).\(shapeName)::\(BubbleShape.rounded.rawValue)"),
      (localized("Ellipse"), "\(scope).\(shapeName)::\(BubbleShape.ellipse.rawValue)"),
    ])
    let menu = Menu()
    menu.appendSubmenu(shapes, label: localized("Shape"))
    menu.append(localized("Move Tail"), action: "\(scope).\(moveTailName)")
    return menu
  }
}
