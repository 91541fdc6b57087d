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
    let note = localized("This picture already has words in it.")
    let label = Label(note)
    label.widget.name = "picture-text-note"
    label.textAlignment = 0
    // On one line where it fits, else not at all: at a phone's width the button says enough, and
    // a sentence wrapped into a column of single words beside it says nothing.
    let squeezer = Squeezer([label.widget, Label("").widget])
    squeezer.widget.expandsHorizontally = true
    useButton = Button(label: EditorAction.usePictureText.title).widget
    useButton.actionName = EditorAction.usePictureText.detailedName
    useButton.name = "use-picture-text-button"
    useButton.addCSSClass("suggested-action")
    useButton.verticalAlignment = GTK_ALIGN_CENTER
    useButton.horizontalAlignment = GTK_ALIGN_END
    // Heard with the button whether or not the note shows.
    Accessible.setDescription(useButton, note)
    dismissButton = Button(iconName: IconName.dismiss).widget
    EditorBottomBar.name(
      dismissButton, "picture-text-dismiss", label: localized("Dismiss"), tooltip: localized("Dismiss"))
    dismissButton.addCSSClass("flat")
    dismissButton.verticalAlignment = GTK_ALIGN_CENTER
    bar.append(Image(iconName: IconName.addText).widget)
    bar.append(squeezer.widget)
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
