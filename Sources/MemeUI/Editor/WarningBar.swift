// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

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

  /// Shows what is wrong with `document`'s picture and with the captions of `layout` (the one drawn),
  /// one warning a line, or hides the strip when nothing is.
  /// `also`: a warning of another part's (a hidden area still readable).
  func show(for document: EditorDocument, layout: MemeLayout?, also: String? = nil) {
    let warnings = [
      document.image?.full.damage == nil
        ? nil
        : localized("This picture is damaged: parts of it may look wrong. The meme uses what could be read."),
      // A photo over the pixel limit opened smaller: the meme is made at that size.
      document.image?.full.openedSmaller?.message(),
      layout.flatMap { StylePanel.overflowMessage($0.overflowingCaptions, boxes: $0.overflowingBoxes) },
      also,
    ].compactMap { $0 }
    show(warnings.isEmpty ? nil : warnings.joined(separator: "\n"))
  }
}
