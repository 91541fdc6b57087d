// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Foundation
import MemeCamera

/// Runs `body` with `MEMEME_CAMERA_SOURCE` set to `value` (or unset for nil), then restores the
/// outer environment, so tests never depend on how the test process was started.
func withCameraSource<Result>(_ value: String?, _ body: () throws -> Result) rethrows -> Result {
  let name = CameraMonitor.sourceVariable
  let saved = getenv(name).map { String(cString: $0) }
  if let value { setenv(name, value, 1) } else { unsetenv(name) }
  defer {
    if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
  }
  return try body()
}

/// Iterates the default GLib main context until `condition` holds or `maxIterations` have run.
/// Each iteration blocks until a source is ready; a 10 ms wake-up source bounds that, so the wait
/// is a number of iterations, not a sleep.
@discardableResult
func iterateMainContext(maxIterations: Int = 500, until condition: () -> Bool) -> Bool {
  let wakeUp = g_timeout_add(10, { _ in 1 }, nil)  // 1: G_SOURCE_CONTINUE
  defer { g_source_remove(wakeUp) }
  var iterations = 0
  while !condition() && iterations < maxIterations {
    g_main_context_iteration(nil, 1)
    iterations += 1
  }
  return condition()
}
