// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What an animated input may hold, as `--help` says it: the limits every path applies (a still
/// export of its first frame too) before a pixel is decoded.
let animationLimitsSentence =
  "An animated GIF or WebP may have at most \(PixelCount.grouped(AnimationLimits.defaultMaxFrames, locale: english)) frames "
  + "and \(PixelCount.grouped(AnimationLimits.defaultMaxTotalPixels, locale: english)) pixels over all its frames, and its "
  + "frames are read, drawn and encoded within "
  + "\(ByteSize.described(AnimationLimits.defaultMemoryBudget, locale: english)) of memory "
  + "(a few copies of its canvas: more to write WebP than GIF); a larger one is refused before any frame is "
  + "decoded, whatever the output."

/// `--help` is in English, and so are its numbers.
private let english = Locale(identifier: "en")
