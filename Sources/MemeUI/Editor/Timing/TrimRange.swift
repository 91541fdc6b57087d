// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// Trim: the part of a moving picture kept, between two handles a person drags, "Trim start" above
/// and "Trim end" below on the same scale of frames. The handles stop at frame boundaries: Left and
/// Right move the focused one by a frame, Shift with them by a second, Page Up and Down by ten
/// frames, Home and End to the picture's start and end. One handle never passes the other: at
/// least one frame is kept.
///
/// A drag, or a key press, is one change for undo (its changes share a coalescing key).
final class TrimRange {
  let widget: Widget
  /// The handle of the kept part's start: a boundary between frames, 0 to the frame count less one.
  let startScale = Scale(from: 0, to: 1, step: 1)
  /// The handle of the kept part's end: a boundary between frames, 1 to the frame count.
  let endScale = Scale(from: 0, to: 1, step: 1)
  /// Called with the kept part the user set, in seconds (end nil: the picture's end), and the key
  /// the change shares with the rest of its drag or key press.
  var onChange: (_ start: Double, _ end: Double?, _ coalescingKey: String) -> Void = { _, _, _ in }

  private var timeline = AnimationTimeline(delays: [100])
  private var isShowingModel = false
  /// Counts the presses and key presses on the handles: each begins a change of its own.
  private var runs = 0

  init() {
    let box = Box(GTK_ORIENTATION_VERTICAL)
    widget = box.widget
    widget.name = "trim-range"
    widget.addCSSClass("trim-range")
    for (scale, name, label) in [
      (startScale, "trim-start", localized("Trim start")), (endScale, "trim-end", localized("Trim end")),
    ] {
      scale.drawValue(false)
      // A fill from the trough's start would say the start handle keeps what lies before it.
      scale.showsFill(false)
      scale.widget.name = name
      scale.widget.expandsHorizontally = true
      Accessible.setLabel(scale.widget, label)
      scale.widget.tooltip = label
      box.append(scale.widget)
      scale.widget.addController(Gesture.pressesFirst { [weak self] in self?.runs += 1 })
      scale.widget.addController(
        Gesture.keysFirst { [weak self] keyval, state in
          guard let self else { return false }
          runs += 1
          return stepBySecond(scale, keyval: keyval, state: state)
        })
    }
    startScale.onValueChanged { [weak self] _ in self?.handleMoved(start: true) }
    endScale.onValueChanged { [weak self] _ in self?.handleMoved(start: false) }
  }

  /// Shows the part `timing` keeps of an animation whose frames lie as `timeline` says, without
  /// calling `onChange`.
  func show(_ timing: PlaybackTiming, of timeline: AnimationTimeline) {
    isShowingModel = true
    defer { isShowingModel = false }
    self.timeline = timeline
    let count = Double(timeline.frameCount)
    startScale.setRange(0...max(1, count - 1))
    endScale.setRange(min(1, count)...max(1, count))
    let bounds = Self.frames(kept: timing, of: timeline)
    startScale.value = Double(bounds.start)
    endScale.value = Double(bounds.end)
  }

  /// The frame boundaries nearest to where the part `timing` keeps starts and ends (at least a
  /// frame apart).
  static func frames(kept timing: PlaybackTiming, of timeline: AnimationTimeline) -> (start: Int, end: Int) {
    let count = timeline.frameCount
    let start = min(timeline.nearestBoundary(to: timing.start), count - 1)
    let end = timing.end.map { min(timeline.nearestBoundary(to: $0), count) } ?? count
    return (start, max(start + 1, end))
  }

  private func handleMoved(start moved: Bool) {
    guard !isShowingModel else { return }
    var start = Int(startScale.value.rounded())
    var end = Int(endScale.value.rounded())
    if start >= end {
      // One handle pushed onto the other stops a frame before it.
      isShowingModel = true
      if moved { start = end - 1 } else { end = start + 1 }
      startScale.value = Double(start)
      endScale.value = Double(end)
      isShowingModel = false
    }
    let endSeconds = end >= timeline.frameCount ? nil : timeline.boundary(end)
    onChange(timeline.boundary(start), endSeconds, "trim-\(runs)")
  }

  /// Shift with Left or Right: the focused handle moves to the frame boundary nearest to a second
  /// before or after it (at least a frame). Other keys are GtkScale's own.
  private func stepBySecond(_ scale: Scale, keyval: UInt32, state: GdkModifierType) -> Bool {
    guard state.rawValue & GDK_SHIFT_MASK.rawValue != 0 else { return false }
    let direction: Double
    switch Int32(keyval) {
    case GDK_KEY_Left, GDK_KEY_KP_Left: direction = -1
    case GDK_KEY_Right, GDK_KEY_KP_Right: direction = 1
    default: return false
    }
    let boundary = Int(scale.value.rounded())
    var target = timeline.nearestBoundary(to: timeline.boundary(boundary) + direction)
    if target == boundary { target += Int(direction) }
    scale.value = Double(target)
    return true
  }
}
