// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Plays an animation at its own timing: each frame is decoded when its turn comes
/// (`AnimationPlayer`, one frame in memory) and handed to `onFrame`. The editor's canvas gives it
/// to the painter, which resamples only the picture and paints the captions from their layers, so
/// typing goes on while it plays; Meme Detail shows the sent animation with it. A play and pause
/// button with the frame count ("Frame 3 of 40") sits in the window's corner. It plays as many
/// times as the file says (most GIFs: for ever) and then stays on the last frame; the button plays
/// it again from the first.
///
/// With animations turned off on the desktop (`gtk-enable-animations`) it starts paused on the
/// first frame; the button (and `win.play-animation`) plays it by hand.
final class AnimationPlayback {
  /// The button and the frame count, in the canvas's lower left corner; shown for an animation.
  var controls: Widget { controlsBox.widget }
  var playButton: Widget { playPauseButton.widget }
  var frameLabel: Widget { frameCount.widget }
  private let controlsBox = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
  private let playPauseButton = Button(iconName: IconName.pause)
  private let frameCount = Label("")
  /// Whether the desktop allows animations; tests replace it.
  var animationsEnabled: () -> Bool = { DesktopMotion.animationsEnabled }
  /// Called with each new frame shown (the canvas redraws).
  var onFrame: (RasterImage?) -> Void = { _ in }

  private(set) var player: AnimationPlayer?
  private(set) var isPlaying = false
  /// Shows the next frame when the one shown has had its time.
  private var next: Timeout?
  /// The file played, so showing it again (a crop, a turn) does not start it over.
  private var file: URL?

  init(playAction: String) {
    controls.name = "animation-controls"
    controls.addCSSClass("osd")
    controls.addCSSClass("animation-controls")
    controls.horizontalAlignment = GTK_ALIGN_START
    controls.verticalAlignment = GTK_ALIGN_END
    controls.setMargins(bottom: 12, start: 12)
    playButton.name = "play-animation-button"
    playButton.addCSSClass("flat")
    playButton.actionName = playAction
    frameLabel.name = "animation-frame"
    frameLabel.addCSSClass("numeric")
    controlsBox.append(playButton)
    controlsBox.append(frameLabel)
    controls.isVisible = false
    updateControls()
  }

  var frameIndex: Int? { player?.frameIndex }

  /// Plays the animation at `file` (from its first frame, paused when animations are off), or with
  /// nil stops and hides the controls.
  func show(animationAt file: URL?) {
    guard file != self.file else { return }
    stop()
    self.file = file
    player = nil
    if let file {
      // A file that changed or went away since it was opened shows its first frame, still.
      player = try? AnimationPlayer(contentsOf: file)
    }
    controls.isVisible = player != nil
    onFrame(nil)
    if player != nil, animationsEnabled() { play() }
    updateControls()
  }

  /// The window is gone: no frame timer may draw on its freed canvas.
  func windowDestroyed() {
    stop()
    player = nil
  }

  func toggle() {
    if isPlaying { pause() } else { play() }
  }

  func play() {
    guard let player, !isPlaying else { return }
    if player.isAtTheEnd {
      guard (try? player.startOver()) != nil else { return }
      onFrame(player.frame)
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
    onFrame(player.frame)
    updateControls()
  }

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
