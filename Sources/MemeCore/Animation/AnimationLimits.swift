// SPDX-License-Identifier: GPL-3.0-or-later

/// What an animated picture may hold, checked from its structure before any frame is decoded.
///
/// Frames are decoded one at a time, so memory is bounded by a few canvases whatever the frame
/// count; the frame limits bound the work instead: a few kilobytes of GIF can declare thousands of
/// frames, each a full screen to compose, quantise and encode. The memory budget bounds the canvases:
/// a 1 KB WebP can declare a 10000 × 10000 canvas, which libwebp's encoder alone keeps several
/// copies of (see `AnimationMemory`).
public struct AnimationLimits: Sendable, Equatable {
  /// Ten minutes at 10 frames a second; longer clips are videos, not memes.
  public static let defaultMaxFrames = 6_000
  /// Pixels composed over the whole animation (the canvas times the frames, or the frames' own
  /// areas when larger): 1,000 frames at 1920 × 1080, about a minute of work on one core.
  public static let defaultMaxTotalPixels = 2_100_000_000
  /// The memory the canvases of one animation may take while it is read, drawn and encoded
  /// (`AnimationMemory`): a 1920 × 1080 GIF made into a GIF needs 232 MB, a 3840 × 2160 one 730 MB;
  /// a 3840 × 2160 WebP made into a WebP 597 MB.
  public static let defaultMemoryBudget = 800_000_000
  /// The shortest delay a frame is played with, in milliseconds. A shorter one (GIF's 0 and 10 ms)
  /// means "as fast as you can" in old GIFs and is played at `replacementDelay`, as browsers do;
  /// the file's own delay is still what an export writes.
  public static let shortestPlayedDelay = 20
  public static let replacementDelay = 100

  public var maxFrames: Int
  public var maxTotalPixels: Int
  public var memoryBudget: Int

  public init(
    maxFrames: Int = AnimationLimits.defaultMaxFrames,
    maxTotalPixels: Int = AnimationLimits.defaultMaxTotalPixels,
    memoryBudget: Int = AnimationLimits.defaultMemoryBudget
  ) {
    self.maxFrames = maxFrames
    self.maxTotalPixels = maxTotalPixels
    self.memoryBudget = memoryBudget
  }

  /// How long a frame whose file says `delay` milliseconds is shown.
  public static func playedDelay(_ delay: Int) -> Int {
    delay < shortestPlayedDelay ? replacementDelay : delay
  }

  /// Fails with one line when `info` asks for more work than these limits allow, or a canvas of
  /// more than `maxPixels`, or when reading it as `memory` says takes more than the budget.
  func check(_ info: AnimationInfo, maxPixels: Int, memory: AnimationMemory, name: String) throws(ImageError)
  {
    guard info.width > 0, info.height > 0 else {
      throw ImageError(
        path: name, kind: .corrupt,
        reason: String(
          format: localized("the animation's canvas is %@ × %@ pixels: it has no picture"),
          PixelCount.grouped(info.width), PixelCount.grouped(info.height)))
    }
    try ImageLimits.check(width: info.width, height: info.height, maxPixels: maxPixels, name: name)
    try check(memory, name: name)
    let canvasPixels = info.width * info.height
    let (composed, overflow) = canvasPixels.multipliedReportingOverflow(by: info.frameCount)
    let total = max(overflow ? Int.max : composed, info.decodedPixels)
    guard total <= maxTotalPixels else {
      throw ImageError(
        path: name, kind: .tooLarge,
        reason: String(
          format: localized("the animation has %@ pixels over all its frames, more than the limit of %@"),
          PixelCount.grouped(total), PixelCount.grouped(maxTotalPixels)))
    }
  }

  /// Fails with one line, before anything is decoded, when `memory` is over the budget.
  func check(_ memory: AnimationMemory, name: String) throws(ImageError) {
    let bytes = memory.bytes
    guard bytes > memoryBudget else { return }
    throw ImageError(
      path: name, kind: .tooLarge,
      reason: String(
        format: localized(
          "the animation's %@ × %@ canvas needs %@ of memory to work on, more than the limit of %@"),
        PixelCount.grouped(memory.canvasWidth), PixelCount.grouped(memory.canvasHeight),
        ByteSize.described(bytes), ByteSize.described(memoryBudget)))
  }

  static func tooManyFrames(_ limit: Int, name: String) -> ImageError {
    ImageError(
      path: name, kind: .tooLarge,
      reason: String(
        format: localized("the animation has more than %@ frames"), PixelCount.grouped(limit)))
  }
}
