// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeEditing

/// A strip under the header bar, revealed when words were read in the picture just opened: it says
/// so and offers "Use the picture's text" (`win.use-picture-text`), with a button to dismiss it.
/// libadwaita 1.2 has no AdwBanner; this is laid out as one (a line of text, then its action) in
/// the warning strip's place, a row of its own rather than over the picture and its captions.
struct PictureTextBar {
  let revealer: Revealer
  let useButton: UnsafeMutablePointer<GtkWidget>
  let dismissButton: UnsafeMutablePointer<GtkWidget>

  init() {
    let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    bar.widget.addCSSClass("picture-text-bar")
    let label = Label(localized("This picture already has words in it."))
    label.widget.name = "picture-text-note"
    label.wrapsText = true
    label.textAlignment = 0
    label.widget.expandsHorizontally = true
    useButton = Button(label: EditorAction.usePictureText.title).widget
    useButton.actionName = EditorAction.usePictureText.detailedName
    useButton.name = "use-picture-text-button"
    useButton.addCSSClass("suggested-action")
    useButton.verticalAlignment = GTK_ALIGN_CENTER
    dismissButton = Button(iconName: IconName.dismiss).widget
    EditorBottomBar.name(
      dismissButton, "picture-text-dismiss", label: localized("Dismiss"), tooltip: localized("Dismiss"))
    dismissButton.addCSSClass("flat")
    dismissButton.verticalAlignment = GTK_ALIGN_CENTER
    bar.append(Image(iconName: IconName.addText).widget)
    bar.append(label.widget)
    bar.append(useButton)
    bar.append(dismissButton)
    revealer = Revealer(child: bar.widget)
    revealer.widget.name = "picture-text-bar"
    revealer.revealsChild = false
  }

  var isShown: Bool {
    get { revealer.revealsChild }
    nonmutating set { revealer.revealsChild = newValue }
  }
}
