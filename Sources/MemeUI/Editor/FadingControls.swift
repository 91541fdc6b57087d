// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A moving picture's pill of controls (an animation's, a video's), and where it sits:
/// `.overPicture`, over the canvas's bottom, where it fades out once the pointer rests (as Loupe's
/// and Videos' controls do) so that it keeps off the picture and the bottom caption; or
/// `.besidePicture`, in a row under Meme Detail's picture, where it stays.
///
/// Faded rather than hidden: Tab still reaches its controls, and the focus coming in shows them.
final class FadingControls {
  /// How long the pointer may rest before the controls over the picture fade out.
  static let idleMilliseconds: UInt32 = 2500

  let widget: Widget
  let placement: AnimationPlayback.Placement
  /// Whether there is something to control (a picture that moves): only then do they show.
  var isActive: () -> Bool = { true }
  /// Whether the controls over the picture are shown now (always, beside it).
  private(set) var isShown = true
  /// Hides the controls over the picture once the pointer has rested.
  private var idle: Timeout?
  /// Tells whether the keyboard focus is in the controls.
  private var focusWatch: OpaquePointer?

  /// Styles `widget` as an on-screen display named `name` (in the style class of an animation's
  /// controls), hidden until there is something to control.
  init(_ widget: Widget, name: String, placement: AnimationPlayback.Placement) {
    self.widget = widget
    self.placement = placement
    OnScreenDisplay.style(
      widget, name: name, styleClass: "animation-controls", horizontal: GTK_ALIGN_CENTER,
      vertical: GTK_ALIGN_END)
    if placement == .overPicture {
      widget.setMargins(bottom: 12)
      let watch = Gesture.focusEntering { [weak self] in self?.reveal() }
      widget.addController(watch)
      focusWatch = watch
    } else {
      widget.setMargins(top: 6, bottom: 6)
    }
    widget.isVisible = false
  }

  /// The controls over the picture come back when the pointer moves over `area` (the canvas).
  func watchPointer(over area: Widget) {
    guard placement == .overPicture else { return }
    area.addController(Gesture.motion { [weak self] _, _ in self?.reveal() })
  }

  /// Shows the controls over the picture, and hides them again once the pointer has rested.
  func reveal() {
    guard placement == .overPicture, isActive() else { return }
    setShown(true)
    idle?.cancel()
    idle = Timeout(milliseconds: Self.idleMilliseconds) { [weak self] in self?.pointerRested() }
  }

  /// The pointer has rested: the controls over the picture fade out, unless the keyboard is in them.
  /// (Tests call it rather than wait.)
  func pointerRested() {
    idle?.cancel()
    idle = nil
    guard placement == .overPicture else { return }
    if let focusWatch, Gesture.containsFocus(focusWatch) { return }
    setShown(false)
  }

  /// The window is gone: no timer may reach its freed widgets.
  func windowDestroyed() {
    idle?.cancel()
    idle = nil
  }

  private func setShown(_ shown: Bool) {
    guard shown != isShown else { return }
    isShown = shown
    widget.setCSSClass("faded-out", !shown)
    widget.canTarget = shown
  }
}
