// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a caption sits: each owns a band hugging its edge of the image.
public enum CaptionPosition: Sendable, Hashable, CaseIterable {
  case top, bottom
}

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

  /// The texts the layout draws, in drawing order: the top one, the bottom one unless the layout
  /// keeps it unseen (Band), then the boxes'.
  public var drawnTexts: [String] {
    [top] + (layout.drawsBottomText ? [bottom] : []) + boxes.map(\.text)
  }

  public func text(at position: CaptionPosition) -> String {
    switch position {
    case .top: top
    case .bottom: bottom
    }
  }
}

/// A rectangle in image pixel coordinates.
public struct ImageRect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// Whether `other` lies within this rectangle, allowing `tolerance` for rounding.
  public func contains(_ other: ImageRect, tolerance: Double = 0.01) -> Bool {
    other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
      && other.maxY <= maxY + tolerance
  }

  public func intersection(_ other: ImageRect) -> ImageRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return ImageRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}
