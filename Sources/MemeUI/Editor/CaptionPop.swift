// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// When the canvas turns between portrait and landscape, the captions and their fields settle into
/// their new places with a short spring "pop" instead of jumping there. Nothing moves when the
/// desktop asks for reduced motion (`gtk-enable-animations` off).
final class CaptionPop {
  /// How long a pop lasts, in microseconds (the frame clock's unit).
  static let duration: Int64 = 250_000

  /// The size of the captions at `progress` (0 to 1) of a pop: from 70 %, overshooting a few
  /// percent, settled at exactly 100 % at the end.
  static func scale(at progress: Double) -> Double {
    guard progress < 1 else { return 1 }
    return 1 - 0.3 * exp(-6 * progress) * cos(3 * .pi * progress)
  }

  /// The captions' current size (1 when still).
  private(set) var scale = 1.0
  private(set) var isRunning = false
  /// How many pops have started (tests count them).
  private(set) var startCount = 0
  /// Called on every frame of a pop, and once when it ends.
  var onFrame: () -> Void = {}
  /// Whether the desktop allows animations; tests replace it.
  var animationsEnabled: () -> Bool = { DesktopMotion.animationsEnabled }

  private let widget: UnsafeMutablePointer<GtkWidget>
  private var wasPortrait: Bool?
  private var startTime: Int64?
  private var tickID: UInt32?

  /// `widget` supplies the frame clock: the canvas's drawing area.
  init(clockOf widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
  }

  /// The canvas has a new size: pops when it crossed between portrait (narrower than tall) and
  /// landscape.
  func canvasResized(width: Int, height: Int) {
    guard width > 0, height > 0 else { return }
    let isPortrait = width < height
    defer { wasPortrait = isPortrait }
    guard let wasPortrait, wasPortrait != isPortrait, animationsEnabled() else { return }
    start()
  }

  private func start() {
    startCount += 1
    startTime = nil
    scale = Self.scale(at: 0)
    isRunning = true
    guard tickID == nil else { return }  // a pop under way restarts from the beginning
    tickID = TickCallback.add(to: widget) { [weak self] frameTime in
      self?.tick(frameTime) ?? false
    }
    onFrame()
  }

  private func tick(_ frameTime: Int64) -> Bool {
    let start = startTime ?? frameTime
    startTime = start
    let progress = Double(frameTime - start) / Double(Self.duration)
    scale = Self.scale(at: progress)
    if progress >= 1 {
      isRunning = false
      tickID = nil
    }
    onFrame()
    return isRunning
  }
}
