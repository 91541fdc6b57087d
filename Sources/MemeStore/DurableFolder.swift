// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One of the store's folders, opened once: every file in it is written, listed, moved and removed
/// relative to the folder's descriptor, never by a path looked up again, so a folder swapped for a
/// symbolic link after opening cannot redirect any of it. Files are written so they survive a crash
/// or power loss and a killed write leaves nothing (`DurableFile.write`, shared with the engine's
/// image writer); `sync()` makes the new names durable. A reader never sees a half-written file
/// under its final name.
final class DurableFolder: Sendable {
  /// Where the folder is, for the file URLs the store hands out and for messages.
  let url: URL
  /// The open folder; closed when the store goes.
  let descriptor: Int32

  /// Temporary files start with this where the file system cannot make nameless files; they are
  /// never referenced, so start-up clean-up removes any a crash left behind.
  static let temporaryPrefix = ".partial-"

  private init(url: URL, descriptor: Int32) {
    self.url = url
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Opens (following links: the folder the user named) or makes the folder at `url` with mode
  /// 0700, and its missing parents; an existing one is narrowed to 0700.
  static func open(at url: URL) throws -> DurableFolder {
    try PrivateFolder.make(url)
    let descriptor = Glibc.open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw StoreError.cannotCreateDirectory(url, reason: lastErrorText()) }
    return DurableFolder(url: url, descriptor: descriptor)
  }

  /// Opens (making it, mode 0700, when missing) the sub-folder `name`. A symbolic link there is not
  /// followed: it throws `StoreError.linkedFolder` unless `followingLink`, which opens the folder it
  /// points to once (its files are then reached through that descriptor, and its URL is where the
  /// link pointed when it was opened).
  func subfolder(_ name: String, followingLink: Bool = false) throws -> DurableFolder {
    let url = url.appendingPathComponent(name, isDirectory: true)
    if mkdirat(descriptor, name, PrivateFolder.folderMode) != 0 && errno != EEXIST {
      throw StoreError.cannotCreateDirectory(url, reason: Self.lastErrorText())
    }
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
    let opened = openat(descriptor, name, flags)
    guard opened >= 0 else {
      let code = errno
      if !followingLink, let target = linkTarget(name) { throw StoreError.linkedFolder(url, target: target) }
      throw StoreError.cannotCreateDirectory(url, reason: String(cString: strerror(code)))
    }
    var status = stat()
    if fstat(opened, &status) == 0 { PrivateFolder.narrow(opened, mode: status.st_mode) }
    guard followingLink, linkTarget(name) != nil else { return DurableFolder(url: url, descriptor: opened) }
    // The folder the link led to when it was opened, as the kernel names the open descriptor.
    let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(opened)"))
    return DurableFolder(
      url: resolved.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? url, descriptor: opened)
  }

  /// What the symbolic link `name` points to, or nil when `name` is not a link.
  func linkTarget(_ name: String) -> String? {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK
    else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlinkat(descriptor, name, &buffer, buffer.count - 1)
    guard length >= 0 else { return "" }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func fileURL(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

  /// Writes `data` to `name` (which must not exist yet), synced, with mode 0600.
  func write(_ data: Data, named name: String) throws {
    let target = fileURL(name)
    let temporaryName = { Self.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) }
    do {
      try DurableFile.write(
        in: descriptor, named: name, mode: PrivateFolder.fileMode, replacing: false,
        temporaryName: temporaryName
      ) { (file) throws(DurableFile.Failure) in
        // (withUnsafeBytes rethrows untyped errors; the Result keeps the failure's step and code.)
        let written = data.withUnsafeBytes { bytes in
          Result { () throws(DurableFile.Failure) in try DurableFile.writeAll(bytes, to: file) }
        }
        try written.get()
      }
    } catch {
      let failure =
        switch error {
        case .step(let failure), .contents(let failure): failure
        }
      throw StoreError.cannotWriteFile(target, reason: "\(failure.step.rawValue): \(failure.description)")
    }
  }

  /// Makes every file named so far durable by syncing the folder itself.
  func sync() throws {
    do throws(DurableFile.Failure) {
      try DurableFile.syncFolder(descriptor)
    } catch {
      throw StoreError.cannotWriteFile(url, reason: "\(error.step.rawValue) folder: \(error.description)")
    }
  }

  /// Removes files, ignoring ones already gone: removal is clean-up, never a reason to fail. (Without
  /// AT_REMOVEDIR, unlinkat never removes a folder.)
  func remove(_ names: some Sequence<String>) {
    for name in names { unlinkat(descriptor, name, 0) }
  }

  /// Moves the regular file `name` into `folder` (on the same file system) without replacing anything
  /// there: a name already taken gets a number. Returns the name it now has there, or nil when it
  /// could not be moved (it then stays where it was).
  func move(_ name: String, into folder: DurableFolder) -> String? {
    let stem = (name as NSString).deletingPathExtension
    let suffix = (name as NSString).pathExtension
    for attempt in 0..<100 {
      let candidate =
        attempt == 0 ? name : suffix.isEmpty ? "\(stem)-\(attempt)" : "\(stem)-\(attempt).\(suffix)"
      // link fails rather than replace an existing file, which rename would do silently.
      if linkat(descriptor, name, folder.descriptor, candidate, 0) == 0 {
        unlinkat(descriptor, name, 0)
        return candidate
      }
      if errno != EEXIST { return nil }
    }
    return nil
  }

  /// Renames `name` to `newName` in this folder without replacing anything: false (and nothing
  /// changed) when `newName` is taken or `name` cannot be moved. Nothing is ever removed that is not
  /// already under its new name.
  func rename(_ name: String, to newName: String) -> Bool {
    guard linkat(descriptor, name, descriptor, newName, 0) == 0 else { return false }
    unlinkat(descriptor, name, 0)
    return true
  }

  /// Whether anything (a file, a folder, a link even to nothing) has `name` in this folder.
  func hasEntry(_ name: String) -> Bool {
    var status = stat()
    return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
  }

  /// Whether `name` is a regular file (not a folder, link or device), and when it last changed.
  func regularFileModificationDate(_ name: String) -> Date? {
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG
    else { return nil }
    return Date(
      timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
  }

  /// The names of everything in the folder, but `.` and `..`. (Only names: asking for each entry's
  /// type costs about a second for 30,000 files. `remove` cannot delete a sub-folder, so those are
  /// safe anyway; clean-up asks only about the few names no row lists.)
  func entryNames() throws -> [String] {
    do {
      return try FolderEntries.names(in: descriptor)
    } catch {
      throw StoreError.cannotReadFolder(url, reason: error.description)
    }
  }

  /// Opens the file `name` in the folder, never through a symbolic link; -1 with errno on failure.
  func openFile(_ name: String, flags: Int32) -> Int32 {
    openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, PrivateFolder.fileMode)
  }

  private static func lastErrorText() -> String { String(cString: strerror(errno)) }
}
