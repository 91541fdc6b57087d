// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Everything the editor shows and undo restores: the captions, their style, the picture and how it
/// is cut and turned.
///
/// A caption nobody has typed is empty here: the editor shows its placeholder (TOP, BOTTOM, a box's
/// TEXT, in the user's language) in its place, and nothing of it reaches an export, a thumbnail or
/// Sent Memes.
public struct EditorState {
  public var topText = ""
  public var bottomText = ""
  public var style = CaptionStyle.classic
  /// The text boxes placed anywhere, drawn after the classic two (a sent meme's, opened again).
  public var boxes: [TextBox] = []
  public var image: EditorImage?
  /// The crop, turn and mirroring of `image` (a new picture starts as it is).
  public var transform = PictureTransform.identity
  /// How the texts and the picture are arranged; switching keeps the texts.
  public var layout = MemeLayoutKind.classic
  /// The description the user wrote (the meme's alt text), or nil for the default: the meme's text
  /// in reading order, which follows the captions as they change (see `resolvedDescription`).
  public var customDescription: String?

  /// The launch state: no picture, no text typed, classic style.
  public static let initial = EditorState()

  public var captions: MemeCaptions {
    MemeCaptions(top: topText, bottom: bottomText, style: style, boxes: boxes, layout: layout)
  }

  /// The description files and Sent Memes get: the user's, or the captions' default.
  public var resolvedDescription: String {
    MemeDescription.resolved(customDescription, captions: captions)
  }

  public func text(at position: CaptionPosition) -> String {
    position == .top ? topText : bottomText
  }

  public mutating func setText(_ text: String, at position: CaptionPosition) {
    if position == .top { topText = text } else { bottomText = text }
  }

  /// What the editor shows for an empty classic caption: TOP or BOTTOM, translated.
  public static func placeholder(at position: CaptionPosition) -> String {
    position == .top ? localized("TOP") : localized("BOTTOM")
  }

  /// What the editor shows for an empty text box: TEXT, translated.
  public static var boxPlaceholder: String { localized("TEXT") }

  /// Same texts, boxes, style and picture (pictures compare by identity: pixels are never mutated).
  func isSame(as other: EditorState) -> Bool {
    topText == other.topText && bottomText == other.bottomText && boxes == other.boxes && style == other.style
      && image === other.image && transform == other.transform && layout == other.layout
      && customDescription == other.customDescription
  }
}
