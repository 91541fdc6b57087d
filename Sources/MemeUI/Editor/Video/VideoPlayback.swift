// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeVideo

/// Plays a video on the canvas, with its sound: `VideoPlayer` decodes it on GStreamer's threads at
/// the size the canvas shows (at most `shownLongestSide` pixels), and on each of the canvas's frames
/// the newest decoded frame, if one came, goes to `onFrame`, at which the canvas draws the layers.
/// Typing goes on while it plays: the main thread only copies that one frame and draws.
///
/// It plays the meme's trimmed part at its speed and in its direction, muted or not (`apply`; a
/// reversed video is played backwards by GStreamer, without sound, as it is saved), over and over
/// as a meme does; its controls are a pill: play or pause, the position (a slider, which the arrow
/// keys move by a tenth of a second) and the time ("0:03 / 0:10"), over the canvas's bottom where
/// they fade out once the pointer rests, as an animation's do (`FadingControls`), or under
/// Detail's picture.
final class VideoPlayback {
  /// Frames are decoded at most this big on their long side while playing: sharp on a full-screen
  /// canvas, small enough that a 4K video costs no more than a laptop screen's worth a frame.
  static let shownLongestSide = 1920

  var controls: Widget { controlsBox.widget }
  let playButton = Button(iconName: IconName.play)
  let positionSlider = Scale(from: 0, to: 1, step: 100)
  let timeLabel = Label("")
  private let controlsBox = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
  /// Shows and fades the pill.
  private let fading: FadingControls
  /// Whether the controls over the picture are shown now (always, beside it).
  var isShown: Bool { fading.isShown }
  /// Called with each new frame shown (nil: the picture's first frame) and the meme's moment it
  /// shows, in milliseconds.
  var onFrame: (_ frame: RasterImage?, _ time: Int) -> Void = { _, _ in }
  /// Called when playing fails (a damaged frame further on), with the reason.
  var onFailure: (String) -> Void = { _ in }
  /// Whether the desktop allows animations; with them off a video starts paused. Tests replace it.
  var animationsEnabled: () -> Bool = { DesktopMotion.animationsEnabled }

  private(set) var player: VideoPlayer?
  private var playing: URL?
  /// The widget whose frame clock paces taking frames.
  private let clock: UnsafeMutablePointer<GtkWidget>
  private var tick: UInt32?
  /// Set while the slider is moved to follow the video, so that it does not seek.
  private var followingVideo = false
  private var timing = PlaybackTiming()
  /// Whether a paused video waits for the frame a seek asked for: the tick goes on until it comes.
  private var awaitingFrame = false
  /// The time, in seconds into the video, of the frame shown last (nil: the first frame, as loaded).
  private(set) var shownTime: Double?

  var isPlaying: Bool { player?.isPlaying ?? false }

  /// The video's frames as a timeline, each lasting a frame at its nominal rate (30 a second when it
  /// does not say), for trimming by frames; nil without a video.
  private(set) var timeline: AnimationTimeline?

  /// The frame shown, on `timeline`.
  var frameIndex: Int? { timeline?.frame(at: shownTime ?? player?.position ?? 0) }

  /// `clock`: the widget the frames are shown on, whose frame clock paces taking them; `playAction`:
  /// the `win.` action the button activates; `placement`: over the editor's canvas, or in a row
  /// under Meme Detail's picture.
  init(clock: UnsafeMutablePointer<GtkWidget>, playAction: String, placement: AnimationPlayback.Placement) {
    self.clock = clock
    fading = FadingControls(controlsBox.widget, name: "video-controls", placement: placement)
    playButton.widget.name = "play-video-button"
    playButton.widget.addCSSClass("flat")
    playButton.widget.addCSSClass("circular")
    playButton.widget.actionName = playAction
    controlsBox.append(playButton.widget)
    positionSlider.widget.name = "video-position"
    positionSlider.drawValue(false)
    positionSlider.widget.setSizeRequest(width: 160, height: -1)
    Accessible.setLabel(positionSlider.widget, localized("Position"))
    positionSlider.onValueChanged { [weak self] milliseconds in self?.sliderMoved(to: milliseconds) }
    controlsBox.append(positionSlider.widget)
    timeLabel.widget.name = "video-time"
    timeLabel.widget.addCSSClass("numeric")
    timeLabel.widget.setMargins(start: 4, end: 10)
    controlsBox.append(timeLabel.widget)
    fading.isActive = { [unowned self] in player != nil }
    updateControls()
  }

  /// Plays `picture` when it is a video (paused on its first frame when animations are off), or
  /// stops and hides the controls. The same video again changes nothing.
  func show(_ picture: EditorImage?) {
    show(videoAt: picture?.url, info: picture?.video)
  }

