// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// Every way a render can fail gives one line on standard error naming the file, a non-zero exit,
/// and leaves an existing output file exactly as it was.
@Suite struct RenderErrorTests {
  /// Builds a bad input in `fixtures` and returns its path.
  typealias BadInput = @Sendable (Fixtures) throws -> String

  static let badInputs: [(name: String, make: BadInput)] = [
    ("missing file", { $0.path("nowhere.jpg") }),
    (
      "directory",
      { fixtures in
        try FileManager.default.createDirectory(
          atPath: fixtures.path("folder.png"), withIntermediateDirectories: true)
        return fixtures.path("folder.png")
      }
    ),
    (
      "FIFO",
      { fixtures in
        #expect(mkfifo(fixtures.path("pipe.jpg"), 0o644) == 0)
        return fixtures.path("pipe.jpg")
      }
    ),
    (
      "empty file",
      { fixtures in
        #expect(FileManager.default.createFile(atPath: fixtures.path("empty.jpg"), contents: Data()))
        return fixtures.path("empty.jpg")
      }
    ),
    (
      "not an image",
      { fixtures in
        #expect(
          FileManager.default.createFile(
            atPath: fixtures.path("notes.png"), contents: Data("just some text\n".utf8)))
        return fixtures.path("notes.png")
      }
    ),
    (
      "truncated JPEG",
      { fixtures in
        let bytes = try ImageWriter.encode(fixtures.image(width: 300, height: 300), as: .jpeg(quality: 90))
        #expect(
          FileManager.default.createFile(
            atPath: fixtures.path("cut.jpg"), contents: Data(bytes.prefix(bytes.count / 3))))
        return fixtures.path("cut.jpg")
      }
    ),
    (
      "truncated PNG",
      { fixtures in
        let bytes = try ImageWriter.encode(fixtures.image(width: 300, height: 300), as: .png)
        #expect(
          FileManager.default.createFile(
            atPath: fixtures.path("cut.png"), contents: Data(bytes.prefix(bytes.count / 2))))
        return fixtures.path("cut.png")
      }
    ),
    (
      "corrupt JPEG",
      { fixtures in
        var bytes = try ImageWriter.encode(fixtures.image(width: 300, height: 300), as: .jpeg(quality: 90))
        for index in stride(from: 20, to: bytes.count - 2, by: 3) { bytes[index] = 0xFF }
        #expect(FileManager.default.createFile(atPath: fixtures.path("noise.jpg"), contents: Data(bytes)))
        return fixtures.path("noise.jpg")
      }
    ),
    (
      "dangling link",
      { fixtures in
        try FileManager.default.createSymbolicLink(
          atPath: fixtures.path("dangling.jpg"), withDestinationPath: fixtures.path("gone.jpg"))
        return fixtures.path("dangling.jpg")
      }
    ),
    (
      "link loop",
      { fixtures in
        try FileManager.default.createSymbolicLink(
          atPath: fixtures.path("a.jpg"), withDestinationPath: fixtures.path("b.jpg"))
        try FileManager.default.createSymbolicLink(
          atPath: fixtures.path("b.jpg"), withDestinationPath: fixtures.path("a.jpg"))
        return fixtures.path("a.jpg")
      }
    ),
  ]

  @Test(arguments: badInputs.indices)
  func badInputGivesOneLineAndKeepsTheExistingOutput(index: Int) throws {
    let (name, make) = Self.badInputs[index]
    let fixtures = try Fixtures()
    let input = try make(fixtures)
    let output = fixtures.path("precious.png")
    let precious = Data((0..<4096).map { UInt8($0 % 251) })
    #expect(FileManager.default.createFile(atPath: output, contents: precious))
    let result = try CommandLineRunner.run(["render", input, "--top", "hello", "-o", output], timeout: 30)
    #expect(result.status != 0, "\(name)")
    #expect(result.errorLines.count == 1, "\(name): \(result.standardError)")
    #expect(result.standardError.contains(input), "\(name): \(result.standardError)")
    #expect(FileManager.default.contents(atPath: output) == precious, "\(name) harmed the output")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path)
      .filter { $0.hasPrefix(".") || $0.contains("precious.png.") }
    #expect(leftovers.isEmpty, "\(name) left \(leftovers)")
  }

  /// The kernel's own files (`/proc`, `/sys`) stat as regular files of 0 bytes, or of a made-up
  /// size: they are refused as not regular files, not called empty. A file that is really empty still
  /// is.
  @Test(arguments: ["/proc/self/status", "/proc/cpuinfo", "/sys/kernel/uevent_seqnum"])
  func kernelFilesAreNotRegularFiles(input: String) throws {
    if !FileManager.default.isReadableFile(atPath: input) {
      try Test.cancel("\(input) is not on this system")
    }
    let fixtures = try Fixtures()
    let output = fixtures.path("x.png")

    let result = try CommandLineRunner.run(["render", input, "-o", output])

    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(result.standardError.contains(input) && result.standardError.contains("is not a regular file"))
    #expect(!result.standardError.contains("empty"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))

    #expect(FileManager.default.createFile(atPath: fixtures.path("empty.png"), contents: Data()))
    let empty = try CommandLineRunner.run(["render", fixtures.path("empty.png"), "-o", output])
    #expect(empty.status != 0 && empty.errorLines.count == 1)
    #expect(empty.standardError.contains("file is empty"), "\(empty.standardError)")
  }

  /// A JPEG up to `ImageLoader.largestFittedMultiple` times the limit opens smaller, with a warning;
  /// beyond that it is refused from the header, before its pixels are read.
  @Test func imagesOverThePixelLimitOpenSmallerOrAreRefusedFromTheHeader() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 400, height: 300), as: "big.jpg", format: .jpeg(quality: 80))
    let output = fixtures.path("x.png")
    let fitted = try CommandLineRunner.run(["render", input, "-o", output, "--max-pixels", "100000"])
    #expect(fitted.status == 0, "\(fitted.standardError)")
    #expect(fitted.errorLines.count == 1 && fitted.standardError.contains(input))
    #expect(fitted.standardError.contains("Opened at "), "\(fitted.standardError)")
    let size = try ImageLoader().pixelSize(ofImageAt: URL(fileURLWithPath: output))
    #expect(size.width * size.height <= 100_000 && size.width * size.height > 50_000, "\(size)")
    try FileManager.default.removeItem(atPath: output)

    let tooFar = 400 * 300 / (ImageLoader.largestFittedMultiple + 1)
    let refused = try CommandLineRunner.run(["render", input, "-o", output, "--max-pixels", "\(tooFar)"])
    #expect(refused.status != 0)
    #expect(refused.errorLines.count == 1 && refused.standardError.contains(input))
    #expect(refused.standardError.contains("more than the limit"), "\(refused.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func unwritableOutputFolderIsReported() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 100, height: 100), as: "in.png", format: .png)
    let output = fixtures.path("no/such/folder/out.png")
    let result = try CommandLineRunner.run(["render", input, "-o", output])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1 && result.standardError.contains(output), "\(result.standardError)")
  }

  @Test(arguments: [
    (["--text-color", "blurple"], "--text-color"), (["--outline-color", "#12"], "--outline-color"),
    (["--quality", "0"], "--quality"), (["--quality", "101"], "--quality"), (["--width", "0"], "--width"),
    (["--format", "tiff"], "--format"), (["--font", "No Such Family Anywhere 7319"], "--font"),
  ])
  func badOptionsGiveOneLine(options: [String], named option: String) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 100, height: 100), as: "in.png", format: .png)
    let result = try CommandLineRunner.run(["render", input, "-o", fixtures.path("out.png")] + options)
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1 && result.standardError.contains(option), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("out.png")))
  }

  @Test func unknownOutputExtensionNamesTheFile() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 100, height: 100), as: "in.png", format: .png)
    let output = fixtures.path("out.xyz")
    let result = try CommandLineRunner.run(["render", input, "-o", output])
    #expect(result.status != 0 && result.errorLines.count == 1 && result.standardError.contains(output))
  }

  @Test func missingOutputOptionIsOneLine() throws {
    let result = try CommandLineRunner.run(["render", "/tmp/whatever.jpg"])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
  }
}
