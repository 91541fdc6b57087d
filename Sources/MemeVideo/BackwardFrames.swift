// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A video's kept part read from its end back to its start, captioned, for a reversed meme
/// (`PlaybackTiming.isReversed`), in bounded memory whatever the video's length. A decoder only
/// goes forwards, so the part is read a stretch at a time from the last one on: each stretch is
/// sought (the decoder starts at the keyframe before it), decoded forwards, captioned and held,
/// then handed on last frame first. A stretch holds at most `allowance` bytes of captioned frames;
/// one that would hold more is read again as two halves.
///
/// Each frame is captioned as in the forward meme, at its forward moment, so the reversed meme is
/// the forward one's frames in the opposite order. Its times follow the source's: a frame lasts in
/// the reversed meme what it lasted going forwards (until the next frame began), so a variable
/// frame rate is kept, mirrored.
///
/// A frame belongs to the stretch its start lies in. A stretch is sought a millisecond before its
/// start, so the frame that seek cuts (it began earlier) is stamped before the stretch and left to
/// the stretch before it; the first stretch is sought to the trim's start, as the forward export is,
/// and keeps the frame cut there.
struct BackwardFrames {
  let source: VideoSource
  let timing: PlaybackTiming
  /// The most bytes of captioned frames one stretch holds.
  let allowance: Int
  let cancellation: Cancellation
  let name: String
  /// The reversed meme's moment (seconds) from which no frame is wanted (a sticker's first three
  /// seconds), so that reading stops there rather than go on to the kept part's start.
  var stopsAt = Double.infinity

  /// A captioned frame held in a stretch: its meme time and, when the file says, duration (seconds).
  private struct Held {
    let image: RasterImage
    let time: Double
    let duration: Double?
  }

  /// Captions every kept frame with `captioner` and hands each to `body` with its time and duration
  /// in the reversed meme (seconds), the kept part's last frame first, up to `stopsAt`.
  func play(
    captioning captioner: inout FrameCaptioner,
    into body: (RasterImage, _ time: Double, _ duration: Double) throws(ImageError) -> Void
  ) throws(ImageError) {
    let info = source.info
    let keptStart = VideoSource.nanoseconds(timing.start)
    guard let sourceEnd = timing.end ?? info.duration else {
      throw ImageError(
        path: name, kind: .unsupported,
        reason: localized("the video does not say how long it lasts, so it cannot be played backwards"))
    }
    let keptEnd = VideoSource.nanoseconds(min(sourceEnd, info.duration ?? sourceEnd))
    let frameBytes = captioner.outputWidth * captioner.outputHeight * 4
    guard frameBytes <= allowance / 2 else { throw tooLarge }
    let rate = info.frameRate ?? 30
    // A stretch of three quarters of what the allowance holds at the nominal rate (a variable rate
    // may bunch frames); a second at least, since each seek decodes from the keyframe before it.
    var span = max(1_000_000_000, Int64(Double(allowance / frameBytes) * 0.75 / rate * 1e9))
    let nominalDuration = 1 / rate / timing.speed
    var upper = keptEnd
    var laterStart: Double?
    var end: Double?
    while upper > keptStart {
      let lower = max(keptStart, upper - span)
      guard let held = try read(from: lower, to: upper, isLast: upper == keptEnd, captioner: &captioner)
      else {
        // Too many frames for the allowance (a burst of a variable rate): the stretch in halves.
        guard span > 2_000_000 else { throw tooLarge }
        span /= 2
        continue
      }
      for frame in held.reversed() {
        try cancellation.check(name: name)
        let frameEnd = laterStart ?? frame.time + (frame.duration ?? nominalDuration)
        let memeEnd = end ?? frameEnd
        end = memeEnd
        if memeEnd - frameEnd >= stopsAt { return }
        try body(frame.image, memeEnd - frameEnd, max(0, frameEnd - frame.time))
        laterStart = frame.time
      }
      upper = lower
    }
  }

  /// The frames whose start lies from `lower` to `upper` (nanoseconds into the source; for the last
  /// stretch, to the trim's end), captioned, in order; nil when they need more than the allowance.
  private func read(from lower: Int64, to upper: Int64, isLast: Bool, captioner: inout FrameCaptioner)
    throws(ImageError) -> [Held]?
  {
    let keptStart = VideoSource.nanoseconds(timing.start)
    try source.seek(
      from: lower == keptStart ? lower : lower - 1_000_000,
      to: isLast ? timing.end.map(VideoSource.nanoseconds) : nil)
    var held: [Held] = []
    var heldBytes = 0
    while let frame = try source.nextFrame() {
      try cancellation.check(name: name)
      let start = frame.frame.time
      if !isLast && start >= upper { break }
      guard start >= lower else { continue }
      let time = timing.memeTime(of: frame.time)
      guard let meme = captioner.caption(try frame.image(), at: Int(time * 1000), drawingOnSource: true)
      else {
        throw ImageError(path: name, kind: .outOfMemory, reason: localized("not enough memory for the video"))
      }
      heldBytes += meme.stride * meme.height
      guard heldBytes <= allowance else { return nil }
      held.append(Held(image: meme, time: time, duration: frame.duration.map { $0 / timing.speed }))
    }
    return held
  }

  private var tooLarge: ImageError {
    ImageError(
      path: name, kind: .tooLarge,
      reason: String(
        format: localized(
          "the video is too large to play backwards: its frames need more than the %@ of memory left for them"
        ),
        ByteSize.described(allowance)))
  }
}
