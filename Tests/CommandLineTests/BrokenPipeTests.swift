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
    let picture = fixtures.image(width: 1000, height: 800)
    var state: UInt32 = 11
    for offset in 0..<(picture.stride * picture.height) {
      state = state &* 1_103_515_245 &+ 12345
      picture.pixels[offset] = UInt8(truncatingIfNeeded: state >> 16) | (offset % 4 == 3 ? 0xFF : 0)
    }
    picture.markDirty()
    return try fixtures.write(picture, as: "noise.png", format: .png)
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

  @Test func aSocketClosedAtTheOtherEndGivesOneLine() throws {
    let fixtures = try Fixtures()
    let input = try noisyInput(fixtures)
    var ends: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    // Nobody will read: the render's end is its standard output, the other end is closed at once.
    close(ends[1])
    let process = Process()
    process.executableURL = CommandLineRunner.binary
    process.arguments = ["render", input, "--top", "hi", "-o", "-", "--format", "png"]
    let socket = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    process.standardOutput = socket
    let error = Pipe()
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try socket.close()
    let errors = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    expectBrokenPipe(
      CommandLineRunner.Result(
        status: process.terminationStatus, outputBytes: Data(),
        standardError: String(decoding: errors, as: UTF8.self),
        killedBySignal: process.terminationReason == .uncaughtSignal),
      "socket")
  }

  @Test func aPipeClosedEarlyOnStandardOutputGivesOneLine() throws {
    let fixtures = try Fixtures()
    let input = try noisyInput(fixtures)
    let process = Process()
    process.executableURL = CommandLineRunner.binary
    process.arguments = ["render", input, "--top", "hi", "-o", "-", "--format", "png"]
    let output = Pipe()
    process.standardOutput = output
    let error = Pipe()
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try output.fileHandleForReading.close()
    let errors = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    expectBrokenPipe(
      CommandLineRunner.Result(
        status: process.terminationStatus, outputBytes: Data(),
        standardError: String(decoding: errors, as: UTF8.self),
        killedBySignal: process.terminationReason == .uncaughtSignal),
      "pipe")
  }
}
