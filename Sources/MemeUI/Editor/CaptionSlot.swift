// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeEditing

/// Which caption a field edits: a classic one, or the text box at an index of the meme's boxes.
/// Fields are numbered in drawing order: the top caption is Caption 1, the bottom one Caption 2,
/// the boxes Caption 3, 4, … (what Tab's order follows); a screen reader hears the boxes as
/// "Text box 1", "Text box 2", ….
enum CaptionSlot: Hashable {
  case classic(CaptionPosition)
  case box(Int)

  /// The slots of a meme with `boxCount` boxes, in Caption N order (Tab's order).
  static func all(boxCount: Int) -> [CaptionSlot] {
    CaptionPosition.allCases.map(CaptionSlot.classic) + (0..<boxCount).map(CaptionSlot.box)
  }

  var position: CaptionPosition? {
    if case .classic(let position) = self { position } else { nil }
  }

  var boxIndex: Int? {
    if case .box(let index) = self { index } else { nil }
  }

  /// The N of "Caption N".
  var number: Int {
    switch self {
    case .classic(let position): position == .top ? 1 : 2
    case .box(let index): CaptionPosition.allCases.count + index + 1
    }
  }

  /// The field's widget name, for tests and the accessibility walk.
  var widgetName: String {
    switch self {
    case .classic(let position): position == .top ? "top-caption" : "bottom-caption"
    case .box(let index): "caption-box-\(index)"
    }
  }

  /// What screen readers call the field: "Top caption", "Bottom caption", and the boxes counted on
  /// their own, "Text box 1", "Text box 2", … (the word the toolbar's Add Text and its toasts use).
  var accessibleLabel: String {
    switch self {
    case .classic(let position): position == .top ? localized("Top caption") : localized("Bottom caption")
    case .box(let index): String(format: localized("Text box %ld"), index + 1)
    }
  }

  /// What the field shows while its caption is empty: TOP, BOTTOM, TEXT (see `EditorState`).
  var placeholder: String {
    switch self {
    case .classic(let position): EditorState.placeholder(at: position)
    case .box: EditorState.boxPlaceholder
    }
  }
}
