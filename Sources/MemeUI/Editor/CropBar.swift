// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// Crop mode's controls, floating at the bottom of the canvas: the aspect presets, Cancel and Done.
final class CropBar {
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Called when the user picks a preset.
  var onAspect: (CropAspect) -> Void = { _ in }
  private var presetButtons: [CropAspect: UnsafeMutablePointer<GtkWidget>] = [:]
  private var isUpdating = false

  init() {
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
    gtk_widget_set_name(widget, "crop-bar")
    gtk_widget_add_css_class(widget, "osd")
    gtk_widget_add_css_class(widget, "crop-bar")
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(widget, GTK_ALIGN_END)
    gtk_widget_set_margin_bottom(widget, 12)
    gtk_widget_set_visible(widget, 0)
    gtk_box_append(gtkkit_box(widget), makePresets())
    gtk_box_append(gtkkit_box(widget), makeButtons())
  }

  private func makePresets() -> UnsafeMutablePointer<GtkWidget> {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(row, "linked")
    gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
    Accessible.setLabel(row, localized("Aspect ratio"))
    var group: UnsafeMutablePointer<GtkWidget>?
    for aspect in CropAspect.allCases {
      let button = gtk_toggle_button_new_with_label(aspect.label)!
      gtk_widget_set_name(button, "crop-aspect-\(aspect.rawValue)")
      if let group { gtk_toggle_button_set_group(gtkkit_toggle_button(button), gtkkit_toggle_button(group)) }
      group = group ?? button
      Signal.connect(button, "toggled") { [weak self] in
        guard let self, !isUpdating, gtk_toggle_button_get_active(gtkkit_toggle_button(button)) != 0 else {
          return
        }
        onAspect(aspect)
      }
      presetButtons[aspect] = button
      gtk_box_append(gtkkit_box(row), button)
    }
    return row
  }

  private func makeButtons() -> UnsafeMutablePointer<GtkWidget> {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
    let cancel = Accessible.mnemonicButton(localized("_Cancel"))
    gtk_widget_set_name(cancel, "crop-cancel-button")
    gtk_actionable_set_action_name(gtkkit_actionable(cancel), EditorAction.cropCancel.detailedName)
    gtk_widget_set_tooltip_text(cancel, localized("Leave the picture as it was (Escape)"))
    let done = Accessible.mnemonicButton(localized("_Done"))
    gtk_widget_set_name(done, "crop-done-button")
    gtk_widget_add_css_class(done, "suggested-action")
    gtk_actionable_set_action_name(gtkkit_actionable(done), EditorAction.cropApply.detailedName)
    gtk_widget_set_tooltip_text(done, localized("Apply the crop (Enter)"))
    gtk_box_append(gtkkit_box(row), cancel)
    gtk_box_append(gtkkit_box(row), done)
    return row
  }

  /// Shows `aspect` as the chosen preset without reporting it back.
  func show(aspect: CropAspect) {
    isUpdating = true
    if let button = presetButtons[aspect] { gtk_toggle_button_set_active(gtkkit_toggle_button(button), 1) }
    isUpdating = false
  }

  func presetButton(_ aspect: CropAspect) -> UnsafeMutablePointer<GtkWidget>? { presetButtons[aspect] }
}
