// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A folder whose files are written so they survive a crash or power loss: each file goes to a hidden
/// temporary name, is fsynced, then renamed into place; `sync()` then makes the renames themselves
/// durable (the steps are `DurableFile`'s, shared with the engine's image writer). A reader never sees
/// a half-written file under its final name.
struct DurableFolder: Sendable {
  let url: URL

  /// Temporary files start with this; they are never referenced, so start-up clean-up removes any a
  /// crash left behind.
  static let temporaryPrefix = ".partial-"

  func fileURL(_ name: String) -> URL { url.appendingPathComponent(name, isDirectory: false) }

  /// Writes `data` to `name` (which must not exist yet) through a synced temporary file.
  func write(_ data: Data, named name: String) throws {
    let target = fileURL(name)
    let temporaryPath = fileURL(Self.temporaryPrefix + name).path
    func failure(_ step: String) -> StoreError {
      StoreError.cannotWriteFile(target, reason: "\(step): \(Self.lastErrorText())")
    }
    let descriptor = Glibc.open(
      temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, PrivateFolder.fileMode)
    guard descriptor >= 0 else { throw failure("open") }
    // (withUnsafeBytes rethrows untyped errors; the Result keeps the failure's step and code.)
    let written = data.withUnsafeBytes { bytes in
      Result { () throws(DurableFile.Failure) in try DurableFile.writeAll(bytes, to: descriptor) }
    }
    do throws(DurableFile.Failure) {
      do throws(DurableFile.Failure) {
        try written.get()
      } catch {
        Glibc.close(descriptor)
        throw error
      }
      try DurableFile.commit(descriptor, temporaryPath: temporaryPath, to: target.path)
    } catch {
      Glibc.unlink(temporaryPath)
      throw StoreError.cannotWriteFile(target, reason: "\(error.step.rawValue): \(error.description)")
    }
  }

  /// Makes every rename done so far durable by syncing the folder itself.
  func sync() throws {
    do {
      try DurableFile.syncFolder(url.path)
    } catch {
      throw StoreError.cannotWriteFile(url, reason: "\(error.step.rawValue) folder: \(error.description)")
    }
  }

  /// Removes files, ignoring ones already gone: removal is clean-up, never a reason to fail. (unlink
  /// never removes a folder.)
  func remove(_ names: some Sequence<String>) {
    for name in names { Glibc.unlink(fileURL(name).path) }
  }

  /// Moves the regular file `name` into `folder` (on the same file system) without replacing anything
  /// there: a name already taken gets a number. Returns the name it now has there, or nil when it
  /// could not be moved (it then stays where it was).
  func move(_ name: String, into folder: URL) -> String? {
    let source = fileURL(name).path
    let stem = (name as NSString).deletingPathExtension
    let suffix = (name as NSString).pathExtension
    for attempt in 0..<100 {
      let candidate =
        attempt == 0 ? name : suffix.isEmpty ? "\(stem)-\(attempt)" : "\(stem)-\(attempt).\(suffix)"
      // link fails rather than replace an existing file, which rename would do silently.
      if Glibc.link(source, folder.appendingPathComponent(candidate).path) == 0 {
        Glibc.unlink(source)
        return candidate
      }
      if errno != EEXIST { return nil }
    }
    return nil
  }

  /// Whether `name` is a regular file (not a folder, link or device), and when it last changed.
  func regularFileModificationDate(_ name: String) -> Date? {
    var status = stat()
    guard lstat(fileURL(name).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Date(
      timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
  }

  /// The names of everything in the folder. (Only names: asking for each entry's type costs about a
  /// second for 30,000 files. `remove` cannot delete a sub-folder, so those are safe anyway; clean-up asks
  /// only about the few names no row lists.)
  func entryNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path)
  }

  private static func lastErrorText() -> String { String(cString: strerror(errno)) }
}
