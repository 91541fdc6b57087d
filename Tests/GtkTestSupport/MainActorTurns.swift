// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// With `MEMEME_TEST_TIMES=<file>`, appends how long each window test held the main actor, one line
/// a test: seconds, a tab, the test's id (a parameterised test's cases in a row make one turn).
///
/// Window tests run one at a time on the main actor, so their turns add up to the floor of a window
/// run, whatever else shares the machine. Swift Testing's own start and end events cannot tell a
/// turn: every suite's first test starts at once and waits for the main actor, and a main-actor
/// test's end is reported only once the runner gets a thread back. A turn is measured here from one
/// window test's `DisplayHarness.requireDisplay()` to the next one's, which the main actor reaches
/// as soon as it is free (while many suites still wait their turn): it is the test's own time plus
/// the next suite's set-up, when that is made on the main actor. Near the end of a run, or in a run
/// of a few suites, the queue can run dry while the runner starts a suite's next test, and a turn
/// then counts that wait too. The last test's turn is not written. `build-aux/test-times.py <file>`
/// sums them.
enum MainActorTurns {
  private static let file = ProcessInfo.processInfo.environment["MEMEME_TEST_TIMES"].flatMap {
    $0.isEmpty ? nil : FileHandle(forWritingAtPath: $0) ?? create($0)
  }
  private static var running: (name: String, start: ContinuousClock.Instant)?

  /// Ends the previous test's turn and starts the calling test's.
  static func begin() {
    guard let file, let test = Test.current else { return }
    let now = ContinuousClock.now
    let name = "\(test.id)"
    if let running, running.name != name {
      let seconds = (now - running.start) / .seconds(1)
      file.seekToEndOfFile()
      file.write(Data("\(String(format: "%.3f", seconds))\t\(running.name)\n".utf8))
    }
    if running?.name != name { running = (name, now) }
  }

  private static func create(_ path: String) -> FileHandle? {
    FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}
