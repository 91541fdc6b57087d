// SPDX-License-Identifier: GPL-3.0-or-later

/// The moments at which a meme with animated layers (an animated sticker) is drawn.
///
/// On an animated picture the picture's frames set the moments, and each layer shows its frame of
/// that moment, looping (`LayerLayoutRequest.time`). On a still picture the layers make the meme
/// animated: it takes the frames of the layer whose animation is longest, and plays for ever.
struct LayerTimeline {
  /// Each frame's moment and delay, in milliseconds, for a still picture.
  let frames: [(time: Int, delay: Int)]

  /// Nil when no layer of `captions` is animated. At most `maximumFrames` frames.
  init?(_ captions: MemeCaptions, maximumFrames: Int) {
    let animations = captions.layers.compactMap(\.kind.animationDelays)
    guard let longest = animations.max(by: { $0.reduce(0, +) < $1.reduce(0, +) }) else { return nil }
    var time = 0
    var frames: [(time: Int, delay: Int)] = []
    for delay in longest.prefix(max(1, maximumFrames)) {
      frames.append((time, delay))
      time += delay
    }
    self.frames = frames
  }
}

extension MemeCaptions {
  /// Whether a layer (an animated sticker) makes the meme animated even on a still picture: then a
  /// share offers the animated formats.
  public var hasAnimatedLayers: Bool {
    layers.contains { $0.kind.animationDelays != nil }
  }

  /// The delays of the frames animated layers make on a still picture, in milliseconds (the
  /// longest animated sticker's, at most `AnimationLimits.defaultMaxFrames`): what the export
  /// writes and the editor plays. Nil when no layer is animated.
  public var layerTimelineDelays: [Int]? {
    LayerTimeline(self, maximumFrames: AnimationLimits.defaultMaxFrames)?.frames.map(\.delay)
  }
}

extension PreparedCaptions {
  /// The captions laid out again for `time` into the meme's animation: every caption and layer that
  /// draws the same then is taken over with what was drawn ahead for it (see `MemeLayout`'s reuse);
  /// only the animated layers are laid out anew.
  func at(time: Int) -> PreparedCaptions {
    let laidOut = MemeLayout(
      captions: layout.captions, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight, time: time,
      reusing: layout)
    var kept: [ObjectIdentifier: CaptionMasks] = [:]
    for (drawing, mask) in zip(layout.drawings, masks) {
      if let mask { kept[ObjectIdentifier(drawing)] = mask }
    }
    return PreparedCaptions(layout: laidOut, masks: laidOut.drawings.map { kept[ObjectIdentifier($0)] })
  }

  init(layout: MemeLayout, masks: [CaptionMasks?]) {
    self.layout = layout
    self.masks = masks
  }
}
