// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import MemeCore
import Testing

/// A reader that leaves before the meme is written (issue 33): a FIFO's reader that exits, a socket
/// closed at the other end, a pipe closed early. Every output ends the same way: no death by
/// SIGPIPE, one line `cannot write: broken pipe`, status 1.
@Suite struct BrokenPipeTests {
  /// A picture of noise, whose PNG is megabytes: far more than a pipe or socket buffer holds.
  func noisyInput(_ fixtures: Fixtures) throws -> String {
    try fixtures.write(fixtures.noise(width: 1000, height: 800, seed: 11), as: "noise.png", format: .png)
  }

  func expectBrokenPipe(_ result: CommandLineRunner.Result, _ what: String) {
    #expect(!result.killedBySignal, "\(what): killed by a signal (status \(result.status))")
    #expect(result.status == 1, "\(what): status \(result.status)")
    #expect(result.errorLines.count == 1, "\(what): \(result.errorLines)")
    #expect(
      result.errorLines.first?.hasSuffix("cannot write: broken pipe") == true, "\(what): \(result.errorLines)"
    )
  }

  @Test(arguments: ["png", "jpeg"])
  func aFIFOWhoseReaderLeavesGivesOneLine(format: String) throws {
    let fixtures = try Fixtures()
    let input = try noisyInput(fixtures)
    let fifo = fixtures.path("pipe")
    #expect(mkfifo(fifo, 0o644) == 0)
    // The reader opens the FIFO (letting the render's open return), takes a few bytes and leaves.
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      guard descriptor >= 0 else { return }
      var bytes = [UInt8](repeating: 0, count: 8)
      _ = read(descriptor, &bytes, bytes.count)
      close(descriptor)
    }
    reader.start()
    let result = try CommandLineRunner.run(
      ["render", input, "--top", "hi", "-o", fifo, "--format", format, "--reencode"])
    expectBrokenPipe(result, "FIFO")
  }

  /// Runs `mememe render INPUT -o - --format png` with `output` as its standard output, calling
  /// `leave` once it runs (the reader's end goes away).
  func renderToStandardOutput(_ input: String, _ output: Any, leave: () throws -> Void) throws
    -> CommandLineRunner.Result
  {
    let process = Process()
    process.executableURL = CommandLineRunner.binary
    process.arguments = ["render", input, "--top", "hi", "-o", "-", "--format", "png"]
    process.standardOutput = output
    let error = Pipe()
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try leave()
    let errors = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandLineRunner.Result(
      status: process.terminationStatus, outputBytes: Data(),
      standardError: String(decoding: errors, as: UTF8.self),
      killedBySignal: process.terminationReason == .uncaughtSignal)
  }

  @Test func aSocketClosedAtTheOtherEndGivesOneLine() throws {
    let fixtures = try Fixtures()
    let input = try noisyInput(fixtures)
    var ends: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    // Nobody will read: the render's end is its standard output, the other end is closed at once.
    close(ends[1])
    let socket = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    expectBrokenPipe(try renderToStandardOutput(input, socket) { try socket.close() }, "socket")
  }

  @Test func aPipeClosedEarlyOnStandardOutputGivesOneLine() throws {
    let fixtures = try Fixtures()
    let input = try noisyInput(fixtures)
    let output = Pipe()
    expectBrokenPipe(
      try renderToStandardOutput(input, output) { try output.fileHandleForReading.close() }, "pipe")
  }
}
