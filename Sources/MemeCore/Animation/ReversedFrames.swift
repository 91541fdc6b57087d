// SPDX-License-Identifier: GPL-3.0-or-later

/// An animation's finished frames held until the last is made, to be written last first
/// (`PlaybackTiming.isReversed`). Frames are read only forwards (each is composed over the one
/// before), so reversing holds them all: within `allowance` bytes, what the animation's memory
/// budget leaves beside the reading and encoding (`AnimationMemory`), or the export fails with one
/// line instead of taking memory without bound.
struct ReversedFrames {
  private var frames: [(image: RasterImage, delay: Int)] = []
  private var heldBytes = 0
  let allowance: Int
  /// The animation's name, for the error.
  let name: String

  init(allowance: Int, name: String) {
    self.allowance = max(0, allowance)
    self.name = name
  }

  /// Holds `frame`, shown for `delay` milliseconds, or fails when it would go over the allowance.
  mutating func hold(_ frame: RasterImage, delay: Int) throws(ImageError) {
    let (bytes, overflow) = frame.stride.multipliedReportingOverflow(by: frame.height)
    guard !overflow, bytes <= allowance - heldBytes else {
      throw ImageError(
        path: name, kind: .tooLarge,
        reason: String(
          format: localized(
            "the animation is too long to play backwards: its frames need more than the %@ of memory left for them"
          ),
          ByteSize.described(allowance)))
    }
    heldBytes += bytes
    frames.append((frame, delay))
  }

  /// Hands the frames held to `body`, the last first, each with its own delay, letting each go once
  /// handed on so that the next step's copies take the memory it held.
  mutating func playBackwards(into body: (RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) {
    while let frame = frames.popLast() {
      heldBytes -= frame.image.stride * frame.image.height
      try body(frame.image, frame.delay)
    }
  }
}
