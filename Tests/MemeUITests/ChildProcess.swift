// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkTestSupport
import Testing

/// A program a test ran to its end, and what it printed.
struct ChildProcess {
  let status: Int32
  let output: String
  let errors: String

  /// Runs a program to its end (at most `limit` seconds: a hang fails instead of blocking the suite).
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil, limit: TimeInterval = 60
  ) throws -> ChildProcess {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-run-\(UUID()).out")
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-run-\(UUID()).err")
    for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: errors)
    }
    // Files rather than pipes: a chatty child cannot fill a pipe and stall.
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(limit)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      Issue.record("\(program) did not finish within \(Int(limit)) seconds")
    }
    return ChildProcess(
      status: process.terminationStatus, output: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
  }
}

/// The app's data (translations, icons, settings schema) put beside the test binaries by
/// build-aux/stage-data.sh, as build-aux/run-app.sh puts it beside the app.
enum StagedData {
  /// The folder holding the test binaries and the built `mememe`.
  static var binaries: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() }

  /// Stages the data and returns its `share` folder, where a binary in `binaries` looks
  /// (`<prefix>/share` for `<prefix>/bin/mememe`).
  static func stage() throws -> URL {
    let script = TestEnvironment.packageRoot.appendingPathComponent("build-aux/stage-data.sh")
    let staged = try ChildProcess.run("/usr/bin/env", ["bash", script.path, binaries.path])
    try #require(staged.status == 0, "stage-data.sh: \(staged.errors)")
    return binaries.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("share")
  }
}
