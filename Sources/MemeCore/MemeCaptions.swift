// SPDX-License-Identifier: GPL-3.0-or-later

/// The captions of one meme and how they look: everything the renderer needs besides the image.
///
/// The classic top and bottom captions, in `style`, are the meme's first two text boxes; `boxes` are
/// the ones placed anywhere, drawn after them in order (a later box covers an earlier one).
public struct MemeCaptions: Sendable, Hashable {
  public var top: String
  public var bottom: String
  public var style: CaptionStyle
  public var boxes: [TextBox]

  public init(top: String, bottom: String, style: CaptionStyle = .classic, boxes: [TextBox] = []) {
    self.top = top
    self.bottom = bottom
    self.style = style
    self.boxes = boxes
  }

  /// Every text box of the meme in drawing order: the classic two in their bands, then `boxes`.
  public var allBoxes: [TextBox] {
    CaptionPosition.allCases.map { TextBox.classic($0, text: text(at: $0), style: style) } + boxes
  }

  public func text(at position: CaptionPosition) -> String {
    switch position {
    case .top: top
    case .bottom: bottom
    }
  }
}
