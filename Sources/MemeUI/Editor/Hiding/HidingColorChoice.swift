// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit
import MemeCore
import MemeEditing

/// Colour…: GTK's colour chooser for the selected hidden area's colour, starting at its Solid colour
/// (black for an area that is not Solid yet). The colour chosen makes the area Solid in that colour,
/// one undo step, as `layer.hide-color` does.
enum HidingColorChoice {
  static let dialogName = "hidden-area-colour-dialog"

  static func ask(over window: Widget, document: EditorDocument) {
    guard let index = document.selectedLayerIndex, let area = document.selectedLayer?.hiddenArea else {
      return
    }
    let start = if case .solid(let color) = area.method { color } else { HidingMethod.defaultSolidColor }
    ColorChooserDialog.present(
      over: window.asWindow, title: localized("Colour of the Hidden Area"), name: dialogName,
      color: (start.red, start.green, start.blue, 1)
    ) { [weak document] picked in
      // The area chosen for, wherever undo or a deletion has left the layers meanwhile.
      guard let document, document.layers.indices.contains(index), document.layers[index].hiddenArea != nil
      else { return }
      let color = RGBAColor(red: picked.red, green: picked.green, blue: picked.blue)
      document.hiddenAreas.setMethod(.solid(color), ofAreaAt: index)
    }
  }
}
