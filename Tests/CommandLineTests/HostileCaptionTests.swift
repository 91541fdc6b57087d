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

  /// Whether these tests (and the `mememe` beside them) are built with ThreadSanitizer, whose shadow
  /// memory grows with every page a render touches: the peak then says nothing of MemeMe's own, and
  /// the plain run of the suite is the one that holds it to the bound.
  static let isThreadSanitized: Bool = {
    guard let program = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(program, "__tsan_init") != nil
  }()

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
    // Processor time, not the wall clock: refused before any work, whatever else runs meanwhile.
    #expect(run.processorSeconds < 2, "\(run.processorSeconds) s of processor time")
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
    if !Self.isThreadSanitized {
      #expect(run.peakBytes < Self.memoryBound, "\(name): \(run.peakBytes >> 20) MB")
    }
  }

  /// A hundred turned boxes of 10,000 characters each (thirty took 22 s, a hundred 428 MB) are
  /// beyond the meme's budget together: refused in one line before anything is read or drawn.
  @Test func aHundredBoxesAtTheLimitAreRefusedInOneLine() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: Self.width, height: Self.height), as: "in.jpg", format: .jpeg(quality: 90))
    let text = HostileCaptions.words(length: CaptionLimits.maximumCharacters)
    let boxes = (0..<100).flatMap { _ in ["--caption=" + text, "--box", "0.1,0.1,0.8,0.8", "--angle=33"] }
    let run = try MeasuredRun(["render", input, "-o", fixtures.path("out.png")] + boxes)
    print(
      "100 boxes of \(text.count) characters refused in \(run.seconds) s (\(run.processorSeconds) s of processor time)"
    )
    #expect(run.status == 1)
    let lines = run.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(run.standardError.prefix(500))")
    let line = String(lines.first ?? "")
    #expect(
      line.contains("more than \(CaptionLimits.maximumCharactersPerMeme) characters together"), "\(line)")
    #expect(line.count < 300)
    #expect(run.processorSeconds < 2, "\(run.processorSeconds) s")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("out.png")))
  }

  /// A hundred turned boxes sharing the budget (200 characters each) render, in bounded memory and
  /// processor time (printed). Their cost is the ink of a hundred boxes filled with large outlined
  /// text, which no budget of characters or glyphs bounds (a hundred boxes of one character each
  /// cost half as much): about 5 s of processor time for the debug build on two busy cores, so
  /// the bound is loose, there to catch a return of the per-character cost (thirty boxes at the
  /// limit took 22 s).
  @Test func aHundredBoxesWithinTheBudgetRender() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: Self.width, height: Self.height), as: "in.jpg", format: .jpeg(quality: 90))
    let text = HostileCaptions.words(length: CaptionLimits.maximumCharactersPerMeme / 100)
    let boxes = (0..<100).flatMap { index in
      ["--caption=" + text, "--box", "0.1,0.1,0.8,0.8", "--angle=\(index * 7 % 360)"]
    }
    let run = try MeasuredRun(["render", input, "-o", fixtures.path("out.png")] + boxes)
    print(
      "100 boxes of \(text.count) characters rendered in \(run.seconds) s, \(run.processorSeconds) s of processor time, peak \(run.peakBytes >> 20) MB"
    )
    #expect(run.status == 0, "\(run.standardError.prefix(500))")
    #expect(run.processorSeconds < 15, "\(run.processorSeconds) s of processor time")
    if !Self.isThreadSanitized {
      #expect(run.peakBytes < Self.memoryBound, "\(run.peakBytes >> 20) MB")
    }
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
    #expect(
      help.contains(
        "All the captions and text boxes of a meme hold at most \(CaptionLimits.maximumCharactersPerMeme) characters together, and at most \(CaptionLimits.maximumGlyphsPerMeme) of their glyphs are drawn"
      ))
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
/// and system, all its threads) and its peak resident memory.
///
/// Linux carries the high-water mark of the memory a process leaves at exec into its peak, and a
/// forked child starts with its parent's memory: any child of a test runner of a gigabyte would
/// report a gigabyte. So the runner starts a small Python process, which starts `mememe` as its
/// own child and reports that child's resource usage alone (its peak begins at Python's few
/// megabytes).
struct MeasuredRun {
  let status: Int32
  let standardError: String
  let seconds: Double
  let processorSeconds: Double
  let peakBytes: Int

  /// Runs argv[2:], waits, writes "<peak KiB> <processor seconds>" to argv[1], and exits with the
  /// child's status (128 plus the signal that ended it, as a shell says it). SIGTERM kills the child.
  private static let reporter = """
    import os, resource, signal, sys
    stats, argv = sys.argv[1], sys.argv[2:]
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    signal.signal(signal.SIGTERM, lambda *_: os.kill(pid, signal.SIGKILL))
    _, status = os.waitpid(pid, 0)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stats, "w") as out:
        out.write(f"{usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}")
    code = os.waitstatus_to_exitcode(status)
    os._exit(code if code >= 0 else 128 - code)
    """

  /// With `addressSpace` (bytes), the kernel refuses it more memory than that (util-linux's
  /// `prlimit --as`, which then runs the binary in its own process): an allocation past it fails
  /// rather than taking the machine's memory.
  init(_ arguments: [String], timeout: Double = 60, addressSpace: Int? = nil) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-run-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let errorFile = folder.appendingPathComponent("stderr")
    let statsFile = folder.appendingPathComponent("stats")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    let limit = addressSpace.map { ["/usr/bin/prlimit", "--as=\($0)", "--"] } ?? []
    process.arguments =
      ["-c", Self.reporter, statsFile.path] + limit + [CommandLineRunner.binary.path] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    #expect(FileManager.default.createFile(atPath: errorFile.path, contents: nil))
    process.standardError = try FileHandle(forWritingTo: errorFile)
    let start = ContinuousClock.now
    try process.run()
    let deadline = start + .seconds(timeout)
    while process.isRunning {
      if ContinuousClock.now > deadline {
        process.terminate()  // the reporter kills the render, then ends
        process.waitUntilExit()
        throw CommandLineRunner.TimedOut(arguments: Array(arguments.prefix(3)))
      }
      usleep(5_000)
    }
    let elapsed = ContinuousClock.now - start
    seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    status = process.terminationStatus
    standardError = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    let stats = try String(contentsOf: statsFile, encoding: .utf8).split(separator: " ")
    peakBytes = (Int(stats.first ?? "") ?? 0) * 1024
    processorSeconds = Double(stats.last ?? "") ?? 0
  }
}
