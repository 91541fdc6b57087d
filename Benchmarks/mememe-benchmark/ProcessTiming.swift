// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The wall time of one run of `executable` with `arguments`, in seconds; fails when it fails.
func processWallTime(_ executable: String, _ arguments: [String]) -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let start = now()
  do { try process.run() } catch { fail("cannot start \(executable): \(error)") }
  process.waitUntilExit()
  let elapsed = now() - start
  guard process.terminationStatus == 0 else { fail("\(executable) \(arguments) failed") }
  return elapsed
}

/// The wall times of `runCount` runs of each of two commands (executable, arguments), alternately
/// first so that neither always runs in the other's wake, after one untimed run of each.
func alternatingWallTimes(
  _ runCount: Int, _ first: (String, [String]), _ second: (String, [String])
) -> (first: [Double], second: [Double]) {
  _ = processWallTime(first.0, first.1)
  _ = processWallTime(second.0, second.1)
  var times: (first: [Double], second: [Double]) = ([], [])
  for round in 0..<runCount {
    if round % 2 == 0 {
      times.first.append(processWallTime(first.0, first.1))
      times.second.append(processWallTime(second.0, second.1))
    } else {
      times.second.append(processWallTime(second.0, second.1))
      times.first.append(processWallTime(first.0, first.1))
    }
  }
  return times
}

/// "   NAME (whole process): median (min, max)", and `note` after it.
func printWallTimes(_ name: String, _ times: [Double], note: String = "") {
  print(
    "   \(name) (whole process): \(seconds(median(times))) median"
      + " (min \(seconds(times.min() ?? .nan)), max \(seconds(times.max() ?? .nan)))\(note)")
}

/// "   NAME: first / second× (target ≤ TARGET): met or missed", of the medians.
func printRatio(_ name: String, _ times: (first: [Double], second: [Double]), target: Double) {
  let ratio = median(times.first) / median(times.second)
  print(
    String(
      format: "   %@: %.2f× (target ≤ %.2f): %@", name, ratio, target, ratio <= target ? "met" : "missed"))
}
