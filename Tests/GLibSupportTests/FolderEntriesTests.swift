// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// FolderEntries lists a folder held open (the store's folders, the cache's sweep): every name but
/// `.` and `..`, from the start each time, and the folder stays open.
@Suite struct FolderEntriesTests {
  @Test func listsEveryNameTwiceWithTheFolderStillOpen() throws {
    let folder = try DurableFileTests.Folder()
    for name in ["a.png", ".hidden", "sub"] {
      if name == "sub" {
        try FileManager.default.createDirectory(
          at: folder.url.appendingPathComponent(name), withIntermediateDirectories: false)
      } else {
        try Data([1]).write(to: folder.url.appendingPathComponent(name))
      }
    }
    #expect(try FolderEntries.names(in: folder.descriptor).sorted() == [".hidden", "a.png", "sub"])
    #expect(try FolderEntries.names(in: folder.descriptor).count == 3, "read from the start again")
    #expect(fcntl(folder.descriptor, F_GETFD) >= 0, "the folder is still open")
  }

  @Test func aDescriptorThatIsNoFolderFailsWithItsError() {
    #expect(throws: FolderEntries.Failure.self) { try FolderEntries.names(in: -1) }
  }
}
