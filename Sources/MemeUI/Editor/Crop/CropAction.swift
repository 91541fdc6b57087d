// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Crop mode's actions, in a `crop.` group of their own on the editor window (as GNOME's image viewer
/// keeps its crop's apart): crop mode answers and enables them (see `CropMode`). The picture's
/// Crop… item, the crop bar's buttons and the shortcuts go through them.
package enum CropAction: String, NamedAction {
  /// Opens crop mode over the whole picture.
  case begin = "begin"
  case apply = "apply"
  case cancel = "cancel"

  static var scope: String { "crop" }

  var accelerators: [String] {
    switch self {
    // X for cutting the picture down; Ctrl+Shift as the other picture commands.
    case .begin: ["<Control><Shift>x"]
    // Enter and Escape are crop mode's own while it is on, before any control sees them (see
    // `CropMode.handleKey`): as accelerators they would be taken from every caption field too.
    case .apply, .cancel: []
    }
  }

  /// The keys the shortcuts window lists for the action: its accelerators, or the key crop mode
  /// takes for it.
  var keys: [String] {
    switch self {
    case .begin: accelerators
    case .apply: ["Return"]
    case .cancel: ["Escape"]
    }
  }

  var title: String {
    switch self {
    case .begin: localized("Crop…")
    case .apply: localized("Apply the crop")
    case .cancel: localized("Leave the picture as it was")
    }
  }
}
