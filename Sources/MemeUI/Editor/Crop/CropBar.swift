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
  private(set) var presetButtons: [CropAspect: UnsafeMutablePointer<GtkWidget>] = [:]
  private(set) var cancelButton: UnsafeMutablePointer<GtkWidget>!
  private(set) var doneButton: UnsafeMutablePointer<GtkWidget>!
  private var isUpdating = false

  init() {
    widget = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    widget.name = "crop-bar"
    widget.addCSSClass("crop-bar")
    widget.isVisible = false
    widget.append(makePresets())
    widget.append(makeButtons())
  }

  private func makePresets() -> UnsafeMutablePointer<GtkWidget> {
    let row = Widget.box(GTK_ORIENTATION_HORIZONTAL)
    row.addCSSClass("linked")
    row.horizontalAlignment = GTK_ALIGN_CENTER
    Accessible.setLabel(row, localized("Aspect ratio"))
    var group: UnsafeMutablePointer<GtkWidget>?
    for aspect in CropAspect.allCases {
      let button = gtk_toggle_button_new_with_label(aspect.label)!
      button.name = "crop-aspect-\(aspect.rawValue)"
      if let group { gtk_toggle_button_set_group(gtkkit_toggle_button(button), gtkkit_toggle_button(group)) }
      group = group ?? button
      Signal.connect(button, "toggled") { [weak self] in
        guard let self, !isUpdating, button.isActive else {
          return
        }
        onAspect(aspect)
      }
      presetButtons[aspect] = button
      row.append(button)
    }
    return row
  }

  private func makeButtons() -> UnsafeMutablePointer<GtkWidget> {
    let row = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    row.horizontalAlignment = GTK_ALIGN_CENTER
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
    return row
  }

  /// Shows `aspect` as the chosen preset without reporting it back.
  func show(aspect: CropAspect) {
    isUpdating = true
    if let button = presetButtons[aspect] { button.isActive = true }
    isUpdating = false
  }
}
