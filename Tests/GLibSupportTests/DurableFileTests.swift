// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// DurableFile's two ways of writing a new file: nameless until committed (O_TMPFILE), and under a
/// temporary name (file systems without O_TMPFILE, asked for here with `nameless: false`). Either way
/// the target's name appears only once the file is complete, and no temporary name is left after a
/// commit, a failed commit or a discard.
@Suite struct DurableFileTests {
  /// A fresh folder, open for DurableFile, removed with everything in it at the end.
  final class Folder {
    let url: URL
    let descriptor: Int32

    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "DurableFileTests-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      descriptor = try DurableFile.openFolder(url.path)
    }

    deinit {
      close(descriptor)
      try? FileManager.default.removeItem(at: url)
    }

    var names: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []) }

    func contents(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

    func write(_ text: String, to file: DurableFile.NewFile) throws {
      try Data(text.utf8).withUnsafeBytes { try DurableFile.writeAll($0, to: file.descriptor) }
    }

    func mode(_ name: String) -> mode_t {
      var status = stat()
      return stat(url.appendingPathComponent(name).path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }
  }

  /// Temporary names that start with a taken one, to show that a taken name is never reused.
  final class Names {
    private var queue: [String]
    init(_ names: [String]) { queue = names }
    func next() -> String { queue.isEmpty ? ".tmp-\(UUID().uuidString)" : queue.removeFirst() }
  }

  @Test func aNamelessFileIsNotInTheFolderUntilCommitted() throws {
    let folder = try Folder()
    let file = try DurableFile.create(in: folder.descriptor, mode: 0o600) { ".tmp-\(UUID().uuidString)" }
    #expect(file.temporaryName == nil, "O_TMPFILE works on the test's file system")
    try folder.write("whole", to: file)
    #expect(folder.names.isEmpty)

    try DurableFile.commit(file, in: folder.descriptor, as: "kept", replacing: false) { ".tmp-x" }

    #expect(folder.names == ["kept"])
    #expect(try folder.contents("kept") == Data("whole".utf8))
    #expect(folder.mode("kept") == 0o600)
  }

  @Test func withoutNamelessFilesTheFileIsWrittenUnderATemporaryNameAndRenamed() throws {
    let folder = try Folder()
    let file = try DurableFile.create(in: folder.descriptor, mode: 0o600, nameless: false) { ".tmp-a" }
    #expect(file.temporaryName == ".tmp-a")
    try folder.write("whole", to: file)
    #expect(folder.names == [".tmp-a"], "only the temporary name while it is written")

    try DurableFile.commit(file, in: folder.descriptor, as: "kept", replacing: false) { ".tmp-b" }
    try DurableFile.syncFolder(folder.descriptor)

    #expect(folder.names == ["kept"])
    #expect(try folder.contents("kept") == Data("whole".utf8))
    #expect(folder.mode("kept") == 0o600)
  }

  @Test func aTakenTemporaryNameIsLeftAloneAndAnotherUsed() throws {
    let folder = try Folder()
    try Data("someone else's".utf8).write(to: folder.url.appendingPathComponent(".tmp-taken"))
    let names = Names([".tmp-taken", ".tmp-free"])

    let file = try DurableFile.create(
      in: folder.descriptor, mode: 0o600, nameless: false, temporaryName: names.next)

    #expect(file.temporaryName == ".tmp-free")
    #expect(try folder.contents(".tmp-taken") == Data("someone else's".utf8))
    DurableFile.discard(file, in: folder.descriptor)
    #expect(folder.names == [".tmp-taken"], "discarding removes the temporary name")
  }

  @Test(arguments: [true, false])
  func replacingSwapsTheWholeFileIn(nameless: Bool) throws {
    let folder = try Folder()
    try Data("old".utf8).write(to: folder.url.appendingPathComponent("target"))
    let file = try DurableFile.create(in: folder.descriptor, mode: 0o600, nameless: nameless) {
      ".tmp-\(UUID().uuidString)"
    }
    try folder.write("new", to: file)
    #expect(try folder.contents("target") == Data("old".utf8), "the old file until the commit")

    try DurableFile.commit(file, in: folder.descriptor, as: "target", replacing: true) {
      ".tmp-\(UUID().uuidString)"
    }

    #expect(folder.names == ["target"])
    #expect(try folder.contents("target") == Data("new".utf8))
  }

  /// Without `replacing`, a name already there fails the commit and is left as it was; the new file
  /// is gone, temporary name and all.
  @Test(arguments: [true, false])
  func aCommitThatWouldReplaceFailsAndLeavesBothAlone(nameless: Bool) throws {
    let folder = try Folder()
    try Data("first".utf8).write(to: folder.url.appendingPathComponent("target"))
    let file = try DurableFile.create(in: folder.descriptor, mode: 0o600, nameless: nameless) {
      ".tmp-\(UUID().uuidString)"
    }
    try folder.write("second", to: file)

    let failure = #expect(throws: DurableFile.Failure.self) {
      try DurableFile.commit(file, in: folder.descriptor, as: "target", replacing: false) {
        ".tmp-\(UUID().uuidString)"
      }
    }

    #expect(failure?.step == .rename && failure?.code == EEXIST)
    #expect(folder.names == ["target"])
    #expect(try folder.contents("target") == Data("first".utf8))
  }

  static func temporaryName() -> String { ".tmp-\(UUID().uuidString)" }

  /// The contents' own failure the whole write passes on, after writing part of the file.
  struct ContentsFailed: Error {}

  @Test(arguments: [true, false])
  func aWholeWriteReplacesTheTargetWithTheNewContents(nameless: Bool) throws {
    let folder = try Folder()
    try Data("old".utf8).write(to: folder.url.appendingPathComponent("target"))
    try DurableFile.write(
      in: folder.descriptor, named: "target", mode: 0o640, replacing: true, nameless: nameless,
      temporaryName: Self.temporaryName
    ) { (descriptor) throws(DurableFile.Failure) in
      let written = Data("new".utf8).withUnsafeBytes { bytes in
        Result { () throws(DurableFile.Failure) in try DurableFile.writeAll(bytes, to: descriptor) }
      }
      try written.get()
    }
    #expect(folder.names == ["target"])
    #expect(try folder.contents("target") == Data("new".utf8))
  }

  @Test(arguments: [true, false])
  func aFailedWriteLeavesTheTargetAndNoFile(nameless: Bool) throws {
    let folder = try Folder()
    try Data("precious".utf8).write(to: folder.url.appendingPathComponent("target"))
    let failure = #expect(throws: DurableFile.WriteFailure<ContentsFailed>.self) {
      try DurableFile.write(
        in: folder.descriptor, named: "target", mode: 0o600, replacing: true, nameless: nameless,
        temporaryName: Self.temporaryName
      ) { (descriptor) throws(ContentsFailed) in
        try? Data("half of the new".utf8).withUnsafeBytes { try DurableFile.writeAll($0, to: descriptor) }
        throw ContentsFailed()
      }
    }
    guard case .contents = failure else {
      Issue.record("the contents' failure came back as \(String(describing: failure))")
      return
    }
    #expect(folder.names == ["target"])
    #expect(try folder.contents("target") == Data("precious".utf8))
  }
}
