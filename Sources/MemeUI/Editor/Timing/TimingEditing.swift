// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// Timing a moving picture in the editor: the Timing bar's controls and the keys that trim at the
/// frame shown (I sets the start, O the end, as video editors do, while the focus is not in a field
/// that types them). Every change goes to the document as one undo step; the canvas's playback
/// plays what the document says (see `EditorWindow.documentChanged`).
final class TimingEditing {
  let bar = TimingBar()
  private unowned let host: any EditorHost

  init(host: any EditorHost) {
    self.host = host
    bar.trim.onChange = { [weak self] start, end, key in
      guard let self, let timeline = host.canvas.movingTimeline else { return }
      host.document.timingChanges.trim(
        start: start, end: end, duration: timeline.duration, coalescingKey: key)
    }
    bar.playback.onChange = { [weak self] timing in self?.host.document.timingChanges.set(timing) }
  }

  /// Whether the picture shown moves, so that it can be trimmed.
  var canTrim: Bool { host.document.pictureMoves && host.canvas.movingTimeline != nil }

  /// I and O in `window`, when the focused control does not type them.
  func attachKeys(to window: Widget) {
    window.addController(
      Gesture.keysLeftOver { [weak self] keyval, withModifiers in
        guard let self, canTrim, !withModifiers else { return false }
        switch Int32(keyval) {
        case GDK_KEY_i, GDK_KEY_I: setStartAtFrameShown()
        case GDK_KEY_o, GDK_KEY_O: setEndAtFrameShown()
        default: return false
        }
        return true
      })
  }

  /// The kept part starts at the frame shown; an end before it moves to that frame's end.
  func setStartAtFrameShown() {
    guard let (frame, timeline) = frameShown() else { return }
    let timing = host.document.content.timing
    let start = timeline.start(ofFrame: frame)
    let end = timing.end.map { $0 > start ? $0 : timeline.end(ofFrame: frame) }
    host.document.timingChanges.trim(start: start, end: end, duration: timeline.duration)
  }

  /// The kept part ends with the frame shown; a start after it moves to that frame's start.
  func setEndAtFrameShown() {
    guard let (frame, timeline) = frameShown() else { return }
    let timing = host.document.content.timing
    let end = timeline.end(ofFrame: frame)
    let start = timing.start < end ? timing.start : timeline.start(ofFrame: frame)
    host.document.timingChanges.trim(start: start, end: end, duration: timeline.duration)
  }

  /// Shows the document's timing in the bar, or hides it when the picture does not move.
  func showDocument() {
    let document = host.document
    bar.show(
      document.content.timing, of: document.pictureMoves ? host.canvas.movingTimeline : nil,
      hasSound: document.pictureHasSound, isVideo: document.image?.isVideo == true)
  }

  /// The file's frame on the canvas, and where the frames lie.
  private func frameShown() -> (Int, AnimationTimeline)? {
    let canvas = host.canvas
    guard host.document.pictureMoves, let frame = canvas.sourceFrameShown,
      let timeline = canvas.movingTimeline
    else { return nil }
    return (frame, timeline)
  }
}
