// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// Records every frame a window's frame clock paints: when its work began (before-paint), when it
/// ended (after-paint) and the main thread's CPU time in between.
final class FrameRecorder {
  private(set) var paints: [(start: Date, end: Date, cpu: TimeInterval)] = []
  private var paintStart = (wall: Date(), cpu: GapProbe.threadCPUTime())

  init(clock: OpaquePointer) {
    Signal.connect(clock.raw, "before-paint") { [unowned self] in
      paintStart = (Date(), GapProbe.threadCPUTime())
    }
    Signal.connect(clock.raw, "after-paint") { [unowned self] in
      paints.append((paintStart.wall, Date(), GapProbe.threadCPUTime() - paintStart.cpu))
    }
  }

  /// The frames from the `first`-th painted on, as intervals between their ends and
  /// between their starts, work and CPU.
  func samples(from first: Int) -> FrameSamples {
    let frames = paints.suffix(from: min(first, paints.count))
    let ends = frames.map(\.end)
    let starts = frames.map(\.start)
    return FrameSamples(
      intervals: zip(ends.dropFirst(), ends).map { $0.timeIntervalSince($1) * 1000 },
      startIntervals: zip(starts.dropFirst(), starts).map { $0.timeIntervalSince($1) * 1000 },
      work: frames.map { $0.end.timeIntervalSince($0.start) * 1000 },
      cpu: frames.map { $0.cpu * 1000 })
  }
}

extension GapProbe {
  /// Starts watching the main loop with a 1 ms high-priority timeout until `body` returns, and
  /// returns what `body` returned.
  func watch<Result>(during body: () -> Result) -> Result {
    let box = Unmanaged.passRetained(self).toOpaque()
    defer { Unmanaged<GapProbe>.fromOpaque(box).release() }
    reset()
    let timer = g_timeout_add_full(
      G_PRIORITY_HIGH, 1,
      { data in
        Unmanaged<GapProbe>.fromOpaque(data!).takeUnretainedValue().tick()
        return 1
      }, box, nil)
    defer { g_source_remove(timer) }
    return body()
  }
}
