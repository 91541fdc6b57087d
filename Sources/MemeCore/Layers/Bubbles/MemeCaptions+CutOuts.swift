// SPDX-License-Identifier: GPL-3.0-or-later

extension MemeCaptions {
  /// Whether a speech bubble is cut out of the picture: the meme has transparent pixels.
  public var cutsOutOfPicture: Bool {
    layers.contains { $0.speechBubble?.cutsOut == true }
  }

  /// The captions with every bubble cut out of the picture painted white instead: what a format
  /// without transparency (JPEG) shows of them, as flattening the transparent pixels on white would.
  public var withCutOutsFilledWhite: MemeCaptions {
    var filled = self
    filled.layers = layers.map { layer in
      guard var bubble = layer.speechBubble, bubble.cutsOut else { return layer }
      bubble.isTransparent = false
      return .bubble(bubble)
    }
    return filled
  }
}
