// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MemeEditing

/// What can be done to the selected layer, whatever its kind, in a `layer.` group of its own on the
/// editor window (see `LayerActions`): its place in the drawing order, and deleting it. The canvas's
/// menu, the shortcuts and a screen reader (the actions are the menu's items) go through them.
package enum LayerAction: String, NamedAction {
  case bringForward = "bring-forward"
  case sendBackward = "send-backward"
  case bringToFront = "bring-to-front"
  case sendToBack = "send-to-back"
  case delete = "delete"

  static var scope: String { "layer" }

  var accelerators: [String] {
    switch self {
    // As in drawing apps (Figma, Sketch, Penpot): brackets step through the drawing order.
    case .bringForward: ["<Control>bracketright"]
    case .sendBackward: ["<Control>bracketleft"]
    // With Shift a bracket key types a brace on most layouts, and that is the key GTK matches.
    case .bringToFront: ["<Control><Shift>bracketright", "<Control>braceright"]
    case .sendToBack: ["<Control><Shift>bracketleft", "<Control>braceleft"]
    // Delete and Backspace are the selected layer's own keys (see `TextBoxEditing.handleBoxKey`):
    // as accelerators they would be taken from every caption field too.
    case .delete: []
    }
  }

  var title: String {
    switch self {
    case .bringForward: localized("Bring Forward")
    case .sendBackward: localized("Send Backward")
    case .bringToFront: localized("Bring to Front")
    case .sendToBack: localized("Send to Back")
    case .delete: localized("Delete")
    }
  }

  /// The drawing-order move, or nil for Delete.
  var order: LayerOrder? {
    switch self {
    case .bringForward: .forward
    case .sendBackward: .backward
    case .bringToFront: .front
    case .sendToBack: .back
    case .delete: nil
    }
  }
}
