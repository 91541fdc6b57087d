// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs the built `mememe` binary as a user would, with a deadline so a hang fails instead of blocking.
struct CommandLineRunner {
  struct Result {
    let status: Int32
    /// Standard output as bytes (an image, with `-o -`).
    let outputBytes: Data
    let standardError: String
    /// Whether a signal ended it (SIGPIPE, SIGKILL) instead of exit().
    var killedBySignal = false
    var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
    var errorLines: [Substring] { standardError.split(separator: "\n") }
  }

  /// The binary SwiftPM built next to this test bundle, or the one `MEMEME_BINARY` names.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["MEMEME_BINARY"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("mememe")
  }()

  /// Runs `mememe arguments`. With `cpuSeconds`, the kernel stops it (a signal, `killedBySignal`) once
  /// it has used that much processor time, on all its threads together: a bound on its work that does
  /// not depend on how busy the machine is, as a wall clock would. `environment` is added to the
  /// test's own.
  static func run(
    _ arguments: [String], timeout: TimeInterval = 60, cpuSeconds: Int? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let cpuSeconds {
      // util-linux's prlimit (Essential in Debian) sets RLIMIT_CPU and then runs the binary.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
      process.arguments = ["--cpu=\(cpuSeconds):\(cpuSeconds)", "--", binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes while the process runs so a chatty child cannot fill a pipe and stall.
    let outputData = ThreadSafeData()
    let errorData = ThreadSafeData()
    let readers = DispatchGroup()
    for (pipe, sink) in [(output, outputData), (error, errorData)] {
      DispatchQueue.global().async(group: readers) {
        sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
      }
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      // SIGKILL: the child may have inherited a mask that blocks SIGTERM from the test runner.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw TimedOut(arguments: arguments)
    }
    readers.wait()
    return Result(
      status: process.terminationStatus, outputBytes: outputData.get(),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      killedBySignal: process.terminationReason == .uncaughtSignal)
  }

  struct TimedOut: Error, CustomStringConvertible {
    let arguments: [String]
    var description: String { "mememe \(arguments.joined(separator: " ")) did not finish in time" }
  }
}

final class ThreadSafeData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
