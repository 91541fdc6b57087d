// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A warning strip under the header bar, revealed while a caption does not fit at the smallest size
/// or the picture is damaged.
struct WarningBar {
  let revealer: Revealer
  let label: Label

  init() {
    let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    bar.widget.addCSSClass("warning-bar")
    label = Label("")
    label.widget.name = "caption-overflow"
    label.wrapsText = true
    label.textAlignment = 0
    label.widget.expandsHorizontally = true
    bar.append(Image(iconName: IconName.warning).widget)
    bar.append(label.widget)
    revealer = Revealer(child: bar.widget)
    revealer.revealsChild = false
  }

  /// Shows `warning`, or hides the strip (`nil`), leaving the last words in place while it closes.
  func show(_ warning: String?) {
    if let warning { label.text = warning }
    revealer.revealsChild = warning != nil
  }
}