  /// Plays the video at `url`, of `info` (nil for anything else: it stops and hides the controls).
  func show(videoAt url: URL?, info: VideoInfo?) {
    let url = info == nil ? nil : url
    guard url != playing else { return }
    stop()
    player = nil
    timeline = nil
    playing = url
    shownTime = nil
    awaitingFrame = false
    onFrame(nil, 0)
    if let url, let info {
      let size = VideoPlayer.shownSize(width: info.width, height: info.height, longest: Self.shownLongestSide)
      do {
        let player = try VideoPlayer(contentsOf: url, info: info, width: size.width, height: size.height)
        player.apply(timing)
        self.player = player
        let rate = info.frameRate ?? 30
        let frames = max(1, Int(((info.duration ?? 0) * rate).rounded()))
        timeline = AnimationTimeline(frameRate: rate, frameCount: frames)
        positionSlider.setRange(from: 0, to: max(1, (info.duration ?? 0) * 1000))
      } catch {
        onFailure(error.reason)
      }
    }
    controls.isVisible = player != nil
    if player != nil, animationsEnabled() { play() }
    updateControls()
    reveal()
  }

  /// The controls over the picture come back when the pointer moves over `area` (the canvas).
  func watchPointer(over area: Widget) { fading.watchPointer(over: area) }

  /// Shows the controls over the picture, and hides them again once the pointer has rested.
  func reveal() { fading.reveal() }

  /// The pointer has rested: the controls over the picture fade out, unless the keyboard is in them.
  func pointerRested() { fading.pointerRested() }

  /// The frames are decoded at the size they are shown: `scale` times the video's own (at most its
  /// own), rounded to even pixels. A change of a few pixels is not worth a new size.
  func fitFrames(toScale scale: Double) {
    guard let player, scale > 0 else { return }
    let scale = min(1, scale)
    let width = Int((Double(player.info.width) * scale / 2).rounded()) * 2
    let height = Int((Double(player.info.height) * scale / 2).rounded()) * 2
    guard abs(width - player.width) > 4 || abs(height - player.height) > 4 else { return }
    player.resize(width: width, height: height)
  }

  /// Plays the meme's part of the video as `timing` says (from the trim's start when it moved).
  func apply(_ timing: PlaybackTiming) {
    guard timing != self.timing else { return }
    self.timing = timing
    player?.apply(timing)
    updateControls()
  }

  /// Play or pause (the button, or its key): the controls show which it is now.
  func toggle() {
    if isPlaying { pause() } else { play() }
    reveal()
  }

  func play() {
    guard let player, !player.isPlaying else { return }
    player.play()
    startTicking()
    updateControls()
  }

  func pause() {
    player?.pause()
    updateControls()
  }

  /// The window is gone: nothing may draw on its freed canvas, and the sound stops.
  func windowDestroyed() {
    player?.pause()
    // GTK dropped the tick with the widget (which may be freed already): nothing to remove.
    tick = nil
    fading.windowDestroyed()
    player = nil
  }

  /// Takes frames on each of the canvas's frames, until paused with no frame awaited.
  private func startTicking() {
    guard tick == nil else { return }
    tick = TickCallback.add(to: clock) { [weak self] _ in self?.takeFrame() ?? false }
  }

  private func stop() {
    player?.pause()
    if let tick { TickCallback.remove(tick, from: clock) }
    tick = nil
  }

  /// On each of the canvas's frames: the newest frame decoded, if one came; at the trim's end it
  /// plays again from its start. False (the tick ends) once paused.
  private func takeFrame() -> Bool {
    guard let player else { return false }
    do {
      if let (image, time) = try player.takeFrame() {
        awaitingFrame = false
        shownTime = time
        onFrame(image, Int(((time - timing.start) / timing.speed * 1000).rounded()))
        updatePosition()
      }
    } catch {
      stop()
      updateControls()
      onFailure(error.reason)
      return false
    }
    if player.isAtEnd, player.isPlaying {
      player.seek(to: player.restartPosition)
    }
    if !player.isPlaying && !awaitingFrame {
      tick = nil
      return false
    }
    return true
  }

  /// The user moved the slider: the video goes there (and a paused one shows that frame).
  private func sliderMoved(to milliseconds: Double) {
    guard !followingVideo, let player else { return }
    player.seek(to: milliseconds / 1000)
    awaitingFrame = true
    startTicking()
    updateTime()
  }

  private func updatePosition() {
    guard let player else { return }
    followingVideo = true
    positionSlider.value = player.position * 1000
    followingVideo = false
    updateTime()
  }

  private func updateTime() {
    guard let player else { return }
    let end = player.end.isFinite ? player.end : player.info.duration ?? player.position
    timeLabel.text = "\(Self.clockText(player.position)) / \(Self.clockText(end))"
  }

  private func updateControls() {
    playButton.setIconName(isPlaying ? IconName.pause : IconName.play)
    let name = isPlaying ? localized("Pause the Video") : localized("Play the Video")
    Accessible.setLabel(playButton.widget, name)
    playButton.widget.tooltip = name
    updateTime()
  }

  /// "1:05" for 65 seconds; "1:02:05" past an hour.
  static func clockText(_ seconds: Double) -> String {
    let whole = max(0, Int(seconds.rounded(.down)))
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
  }
}
