// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An advisory lock on a file beside the database, shared between every store open on the same folder,
/// in this process or another one. Writing image files holds it shared; start-up clean-up takes it
/// exclusively, so clean-up never removes files that another store has written but not yet committed.
///
/// It is an open-file-description lock (like flock): each `open` is its own owner, so two stores in one
/// process exclude each other too, and closing the descriptor releases it. (Classic POSIX record locks
/// would not do: they belong to the process.)
struct StoreLock: Sendable {
  /// The store's folder, and the lock file's name in it (opened there, never through a link).
  let folder: DurableFolder
  let name: String

  // Linux's F_OFD_SETLK / F_OFD_SETLKW. Glibc's module only exports them with _GNU_SOURCE, which Swift
  // does not define; the values are fixed kernel ABI (since Linux 3.15).
  private static let setLock: Int32 = 37
  private static let setLockWaiting: Int32 = 38

  /// Runs `body` holding the lock shared, waiting for a clean-up in progress. If the lock cannot be had
  /// (no lock file, old kernel) the body runs anyway: the lock only guards clean-up.
  func withShared<T>(_ body: () throws -> T) rethrows -> T {
    let descriptor = folder.openFile(name, flags: O_RDWR | O_CREAT)
    defer {
      if descriptor >= 0 { Glibc.close(descriptor) }  // Closing releases the lock.
    }
    if descriptor >= 0 {
      while !Self.lock(descriptor, type: F_RDLCK, command: Self.setLockWaiting) && errno == EINTR {}
    }
    return try body()
  }

  /// Runs `body` holding the lock exclusively if nobody holds it; otherwise returns false without
  /// running it.
  func withExclusiveIfFree(_ body: () throws -> Void) rethrows -> Bool {
    let descriptor = folder.openFile(name, flags: O_RDWR | O_CREAT)
    guard descriptor >= 0 else { return false }
    defer { Glibc.close(descriptor) }
    guard Self.lock(descriptor, type: F_WRLCK, command: Self.setLock) else { return false }
    try body()
    return true
  }

  private static func lock(_ descriptor: Int32, type: Int32, command: Int32) -> Bool {
    // l_start = l_len = 0 with SEEK_SET locks the whole file; OFD locks require l_pid = 0.
    var request = flock()
    request.l_type = Int16(type)
    request.l_whence = Int16(SEEK_SET)
    // Unsafe: fcntl reads the struct during the call only.
    return fcntl(descriptor, command, &request) == 0
  }
}
