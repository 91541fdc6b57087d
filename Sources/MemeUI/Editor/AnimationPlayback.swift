// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Plays an animation at its own timing: each frame is decoded when its turn comes
/// (`AnimationPlayer`, one frame in memory) and handed to `onFrame`, with the moment it shows, at
/// which the canvas draws the layers (an animated sticker follows the picture's timeline); on a
/// still picture the animated stickers' own timeline plays (`LayerAnimationPlayer`). The editor's canvas gives it
/// to the painter, which resamples only the picture and paints the captions from their layers, so
/// typing goes on while it plays; Meme Detail shows the sent animation with it. It plays as many
/// times as the file says (most GIFs: for ever) and then stays on the last frame; Play plays it
/// again from the first.
///
/// Its controls are a pill: previous frame, play or pause, next frame, and the frame count
/// ("Frame 3 of 40"). Comma and period step a frame back and on (and pause), as video players do.
/// Where they sit is `Placement`: over the canvas's bottom in the editor, where they fade out once
/// the pointer rests (`FadingControls`); in a row under the picture in Meme Detail, where they stay.
///
/// With animations turned off on the desktop (`gtk-enable-animations`) it starts paused on the
/// first frame; the button (and `win.play-animation`) plays it by hand.
final class AnimationPlayback {
  enum Placement {
    /// Over the picture: hidden while the pointer rests, shown when it moves or the keyboard
    /// focus comes in, and never hidden while the focus is inside.
    case overPicture
    /// In a row of its own beside the picture: always shown.
    case besidePicture
  }

  /// The names of the `win.` actions the buttons activate.
  struct Actions {
    let play: String
    let previousFrame: String
    let nextFrame: String
  }

  /// The pill, shown for an animation.
  var controls: Widget { controlsBox.widget }
  var playButton: Widget { playPauseButton.widget }
  var frameLabel: Widget { frameCount.widget }
  let previousFrameButton = Button(iconName: IconName.previousFrame)
  let nextFrameButton = Button(iconName: IconName.nextFrame)
  private let controlsBox = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
  private let playPauseButton = Button(iconName: IconName.pause)
  private let frameCount = Label("")
  /// Shows and fades the pill.
  private let fading: FadingControls
  var placement: Placement { fading.placement }
  /// Whether the desktop allows animations; tests replace it.
  var animationsEnabled: () -> Bool = { DesktopMotion.animationsEnabled }
  /// Called with each new frame shown (the canvas redraws): the picture's frame (nil: the picture
  /// itself) and the moment of the animation it shows, in milliseconds, at which the layers are
  /// drawn.
  var onFrame: (_ frame: RasterImage?, _ time: Int) -> Void = { _, _ in }

  /// What is played: an animated picture's file (with where its frames lie, when that was read
  /// while it was opened), or the frames animated layers make on a still picture (their delays).
  enum Source: Equatable {
    case file(URL, timeline: AnimationTimeline? = nil)
    case layers(delays: [Int])
    /// A panel meme's grid whose animated cells play (see `makePanelPlayer`).
    case panels(PanelGrid)
  }

  private(set) var player: (any FramePlayer)?
  /// How an animated picture plays (its trim, speed, direction, play count): the player plays the
  /// frames the export writes (`PlaybackPlan`), and the frame shown stays when it is still played.
  var timing = PlaybackTiming() {
    didSet { applyTiming() }
  }
  /// The animated picture's player, which `timing` applies to (not the layers' or the panels').
  private var animationPlayer: AnimationPlayer? { player as? AnimationPlayer }
  /// Where the animated picture's frames lie in time; nil when no animated picture plays.
  var timeline: AnimationTimeline? { animationPlayer?.timeline }
  /// The animated picture's frame shown, as the file counts them.
  var sourceFrameIndex: Int? { animationPlayer?.sourceFrameIndex }
  /// The player of the panel meme shown (`PanelSheetPlayer`), for `.panels`.
  var makePanelPlayer: (() -> (any FramePlayer)?)?
  private(set) var isPlaying = false
  /// Whether the controls over the picture are shown now (always, beside it).
  var isShown: Bool { fading.isShown }
  /// Shows the next frame when the one shown has had its time.
  private var next: Timeout?
  /// What is played, so showing it again (a crop, a turn, a keystroke) does not start it over.
  private var source: Source?

  init(actions: Actions, placement: Placement) {
    fading = FadingControls(controlsBox.widget, name: "animation-controls", placement: placement)
    let buttons: [(button: Widget, name: String, action: String, label: String?, tooltip: String?)] = [
      (
        previousFrameButton.widget, "previous-frame-button", actions.previousFrame,
        localized("Previous Frame"),
        localized("Previous Frame (,)")
      ),
      (playButton, "play-animation-button", actions.play, nil, nil),
      (
        nextFrameButton.widget, "next-frame-button", actions.nextFrame, localized("Next Frame"),
        localized("Next Frame (.)")
      ),
    ]
    for item in buttons {
      item.button.name = item.name
      item.button.addCSSClass("flat")
      item.button.addCSSClass("circular")
      item.button.actionName = item.action
      if let label = item.label { Accessible.setLabel(item.button, label) }
      item.button.tooltip = item.tooltip
      controlsBox.append(item.button)
    }
    frameLabel.name = "animation-frame"
    frameLabel.addCSSClass("numeric")
    frameLabel.setMargins(start: 6, end: 10)
    controlsBox.append(frameLabel)
    fading.isActive = { [unowned self] in player != nil }
    updateControls()
  }

