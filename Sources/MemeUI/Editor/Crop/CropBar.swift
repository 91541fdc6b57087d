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

  private func makePresets() -> UnsafeMutablePointer<GtkWidget> {
    let row = Box(GTK_ORIENTATION_HORIZONTAL)
    row.widget.addCSSClass("linked")
    row.widget.horizontalAlignment = GTK_ALIGN_CENTER
    Accessible.setLabel(row.widget, localized("Aspect ratio"))
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
      row.append(button.widget)
    }
    return row.widget
  }

  private func makeButtons() -> UnsafeMutablePointer<GtkWidget> {
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    row.widget.horizontalAlignment = GTK_ALIGN_CENTER
    let cancel = Accessible.mnemonicButton(localized("_Cancel"))
    cancel.name = "crop-cancel-button"
    cancel.actionName = EditorAction.cropCancel.detailedName
    cancel.tooltip = localized("Leave the picture as it was (Escape)")
    let done = Accessible.mnemonicButton(localized("_Done"))
    done.name = "crop-done-button"
    done.addCSSClass("suggested-action")
    done.actionName = EditorAction.cropApply.detailedName
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
