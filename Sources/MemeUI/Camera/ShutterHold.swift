// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit

/// The shutter's two uses: a click takes a photo, a press held for half a second records a clip
/// until it is released.
///
/// A drag gesture rather than a long-press one: it reports the release however long the press
/// lasted (a click gesture stops at the double-click time). It sees the press in the capture phase
/// and takes it, so the button's own click does not also take a photo; keyboard activation still
/// reaches the button's `clicked`.
final class ShutterHold {
  /// How long a press lasts before it records rather than takes a photo.
  static let holdMilliseconds: UInt32 = 500

  /// A short press: take a photo.
  var onClick: (() -> Void)?
  /// The press was held: start recording; false when no clip could start.
  var onHoldBegan: (() -> Bool)?
  /// The held press ended: stop recording.
  var onHoldEnded: (() -> Void)?

  /// Whether a held press is recording.
  private(set) var isHolding = false
  private var holdTimer: Timeout?

  /// Adds the gesture to `shutter` (a button, which then owns it).
  init(shutter: Widget) {
    let drag = Gesture.dragFirst(button: 1)  // GDK_BUTTON_PRIMARY
    Signal.connectPoint(drag.raw, "drag-begin") { [weak self] _, _ in
      Gesture.claim(drag)
      self?.press()
    }
    Signal.connectPoint(drag.raw, "drag-end") { [weak self] _, _ in self?.release() }
    // Another widget (a window manager move, a popover) took the pointer: the press ends unseen.
    Signal.connectSequence(drag.raw, "cancel") { [weak self] in self?.cancel() }
    shutter.addController(drag)
  }

  /// The shutter went down: a hold starts recording once it lasted long enough.
  func press() {
    holdTimer?.cancel()
    holdTimer = Timeout(milliseconds: Self.holdMilliseconds) { [weak self] in
      guard let self else { return }
      // Holding from the start: whatever the clip's start changes sees the shutter held.
      isHolding = true
      isHolding = onHoldBegan?() ?? false
    }
  }

  /// The shutter came up: a photo after a short press, the clip's end after a held one.
  func release() {
    if isHolding {
      isHolding = false
      onHoldEnded?()
    } else if holdTimer?.isPending == true {
      holdTimer?.cancel()
      onClick?()
    }
    holdTimer = nil
  }

  /// The press was taken away: no photo, but a clip being recorded ends as on release.
  func cancel() {
    holdTimer?.cancel()
    holdTimer = nil
    if isHolding {
      isHolding = false
      onHoldEnded?()
    }
  }
}
