// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// Crop mode's controls, below the picture in the bottom bar's place: the aspect presets, Cancel and
/// Done.
final class CropBar {
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Called when the user picks a preset.
  var onAspect: (CropAspect) -> Void = { _ in }
  private var presets: [CropAspect: ToggleButton] = [:]
  var presetButtons: [CropAspect: Widget] { presets.mapValues(\.widget) }
  private(set) var cancelButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var doneButton: UnsafeMutablePointer<GtkWidget>!
  private var isUpdating = false

  init() {
    let bar = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    widget = bar.widget
    widget.name = "crop-bar"
    widget.addCSSClass("crop-bar")
    widget.isVisible = false
    bar.append(makePresets())
    bar.append(makeButtons())
  }

  /// The presets in one linked row, or two when the window is too narrow for one (see `fit`).
  private func makePresets() -> UnsafeMutablePointer<GtkWidget> {
    presetRows.widget.horizontalAlignment = GTK_ALIGN_CENTER
    Accessible.setLabel(presetRows.widget, localized("Aspect ratio"))
    var group: ToggleButton?
    for aspect in CropAspect.allCases {
      let button = ToggleButton(label: aspect.label, group: group)
      button.widget.name = "crop-aspect-\(aspect.rawValue)"
      group = group ?? button
      Signal.connect(button.widget, "toggled") { [weak self] in
        guard let self, !isUpdating, button.isActive else {
          return
        }
        onAspect(aspect)
      }
      presets[aspect] = button
      presetOwners.append(ObjectOwner(taking: button.widget))
    }
    arrangePresets(inRows: 1)
    return presetRows.widget
  }

  /// The rows the presets are in, one linked box each.
  private let presetRows = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
  private var presetRowCount = 0
  /// A reference to each preset of its own: taken out of a row, a button would otherwise be freed.
  private var presetOwners: [ObjectOwner] = []

  /// Puts the presets in one row when `width` (the window's) holds them all, else in two, so that
  /// crop mode never makes the window wider than a phone's 360 pixels: a row of seven presets
  /// (more in German) needs about 420.
  func fit(width: Int32) {
    var needed: Int32 = 2 * Self.barPadding
    for button in presets.values { needed += button.widget.naturalWidth }
    arrangePresets(inRows: width > 0 && needed > width ? 2 : 1)
  }

  /// The crop bar's padding at each side (see `EditorStyleSheet`), with the window's border.
  private static let barPadding: Int32 = 16

  private func arrangePresets(inRows count: Int) {
    guard count != presetRowCount else { return }
    presetRowCount = count
    let buttons = CropAspect.allCases.compactMap { presets[$0]?.widget }
    // `presetOwners` keeps the buttons while they move between rows.
    presetRows.removeAll()
    let perRow = (buttons.count + count - 1) / count
    for start in stride(from: 0, to: buttons.count, by: perRow) {
      let row = Box(GTK_ORIENTATION_HORIZONTAL)
      row.widget.addCSSClass("linked")
      row.widget.horizontalAlignment = GTK_ALIGN_CENTER
      for button in buttons[start..<min(start + perRow, buttons.count)] { row.append(button) }
      presetRows.append(row.widget)
    }
  }

  private func makeButtons() -> UnsafeMutablePointer<GtkWidget> {
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    row.widget.horizontalAlignment = GTK_ALIGN_CENTER
    let cancel = Accessible.mnemonicButton(localized("_Cancel"))
    cancel.name = "crop-cancel-button"
    cancel.actionName = CropAction.cancel.detailedName
    cancel.tooltip = localized("Leave the picture as it was (Escape)")
    let done = Accessible.mnemonicButton(localized("_Done"))
    done.name = "crop-done-button"
    done.addCSSClass("suggested-action")
    done.actionName = CropAction.apply.detailedName
    done.tooltip = localized("Apply the crop (Enter)")
    row.append(cancel)
    row.append(done)
    cancelButton = cancel
    doneButton = done
    return row.widget
  }

  /// Shows `aspect` as the chosen preset without reporting it back.
  func show(aspect: CropAspect) {
    isUpdating = true
    if let button = presets[aspect] { button.isActive = true }
    isUpdating = false
  }
}
