// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A warning strip under the header bar, revealed while a caption does not fit at the smallest size
/// or the picture is damaged.
struct WarningBar {
  let revealer: UnsafeMutablePointer<GtkWidget>
  let label: UnsafeMutablePointer<GtkWidget>

  init() {
    let bar = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    bar.addCSSClass("warning-bar")
    label = Widget.label("")
    label.name = "caption-overflow"
    label.wrapsText = true
    label.textAlignment = 0
    label.expandsHorizontally = true
    bar.append(gtk_image_new_from_icon_name(IconName.warning)!)
    bar.append(label)
    revealer = gtk_revealer_new()
    revealer.setRevealerChild(bar)
    revealer.revealsChild = false
  }

  /// Shows `warning`, or hides the strip (`nil`), leaving the last words in place while it closes.
  func show(_ warning: String?) {
    if let warning { label.text = warning }
    revealer.revealsChild = warning != nil
  }
}
