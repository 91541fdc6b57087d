// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Where the Style panel's style goes: the selected layer with text when there is one (a text box
/// keeps its alignment; a comic bubble's text colour draws its text and border, its outline colour
/// fills it), else the whole meme.
public enum SelectionStyle {
  /// Gives `style` to `document`'s selected text box or comic bubble (one undo step); false when
  /// neither is selected, so the style is the meme's.
  public static func apply(_ style: CaptionStyle, in document: EditorDocument) -> Bool {
    guard let index = document.selectedLayerIndex else { return false }
    if let box = document.selectedBox {
      document.setStyle(style, alignment: box.alignment, ofBoxAt: index)
      return true
    }
    guard document.speechBubbles.comic(at: index) != nil else { return false }
    document.speechBubbles.setStyle(style, ofBubbleAt: index)
    return true
  }
}
