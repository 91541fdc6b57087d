// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@_spi(Benchmark) import MemeCore
import Testing

/// Issue 41 on the command line: a caption beyond the limits is refused in one line at once, and a
/// caption at the limits renders in under two seconds within a bounded peak memory.
@Suite struct HostileCaptionTests {
  static let (width, height) = (800, 600)
  /// What one render may take besides the picture's own buffers (about 1.3 × width × height × 4
  /// bytes): the program, its libraries and fonts (about 35 MB for the debug build), Pango's layout
  /// and Cairo's stroking of a caption at the limits (the cases below measure at most 70 MB in all).
  static let fixedBytes = 120 << 20
  static var memoryBound: Int { Int(1.3 * Double(width * height * 4)) + fixedBytes }

  @Test(arguments: HostileCaptions.cases.map(\.name))
  func beyondTheLimitsIsRefusedInOneLine(_ name: String) throws {
    let hostile = try #require(HostileCaptions.cases.first { $0.name == name })
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: Self.width, height: Self.height), as: "in.jpg", format: .jpeg(quality: 90))
    let run = try MeasuredRun(["render", input, "-o", fixtures.path("out.png")] + Self.arguments(hostile))
    #expect(run.status == 1)
    let lines = run.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(run.standardError.prefix(500))")
    let line = String(lines.first ?? "")
    #expect(line.hasPrefix("mememe: --"))
    #expect(line.count < 300)
    #expect(run.seconds < 2, "\(run.seconds) s")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("out.png")))
  }

  @Test(arguments: HostileCaptions.cases.map(\.name))
  func atTheLimitsRendersQuicklyInBoundedMemory(_ name: String) throws {
    let hostile = try #require(HostileCaptions.cases.first { $0.name == name })
    let cut = hostile.cutToTheLimits
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: Self.width, height: Self.height), as: "in.jpg", format: .jpeg(quality: 90))
    let run = try MeasuredRun(["render", input, "-o", fixtures.path("out.png")] + Self.arguments(cut))
    #expect(run.status == 0, "\(run.standardError.prefix(500))")
    // Processor time, not the wall clock: the test suite runs many tests at once on few cores.
    #expect(run.processorSeconds < 2, "\(name): \(run.processorSeconds) s of processor time")
    #expect(run.peakBytes < Self.memoryBound, "\(name): \(run.peakBytes >> 20) MB")
  }

  /// A 100 KB value in an error is shortened, and its length said.
  @Test func aLongValueIsShortenedInTheMessage() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 40, height: 30), as: "in.png", format: .png)
    let long = String(repeating: "x", count: 100_000)
    for option in ["--text-color", "--outline-color", "--quality", "--box"] {
      let arguments =
        option == "--box"
        ? ["render", input, "-o", fixtures.path("out.png"), "--caption", "a", "--box", long]
        : ["render", input, "-o", fixtures.path("out.png"), option, long]
      let result = try CommandLineRunner.run(arguments)
      #expect(result.status != 0)
      #expect(result.errorLines.count == 1, "\(option)")
      #expect(result.standardError.count < 300, "\(option): \(result.standardError.prefix(300))")
    }
  }

  @Test func theHelpStatesTheLimits() throws {
    let help = try CommandLineRunner.run(["render", "--help"]).standardOutput.replacingOccurrences(
      of: "\n", with: " "
    )
    .split(separator: " ").joined(separator: " ")
    #expect(help.contains("\(CaptionLimits.maximumCharacters) characters"))
    #expect(help.contains("\(CaptionLimits.maximumLines) lines"))
    #expect(help.contains("\(CaptionLimits.maximumMarksPerCharacter) combining marks"))
    #expect(help.contains("never below \(Int(CaptionGeometry.minimumLegibleFontSize)) pixels"))
  }

  static func arguments(_ hostile: HostileCaptions.Case) -> [String] {
    var arguments = ["--top=" + hostile.top, "--bottom=" + hostile.bottom]
    if let box = hostile.box {
      arguments += ["--caption=" + box, "--box", "0.1,0.1,0.8,0.8", "--angle=\(Int(hostile.angle))"]
    }
    return arguments
  }
}

/// The built `mememe` run as a child process, with its wall time, the processor time it used (user
/// and system, all its threads) and its peak resident memory (`wait4`'s resource usage: the
/// child's alone).
///
/// Started with fork and exec rather than `posix_spawn`: glibc spawns with the parent's memory
/// (vfork), and Linux carries the high-water mark of the memory a process leaves at exec into its
/// peak, so every child of a test runner of a gigabyte would report a gigabyte.
struct MeasuredRun {
  let status: Int32
  let standardError: String
  let seconds: Double
  let processorSeconds: Double
  let peakBytes: Int

  init(_ arguments: [String], timeout: Double = 60) throws {
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-\(UUID()).err")
    defer { try? FileManager.default.removeItem(at: errorFile) }
    // Everything the child needs is made before the fork: after it, only system calls.
    let path = strdup(CommandLineRunner.binary.path)!
    let argv = ([CommandLineRunner.binary.path] + arguments).map { strdup($0) } + [nil]
    defer {
      free(path)
      for pointer in argv { free(pointer) }
    }
    let errorDescriptor = open(errorFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let nullDescriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer {
      close(errorDescriptor)
      close(nullDescriptor)
    }
    let start = ContinuousClock.now
    let pid = fork()
    if pid == 0 {
      dup2(nullDescriptor, 0)
      dup2(nullDescriptor, 1)
      dup2(errorDescriptor, 2)
      execve(path, argv, environ)
      _exit(127)
    }
    guard pid > 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    var usage = rusage()
    let deadline = start + .seconds(timeout)
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if ContinuousClock.now > deadline {
        kill(pid, SIGKILL)
        _ = wait4(pid, &status, 0, &usage)
        throw CommandLineRunner.TimedOut(arguments: Array(arguments.prefix(3)))
      }
      usleep(5_000)
    }
    let elapsed = ContinuousClock.now - start
    seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    processorSeconds =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    // Exited normally: the status; killed: 128 plus the signal, as a shell says it.
    self.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    peakBytes = usage.ru_maxrss * 1024
  }
}
