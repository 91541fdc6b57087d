// SPDX-License-Identifier: GPL-3.0-or-later

/// The captions of one meme and how they look: everything the renderer needs besides the image.
///
/// The classic top and bottom captions, in `style`, are the meme's first two text boxes; `layers` are
/// what is placed anywhere over the picture (text boxes, see `MemeLayer`), drawn after them in order
/// (a later layer covers an earlier one).
public struct MemeCaptions: Sendable, Hashable {
  public var top: String
  public var bottom: String
  public var style: CaptionStyle
  public var layers: [MemeLayer]
  /// How the texts and the picture are arranged (Classic: the captions on the picture).
  public var layout: MemeLayoutKind
  /// What the picture is made with under the captions (deep-fry, More JPEG, black and white).
  public var effects: PictureEffects

  public init(
    top: String, bottom: String, style: CaptionStyle = .classic, layers: [MemeLayer] = [],
    layout: MemeLayoutKind = .classic, effects: PictureEffects = .none
  ) {
    self.top = top
    self.bottom = bottom
    self.style = style
    self.layers = layers
    self.layout = layout
    self.effects = effects
  }

  /// The text boxes among the layers, in drawing order.
  public var textBoxes: [TextBox] { layers.compactMap(\.textBox) }

  /// The text of each layer, in drawing order: empty for a layer without text.
  public var layerTexts: [String] { layers.map(\.text) }

  /// The texts the layout draws, in drawing order (see `MemeLayoutKind.drawnTexts`).
  public var drawnTexts: [String] {
    layout.drawnTexts(top: top, bottom: bottom, boxes: layerTexts)
  }

  public func text(at position: CaptionPosition) -> String {
    switch position {
    case .top: top
    case .bottom: bottom
    }
  }
}