  var frameIndex: Int? { player?.frameIndex }

  /// The controls over the picture come back when the pointer moves over `area` (the canvas).
  func watchPointer(over area: Widget) { fading.watchPointer(over: area) }

  /// Comma and period in `window` step through the frames, when the focused control does not take
  /// them itself (a caption field types them).
  func attachKeys(to window: Widget) {
    window.addController(
      Gesture.keysLeftOver { [weak self] keyval, withModifiers in
        guard let self, player != nil, !withModifiers else { return false }
        switch Int32(keyval) {
        case GDK_KEY_comma: stepBack()
        case GDK_KEY_period: stepOn()
        default: return false
        }
        return true
      })
  }

  /// Plays the animation at `file` (from its first frame, paused when animations are off), whose
  /// frames lie as `timeline` says when that was read already; with nil stops and hides the
  /// controls.
  func show(animationAt file: URL?, timeline: AnimationTimeline? = nil) {
    show(file.map { .file($0, timeline: timeline) }, layersOf: nil)
  }

  /// Plays `source` (from its first frame, paused when animations are off), or with nil stops and
  /// hides the controls. `captions` are the layers whose timeline `.layers` plays.
  func show(_ source: Source?, layersOf captions: MemeCaptions?) {
    guard source != self.source else { return }
    stop()
    self.source = source
    player = nil
    switch source {
    case .file(let file, let timeline):
      // A file that changed or went away since it was opened shows its first frame, still.
      let animation = try? AnimationPlayer(
        contentsOf: file, format: AnimationFormat(fileExtension: file.pathExtension) ?? .gif,
        timeline: timeline)
      animation?.timing = timing
      player = animation
    case .layers:
      player = captions.flatMap(LayerAnimationPlayer.init)
    case .panels:
      player = makePanelPlayer?()
    case nil:
      break
    }
    controls.isVisible = player != nil
    onFrame(nil, 0)
    if player != nil, animationsEnabled() { play() }
    updateControls()
    if player != nil { reveal() }
  }

  /// The animated picture plays as `timing` now says, from the frame shown when it is still played.
  private func applyTiming() {
    guard let player = animationPlayer, player.timing != timing else { return }
    let wasPlaying = isPlaying
    stop()
    player.timing = timing
    onFrame(player.frame, player.time)
    updateControls()
    if wasPlaying { play() }
  }

  /// The window is gone: no frame timer may draw on its freed canvas.
  func windowDestroyed() {
    stop()
    fading.windowDestroyed()
    player = nil
  }

  func toggle() {
    if isPlaying { pause() } else { play() }
  }

  func play() {
    guard let player, !isPlaying else { return }
    if player.isAtTheEnd {
      guard (try? player.startOver()) != nil else { return }
      onFrame(player.frame, player.time)
    }
    isPlaying = true
    schedule()
    updateControls()
  }

  func pause() {
    stop()
    updateControls()
  }

  /// Shows the next frame at once (and plays on from it when playing).
  func step() {
    guard let player else { return }
    do { try player.advance() } catch {
      // A damaged later frame: the animation stops on the frame before it.
      pause()
      return
    }
    onFrame(player.frame, player.time)
    updateControls()
  }

  /// Next Frame (period): pauses and shows the next frame, the first after the last.
  func stepOn() {
    guard let player else { return }
    seek(to: player.frameIndex + 1 == player.frameCount ? 0 : player.frameIndex + 1)
  }

  /// Previous Frame (comma): pauses and shows the frame before, the last before the first.
  func stepBack() {
    guard let player else { return }
    seek(to: player.frameIndex == 0 ? player.frameCount - 1 : player.frameIndex - 1)
  }

  /// Pauses and shows frame `index`.
  func seek(to index: Int) {
    guard let player else { return }
    stop()
    // A damaged frame on the way: it stays on the last one that could be drawn.
    try? player.seek(toFrame: index)
    onFrame(player.frame, player.time)
    updateControls()
    reveal()
  }

  /// Shows the controls over the picture, and hides them again once the pointer has rested.
  func reveal() { fading.reveal() }

  /// The pointer has rested: the controls over the picture fade out, unless the keyboard is in them.
  /// (Tests call it rather than wait.)
  func pointerRested() { fading.pointerRested() }

  private func schedule() {
    guard let player else { return }
    next = Timeout(milliseconds: UInt32(clamping: player.delay)) { [weak self] in
      guard let self else { return }
      next = nil
      if player.isAtTheEnd { return pause() }
      step()
      if isPlaying { schedule() }
    }
  }

  private func stop() {
    isPlaying = false
    next?.cancel()
    next = nil
  }

  private func updateControls() {
    guard let player else { return }
    frameCount.text = String(format: localized("Frame %ld of %ld"), player.frameIndex + 1, player.frameCount)
    playPauseButton.setIconName(isPlaying ? IconName.pause : IconName.play)
    let name = isPlaying ? localized("Pause the Animation") : localized("Play the Animation")
    Accessible.setLabel(playButton, name)
    playButton.tooltip = name
  }
}
