// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Work that waits for a window's first frame: what must not hold that frame up (the camera's
/// search, the store's check, the windows' icon) or what measures it.
enum FirstFrame {
  /// Runs `work` once, after `window`'s first frame has been painted (the next frame when it is
  /// mapped already; a window mapped again later, as the editor is when it comes back from behind
  /// Sent Memes, does not count).
  static func afterPaint(of window: UnsafeMutablePointer<GtkWidget>, perform work: @escaping () -> Void) {
    func afterNextPaint() {
      guard let clock = window.frameClock else { return }
      Signal.connectOnce(clock.raw, "after-paint", work)
      // A frame is asked for: a window that has painted and sits still would otherwise wait.
      gtk_widget_queue_draw(window)
    }
    if gtk_widget_get_mapped(window) != 0 {
      afterNextPaint()
      return
    }
    Signal.connectOnce(window, "map", afterNextPaint)
  }
}
