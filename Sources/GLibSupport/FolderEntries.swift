// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The one way the app lists a folder it holds open: the store's folders and the cache's sweep both
/// read names relative to a descriptor, so a folder swapped for a symbolic link cannot redirect them.
public enum FolderEntries {
  /// Why a folder could not be read: the `errno` of the step that failed.
  public struct Failure: Error, Sendable {
    public let code: Int32

    /// The C library's description of `code` ("Permission denied").
    public var description: String { String(cString: strerror(code)) }
  }

  /// The names of everything in the folder open as `folder`, but `.` and `..`. Only names: asking
  /// for each entry's type costs about a second for 30,000 files. `folder` stays open and is read
  /// from its start whatever was read from it before.
  public static func names(in folder: Int32) throws(Failure) -> [String] {
    // fdopendir takes the descriptor it is given: a duplicate, so the folder stays open.
    let duplicate = fcntl(folder, F_DUPFD_CLOEXEC, 0)
    guard duplicate >= 0, let stream = fdopendir(duplicate) else {
      let code = errno
      if duplicate >= 0 { close(duplicate) }
      throw Failure(code: code)
    }
    defer { closedir(stream) }
    rewinddir(stream)  // A duplicate shares its position with the folder's own descriptor.
    var names: [String] = []
    errno = 0
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    if errno != 0 { throw Failure(code: errno) }
    return names
  }
}
