// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Everything the editor shows and undo restores: the captions, their style, the picture and how it
/// is cut and turned.
public struct EditorState {
  static let defaultTopText = "TOP"
  static let defaultBottomText = "BOTTOM"

  public var topText = EditorState.defaultTopText
  public var bottomText = EditorState.defaultBottomText
  public var style = CaptionStyle.classic
  /// The text boxes placed anywhere, drawn after the classic two (a sent meme's, opened again).
  public var boxes: [TextBox] = []
  public var image: EditorImage?
  /// The crop, turn and mirroring of `image` (a new picture starts as it is).
  public var transform = PictureTransform.identity

  /// The launch state: no picture, default texts, classic style.
  public static let initial = EditorState()

  public var captions: MemeCaptions {
    MemeCaptions(top: topText, bottom: bottomText, style: style, boxes: boxes)
  }

  public func text(at position: CaptionPosition) -> String {
    position == .top ? topText : bottomText
  }

  public mutating func setText(_ text: String, at position: CaptionPosition) {
    if position == .top { topText = text } else { bottomText = text }
  }

  public static func defaultText(at position: CaptionPosition) -> String {
    position == .top ? defaultTopText : defaultBottomText
  }

  /// Same texts, boxes, style and picture (pictures compare by identity: pixels are never mutated).
  func isSame(as other: EditorState) -> Bool {
    topText == other.topText && bottomText == other.bottomText && boxes == other.boxes && style == other.style
      && image === other.image && transform == other.transform
  }
}
