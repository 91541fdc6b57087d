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
  /// How the texts and the picture are arranged (Classic: the captions on the picture).
  public var layout: MemeLayoutKind

  public init(
    top: String, bottom: String, style: CaptionStyle = .classic, boxes: [TextBox] = [],
    layout: MemeLayoutKind = .classic
  ) {
    self.top = top
    self.bottom = bottom
    self.style = style
    self.boxes = boxes
    self.layout = layout
  }

  /// Every text box of the meme in drawing order: the classic two in their bands, then `boxes`.
  public var allBoxes: [TextBox] {
    CaptionPosition.allCases.map { TextBox.classic($0, text: text(at: $0), style: style) } + boxes
  }

  /// The texts the layout draws, in drawing order (see `MemeLayoutKind.drawnTexts`).
  public var drawnTexts: [String] {
    layout.drawnTexts(top: top, bottom: bottom, boxes: boxes.map(\.text))
  }

  public func text(at position: CaptionPosition) -> String {
    switch position {
    case .top: top
    case .bottom: bottom
    }
  }
}
