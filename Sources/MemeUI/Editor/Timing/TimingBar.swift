// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// The Timing bar under the canvas, shown only while the picture moves (an animated GIF or WebP; a
/// video's too): the trim's two handles (`TrimRange`), how long the kept part lasts, and a Timing
/// button whose popover holds Speed, Reverse, Loop and Mute (`PlaybackControls`). Narrow enough
/// for a 360-pixel window: the trim takes the room the label and the button leave.
final class TimingBar {
  let revealer: Revealer
  let trim = TrimRange()
  let playback = PlaybackControls()
  /// How long the kept part lasts, of the whole picture.
  let keptLabel = Label("")
  let optionsButton: MenuButton

  init() {
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    row.widget.addCSSClass("timing-bar")
    row.widget.setMargins(top: 6, bottom: 6, start: 12, end: 12)
    trim.widget.expandsHorizontally = true
    row.append(trim.widget)
    let side = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    side.widget.verticalAlignment = GTK_ALIGN_CENTER
    keptLabel.widget.name = "timing-kept"
    keptLabel.widget.addCSSClass("numeric")
    keptLabel.widget.addCSSClass("caption")
    side.append(keptLabel.widget)
    let popover = Popover(child: playback.widget, position: GTK_POS_TOP)
    playback.widget.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    optionsButton = MenuButton(child: Label(localized("Timing")).widget, popover: popover)
    optionsButton.widget.name = "timing-button"
    // The bar is at the window's bottom: the popover opens over the canvas.
    optionsButton.opensUpwards()
    Accessible.setLabel(optionsButton.widget, localized("Timing"))
    optionsButton.widget.tooltip = localized("Speed, Reverse and Loop")
    side.append(optionsButton.widget)
    row.append(side.widget)
    revealer = Revealer(child: row.widget)
    revealer.widget.name = "timing-bar"
    Accessible.setLabel(row.widget, localized("Timing"))
    revealer.widget.isVisible = false
  }

  /// Shows `timing` for a moving picture whose frames lie as `timeline` says (nil: the picture
  /// does not move, and the bar hides); Mute only when it has sound.
  func show(_ timing: PlaybackTiming, of timeline: AnimationTimeline?, hasSound: Bool, isVideo: Bool = false)
  {
    revealer.revealsChild = timeline != nil
    // Hidden, not only folded away: a still picture keeps the canvas's height.
    revealer.widget.isVisible = timeline != nil
    guard let timeline else { return }
    trim.show(timing, of: timeline)
    playback.show(timing, hasSound: hasSound, isVideo: isVideo)
    let bounds = TrimRange.frames(kept: timing, of: timeline)
    let kept = timeline.boundary(bounds.end) - timeline.boundary(bounds.start)
    keptLabel.text = String(
      format: localized("%@ of %@ s"), Self.seconds(kept), Self.seconds(timeline.duration))
  }

  /// Seconds with at most two decimals, in the user's language's numbers.
  static func seconds(_ value: Double) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.minimumFractionDigits = 1
    formatter.maximumFractionDigits = 2
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
  }
}
