// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How a GIF's palette is made for each frame, and how the frame is mapped onto it.
enum GIFPalettes: Sendable, Equatable {
  /// Dithered, from a refined palette search: for pictures as they are.
  case smooth
  /// Not dithered, from libimagequant's quickest search: for frames already full of grain (a
  /// deep-fried picture). The grain spreads the palette's error as a ditherer would, and hides what
  /// the refining adds; mapping 300,000 grainy pixels onto a palette is most of a frame's time, and
  /// without dithering it takes a third less.
  case grainy

  /// The palettes for a meme drawn with `effects`.
  init(drawing effects: PictureEffects) {
    self = effects.drawnDeepFry == nil ? .smooth : .grainy
  }

  /// libimagequant's dithering level, 0 to 1.
  var dithering: Float {
    switch self {
    case .smooth: 1
    case .grainy: 0
    }
  }

  /// libimagequant's speed, 1 to 10. 7 (its default is 4), on one thread, leaves out the dither map
  /// (a remapping pass that finds the edges not to dither) and some of the palette's refining: 40%
  /// less time than 4, with the animation benchmark's colour error and sizes unchanged (within
  /// 0.1%). 10 leaves out the rest of the refining.
  var speed: Int32 {
    switch self {
    case .smooth: 7
    case .grainy: 10
    }
  }
}
