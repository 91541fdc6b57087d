// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `-o` names decides how the meme is written: a file is replaced atomically, a link to a file
/// writes through to that file, a pipe or a device is written to and never replaced, and anything
/// that cannot take an image fails with one line before any work.
@Suite struct OutputTargetTests {
  static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  func fileType(_ path: String) -> mode_t {
    var status = stat()
    #expect(lstat(path, &status) == 0, "\(path)")
    return status.st_mode & S_IFMT
  }

  /// Opens `path` for reading (which waits for a writer on a FIFO) and reads to the end.
  static func readAll(_ path: String) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return Data() }
    defer { close(descriptor) }
    var bytes = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return bytes
  }

  func input(_ fixtures: Fixtures) throws -> String {
    try fixtures.write(fixtures.image(width: 120, height: 90), as: "in.png", format: .png)
  }

  @Test(arguments: [([String](), pngSignature), (["--format", "jpeg"], Data([0xFF, 0xD8, 0xFF]))])
  func dashWritesToStandardOutput(options: [String], signature: Data) throws {
    let fixtures = try Fixtures()
    let result = try CommandLineRunner.run(
      ["render", try input(fixtures), "--top", "hi", "-o", "-"] + options)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    #expect(result.outputBytes.starts(with: signature))
    let image = try ImageLoader().load(data: [UInt8](result.outputBytes), name: "stdout")
    #expect(image.width == 120 && image.height == 90)
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("-")), "no file named -")
  }

  @Test func fifoIsWrittenToAndStaysAFifo() throws {
    let fixtures = try Fixtures()
    let fifo = fixtures.path("pipe.png")
    #expect(mkfifo(fifo, 0o644) == 0)
    let received = ReceivedBytes()
    Thread { received.set(Self.readAll(fifo)) }.start()

    let result = try CommandLineRunner.run(["render", try input(fixtures), "-o", fifo, "--format", "png"])
    // Should the render never have opened the FIFO, the reader would wait forever: end its wait.
    let unblock = open(fifo, O_WRONLY | O_NONBLOCK)
    if unblock >= 0 { close(unblock) }

    #expect(result.status == 0, "\(result.standardError)")
    #expect(fileType(fifo) == S_IFIFO)
    #expect(received.wait().starts(with: Self.pngSignature))
  }

  @Test func linkToStandardOutputWritesThereAndStaysALink() throws {
    let fixtures = try Fixtures()
    let link = fixtures.path("out.png")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")

    let result = try CommandLineRunner.run(["render", try input(fixtures), "-o", link])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(fileType(link) == S_IFLNK)
    #expect(result.outputBytes.starts(with: Self.pngSignature))
  }

  /// Device nodes of our own (as /dev/null and /dev/full), so no test can ever touch the real ones.
  @Test func characterDevicesAreWrittenToNeverReplaced() throws {
    let fixtures = try Fixtures()
    let null = fixtures.path("null.png")
    let full = fixtures.path("full.png")
    guard mknod(null, S_IFCHR | 0o666, 0x103) == 0, mknod(full, S_IFCHR | 0o666, 0x107) == 0 else {
      try Test.cancel("cannot make device nodes here (\(String(cString: strerror(errno)))); needs root")
    }

    let toNull = try CommandLineRunner.run(["render", try input(fixtures), "-o", null])
    let toFull = try CommandLineRunner.run(["render", try input(fixtures), "-o", full])

    #expect(toNull.status == 0, "\(toNull.standardError)")
    #expect(toFull.status == 1)
    #expect(toFull.errorLines == ["mememe: \(full): cannot write: the disk is full"])
    #expect(fileType(null) == S_IFCHR && fileType(full) == S_IFCHR)
  }

  @Test func blockDeviceIsRefusedBeforeAnyWork() throws {
    let fixtures = try Fixtures()
    let block = fixtures.path("disk.png")
    // Major 7 is the loop driver; the node is never opened.
    guard mknod(block, S_IFBLK | 0o600, 0x7FF) == 0 else {
      try Test.cancel("cannot make device nodes here (\(String(cString: strerror(errno)))); needs root")
    }

    let result = try CommandLineRunner.run(["render", try input(fixtures), "-o", block])

    #expect(result.status == 1)
    #expect(result.errorLines == ["mememe: \(block): is not a regular file, a pipe or a terminal"])
    #expect(fileType(block) == S_IFBLK)
  }

  @Test func linkToAFileReplacesTheFileAndKeepsTheLink() throws {
    let fixtures = try Fixtures()
    try FileManager.default.createDirectory(
      atPath: fixtures.path("elsewhere"), withIntermediateDirectories: true)
    let target = fixtures.path("elsewhere/meme.png")
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    #expect(chmod(target, 0o640) == 0)
    let link = fixtures.path("link.png")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/meme.png")

    let result = try CommandLineRunner.run(["render", try input(fixtures), "-o", link])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(fileType(link) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere/meme.png")
    #expect(try fixtures.decode(target).width == 120)
    var status = stat()
    #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o640, "the file keeps its permissions")
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.path("elsewhere")) == ["meme.png"])
  }

  @Test func linkToNothingIsRefusedAndLeftAlone() throws {
    let fixtures = try Fixtures()
    let link = fixtures.path("dangling.png")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "gone.png")

    let result = try CommandLineRunner.run(["render", try input(fixtures), "-o", link])

    #expect(result.status == 1)
    #expect(result.errorLines == ["mememe: \(link): is a symbolic link to a missing file"])
    #expect(fileType(link) == S_IFLNK)
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("gone.png")))
  }

  @Test func nameEndingInASlashIsAnError() throws {
    let fixtures = try Fixtures()
    let result = try CommandLineRunner.run([
      "render", try input(fixtures), "-o", fixtures.path("x.png") + "/",
    ])

    #expect(result.status == 1)
    #expect(result.errorLines == ["mememe: \(fixtures.path("x.png"))/: names a folder, not a file"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.path) == ["in.png"])
  }
}

/// Bytes a reader thread hands over once it has them.
final class ReceivedBytes: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var bytes = Data()

  func set(_ value: Data) {
    bytes = value
    done.signal()
  }

  func wait() -> Data {
    _ = done.wait(timeout: .now() + 30)
    return bytes
  }
}
