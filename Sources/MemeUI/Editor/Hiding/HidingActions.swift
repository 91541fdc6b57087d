// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The `layer.` actions only a hidden area takes: `layer.hide-method` (a choice of "pixelate",
/// "blur" or "solid", the menu's radio items), `layer.hide-color` (Solid's colour as `#rrggbb`: a
/// colour chosen makes the area Solid), and the menu's Strength… and Colour…, which open the
/// slider and the colour chooser. Each change is one undo step; all are off unless a hidden area is
/// selected (and crop mode, which hides the layers, is off).
final class HidingActions {
  static let methodName = "hide-method"
  static let colorName = "hide-color"
  static let adjustStrengthName = "adjust-hiding-strength"
  static let chooseColorName = "choose-hide-color"

  private let method: SimpleAction
  private let color: SimpleAction
  private var adjustStrength: SimpleAction!
  private var chooseColor: SimpleAction!
  private let document: EditorDocument
  /// Opens the Strength slider at the selected area.
  var onAdjustStrength: () -> Void = {}
  /// Opens the colour chooser for the selected area's Solid colour.
  var onChooseColor: () -> Void = {}

  init(actions: ActionMap, document: EditorDocument) {
    self.document = document
    method = actions.addChoice(Self.methodName, value: HidingMethod.pixelate.name) { [weak document] value in
      guard let document, let index = document.selectedLayerIndex,
        let area = document.selectedLayer?.hiddenArea,
        let method = Self.method(named: value, from: area.method)
      else { return }
      document.hiddenAreas.setMethod(method, ofAreaAt: index)
    }
    color = actions.addChoice(Self.colorName, value: HidingMethod.defaultSolidColor.hexString) {
      [weak document] value in
      guard let document, let index = document.selectedLayerIndex, let color = RGBAColor(parsing: value)
      else { return }
      let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
      document.hiddenAreas.setMethod(.solid(opaque), ofAreaAt: index)
    }
    adjustStrength = actions.add(Self.adjustStrengthName) { [weak self] in self?.onAdjustStrength() }
    chooseColor = actions.add(Self.chooseColorName) { [weak self] in self?.onChooseColor() }
  }

  /// The method named `name`; Solid keeps the colour `current` has, else starts black.
  static func method(named name: String, from current: HidingMethod) -> HidingMethod? {
    switch name {
    case HidingMethod.pixelate.name: return .pixelate
    case HidingMethod.blur.name: return .blur
    case HidingMethod.solid(.black).name:
      if case .solid = current { return current }
      return .solid(HidingMethod.defaultSolidColor)
    default: return nil
    }
  }

  /// The selected hidden area, unless crop mode hides it.
  private func selectedArea(isCropping: Bool) -> HiddenArea? {
    isCropping ? nil : document.selectedLayer?.hiddenArea
  }

  /// Turns them on while a hidden area is selected; the choices' states follow the selected area's.
  func update(isCropping: Bool) {
    let area = selectedArea(isCropping: isCropping)
    method.isEnabled = area != nil
    color.isEnabled = area != nil
    chooseColor.isEnabled = area != nil
    // A solid colour has no strength: the slider is for Pixelate and Blur.
    let isSolid = if case .solid = area?.method { true } else { false }
    adjustStrength.isEnabled = area != nil && !isSolid
    let methodName = area?.method.name ?? HidingMethod.pixelate.name
    if method.stringState != methodName { method.setStringState(methodName) }
    if case .solid(let solid) = area?.method, color.stringState != solid.hexString {
      color.setStringState(solid.hexString)
    }
    menuSection.show(Self.menu, when: area != nil)
  }

  /// The context menu's section for them: empty unless a hidden area is selected.
  let menuSection = Menu()

  /// Pixelate, Blur and Solid as radio items; Strength… and Colour…
  static var menu: Menu {
    let scope = LayerAction.scope
    return Menu([
      (localized("Pixelate"), "\(scope).\(methodName)::\(HidingMethod.pixelate.name)"),
      (localized("Blur"), "\(scope).\(methodName)::\(HidingMethod.blur.name)"),
      (localized("Solid"), "\(scope).\(methodName)::\(HidingMethod.solid(.black).name)"),
      (localized("Strength…"), "\(scope).\(adjustStrengthName)"),
      (localized("Colour…"), "\(scope).\(chooseColorName)"),
    ])
  }
}

extension Menu {
  /// Fills the menu with `items`' section while `isShown`, and empties it otherwise (a section of
  /// the canvas's menu that only one kind of layer has).
  func show(_ items: @autoclosure () -> Menu, when isShown: Bool) {
    guard isShown != (count > 0) else { return }
    removeAll()
    if isShown { appendSection(items()) }
  }
}
