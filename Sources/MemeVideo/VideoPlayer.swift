// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// Plays a video in a window: GStreamer decodes it on its own threads as the clock (the sound
/// card's while the sound plays) comes to each frame, scaled there to the size shown, and keeps only
/// the newest frame for the window to take on its frame clock (`takeFrame`). A frame the window is
/// too late for is dropped, not queued, so playing costs the main thread one copy of a shown-size
/// frame a frame, whatever the video's size.
///
/// The part played, its speed and the sound follow a `PlaybackTiming` (trim, speed with the pitch
/// kept, mute); at the trim's end it stops, and `isAtEnd` says so.
public final class VideoPlayer {
  public let info: VideoInfo
  /// The size frames are decoded at: the size they are shown at (see `resize`).
  public private(set) var width: Int
  public private(set) var height: Int
  private let player: OpaquePointer
  private let path: String
  public private(set) var timing = PlaybackTiming()
  /// Where the last frame taken lies in the video, in seconds.
  public private(set) var position: Double = 0
  public private(set) var isPlaying = false

  /// Opens the video at `url` (of `info`, which loading it found) to play at `width` × `height`
  /// (the video's aspect ratio), paused on its first frame. One `ImageError` line when it cannot.
  public init(
    contentsOf url: URL, info: VideoInfo, width: Int, height: Int, limits: VideoLimits = VideoLimits()
  ) throws(ImageError) {
    path = url.path
    self.info = info
    self.width = max(2, width)
    self.height = max(2, height)
    var error: UnsafeMutablePointer<CChar>?
    guard
      let player = meme_video_player_open(
        path, Int32(clamping: self.width), Int32(clamping: self.height), info.hasAudio,
        VideoSource.nanoseconds(limits.discoveryTime), &error)
    else {
      throw ImageError(
        path: path, kind: .unsupported,
        reason: takeErrorText(error, fallback: localized("it is not a video that can be decoded")))
    }
    self.player = player
  }

  deinit { meme_video_player_close(player) }

  /// Decodes the frames at `width` × `height` from the next one on: the size the window shows them
  /// at, so that it draws them without scaling a bigger frame down on its own thread.
  public func resize(width: Int, height: Int) {
    let (width, height) = (max(2, width), max(2, height))
    guard width != self.width || height != self.height else { return }
    (self.width, self.height) = (width, height)
    meme_video_player_resize(player, Int32(clamping: width), Int32(clamping: height))
  }

  /// The size to play a `width` × `height` video at: at most `longest` pixels on its long side.
  public static func shownSize(width: Int, height: Int, longest: Int) -> (width: Int, height: Int) {
    let scale = min(1, Double(longest) / Double(max(width, height, 1)))
    return (max(2, Int((Double(width) * scale).rounded())), max(2, Int((Double(height) * scale).rounded())))
  }

  /// The trimmed part's start and end, in seconds into the video.
  public var start: Double { timing.start }
  public var end: Double { min(timing.end ?? .infinity, info.duration ?? .infinity) }

  /// Plays (from the trim's start, when it was at its end).
  public func play() {
    if isAtEnd { seek(to: start) }
    isPlaying = true
    meme_video_player_set_playing(player, true)
  }

  public func pause() {
    isPlaying = false
    meme_video_player_set_playing(player, false)
  }

  /// Shows the frame at `seconds` into the video (kept inside the trim), and plays on from it when
  /// playing.
  public func seek(to seconds: Double) {
    let target = min(max(seconds, start), end.isFinite ? end : seconds)
    position = target
    if timing.isReversed {
      _ = meme_video_player_seek(
        player, VideoSource.nanoseconds(target), VideoSource.nanoseconds(start), -timing.speed)
    } else {
      _ = meme_video_player_seek(
        player, VideoSource.nanoseconds(target), end.isFinite ? VideoSource.nanoseconds(end) : -1,
        timing.speed)
    }
  }

  /// Where the part played starts again once played through: its end when it plays backwards.
  public var restartPosition: Double { timing.isReversed && end.isFinite ? end : start }

  /// Plays `timing`'s part at its speed and in its direction, muted or not (reversed, always: it is
  /// saved so), from where it is.
  public func apply(_ timing: PlaybackTiming) {
    let moved =
      timing.start != self.timing.start || timing.end != self.timing.end || timing.speed != self.timing.speed
      || timing.isReversed != self.timing.isReversed
    self.timing = timing
    meme_video_player_set_muted(player, !timing.playsVideoSound)
    if moved { seek(to: max(position, timing.start)) }
  }

  /// Whether the part played has come to its end.
  public var isAtEnd: Bool { meme_video_player_is_at_end(player) }

  /// The newest frame decoded since the last call, with its time in seconds into the video; nil
  /// when none came. An `ImageError` when playing failed (a damaged frame further on).
  public func takeFrame() throws(ImageError) -> (image: RasterImage, time: Double)? {
    var frame = MemeVideoFrame()
    var error: UnsafeMutablePointer<CChar>?
    switch meme_video_player_take_frame(player, &frame, &error) {
    case 0: return nil
    case 1:
      let decoded = DecodedFrame(frame, path: path)
      position = decoded.time
      return (try decoded.image(), decoded.time)
    default:
      isPlaying = false
      throw ImageError(
        path: path, kind: .corrupt, reason: takeErrorText(error, fallback: localized("file is truncated")))
    }
  }
}
