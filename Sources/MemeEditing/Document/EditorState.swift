// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Everything the editor shows and undo restores: the meme's content (captions, style, layout, text
/// boxes, the picture's transform, the description) and the picture.
///
/// A caption nobody has typed is empty here: the editor shows its placeholder (TOP, BOTTOM, a box's
/// TEXT, in the user's language) in its place, and nothing of it reaches an export, a thumbnail or
/// Sent Memes.
public struct EditorState: MemeContentHolder {
  /// What makes the meme. Its transform applies to `image` (a new picture starts as it is); its
  /// description follows the captions as they change while the user has written none.
  public var content = MemeContent.empty
  public var image: EditorImage?

  /// The launch state: no picture, no text typed, classic style.
  public static let initial = EditorState()

  /// A fresh start with no picture, no text typed and `style`.
  init(style: CaptionStyle) {
    content.style = style
  }

  init() {}

  public func text(at position: CaptionPosition) -> String {
    content.captions.text(at: position)
  }

  public mutating func setText(_ text: String, at position: CaptionPosition) {
    switch position {
    case .top: content.top = text
    case .bottom: content.bottom = text
    }
  }

  /// What the editor shows for an empty classic caption: TOP or BOTTOM, translated.
  public static func placeholder(at position: CaptionPosition) -> String {
    position == .top ? localized("TOP") : localized("BOTTOM")
  }

  /// What the editor shows for an empty text box: TEXT, translated.
  public static var boxPlaceholder: String { localized("TEXT") }

  /// Same content and picture (pictures compare by identity: pixels are never mutated).
  func isSame(as other: EditorState) -> Bool {
    content == other.content && image === other.image
  }
}
