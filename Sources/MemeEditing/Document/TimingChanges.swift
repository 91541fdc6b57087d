// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension EditorDocument {
  /// Changing how a moving picture plays (read it in `content.timing`).
  public var timingChanges: TimingChanges { TimingChanges(document: self) }

  /// Whether the picture moves (an animated GIF or WebP, a video): its timing can be changed.
  public var pictureMoves: Bool { image?.isAnimated == true || image?.isVideo == true }

  /// Whether the picture has sound that Mute can leave out (a video's); never an animation's.
  public var pictureHasSound: Bool { image?.hasSound == true }
}

/// How a moving picture plays, as the editor's document changes it: its trim, speed, direction,
/// play count and sound, kept in the meme's content so that shares apply it, Sent Memes keeps it and
/// Edit & Resend brings it back. Each change is one undo step (a trim handle dragged changes it once,
/// when it is let go).
public struct TimingChanges {
  fileprivate unowned let document: EditorDocument

  public var timing: PlaybackTiming { document.state.timing }

  /// Sets the whole timing: one undo step, or one for every change sharing `coalescingKey` (a trim
  /// handle dragged); nothing when it is the same or there is no moving picture.
  public func set(_ timing: PlaybackTiming, coalescingKey: String? = nil) {
    guard document.pictureMoves, document.state.timing != timing else { return }
    var next = document.state
    next.timing = timing
    if coalescingKey == nil { document.history.endCoalescing() }
    document.apply(next, changed: .timing, coalescingKey: coalescingKey)
  }

  /// Keeps the part from `start` to `end` seconds (`end` nil: to the source's end, `duration`
  /// seconds). An end at or past the source's end is its end; an end not after the start keeps
  /// nothing and is refused. `coalescingKey` as for `set`.
  public func trim(start: Double, end: Double?, duration: Double, coalescingKey: String? = nil) {
    let end = end.flatMap { $0 >= duration ? nil : $0 }
    guard start >= 0, start < (end ?? duration) else { return }
    var timing = self.timing
    timing.start = start
    timing.end = end
    set(timing, coalescingKey: coalescingKey)
  }

  /// Plays `speed` times as fast (within `PlaybackTiming.speeds`).
  public func setSpeed(_ speed: Double) {
    var timing = self.timing
    timing.speed = min(PlaybackTiming.speeds.upperBound, max(PlaybackTiming.speeds.lowerBound, speed))
    set(timing)
  }

  /// Plays the kept part backwards, or forwards.
  public func setReversed(_ reversed: Bool) {
    var timing = self.timing
    timing.isReversed = reversed
    set(timing)
  }

  /// Plays `count` times (0 for ever; nil as the file says).
  public func setPlayCount(_ count: Int?) {
    var timing = self.timing
    timing.playCount = count.map {
      min(PlaybackTiming.playCounts.upperBound, max(PlaybackTiming.playCounts.lowerBound, $0))
    }
    set(timing)
  }

  /// Leaves a video's sound out, or keeps it.
  public func setMuted(_ muted: Bool) {
    var timing = self.timing
    timing.isMuted = muted
    set(timing)
  }
}
