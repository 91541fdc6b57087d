// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport

#if canImport(Glibc)
  import Glibc
#endif

nonisolated extension CacheFolder {
  /// How long what the app makes in the cache is kept. The files are handed to other programs (Open
  /// With, a mail client, a drop target) that read them when they are given, or are pictures pasted
  /// or taken for a meme, which Sent Memes keeps copies of once shared: a week later none is in use.
  public static let keptFor: TimeInterval = 7 * 24 * 60 * 60

  /// Removes from `folder` (the cache folder) every file, link and `shared-….d` folder of handed-over
  /// files last changed more than `age` before `now`, and returns how many it removed. Links are
  /// removed, never followed; anything else (a folder the app did not make) is left alone. Called in
  /// the background as the app starts: one `stat` a file.
  @discardableResult
  public static func removeOld(
    in folder: URL = url, olderThan age: TimeInterval = keptFor, now: Date = Date()
  )
    -> Int
  {
    let cutoff = now.timeIntervalSince1970 - age
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var removed = 0
    for name in entries(of: descriptor) {
      var status = stat()
      guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
        Double(status.st_mtim.tv_sec) < cutoff
      else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFREG, S_IFLNK:
        if unlinkat(descriptor, name, 0) == 0 { removed += 1 }
      case S_IFDIR where name.hasPrefix("shared-") && name.hasSuffix(".d"):
        if removeHandOverFolder(name, in: descriptor) { removed += 1 }
      default:
        continue
      }
    }
    return removed
  }

  /// Removes the folder `name` of `parent` that `newFile(named:extension:)` made, with the files in
  /// it; keeps it when it holds anything else.
  private static func removeHandOverFolder(_ name: String, in parent: Int32) -> Bool {
    let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else { return false }
    defer { close(folder) }
    let files = entries(of: folder)
    let onlyFiles = files.allSatisfy { file in
      var status = stat()
      return fstatat(folder, file, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT != S_IFDIR
    }
    guard onlyFiles else { return false }
    for file in files { _ = unlinkat(folder, file, 0) }
    return unlinkat(parent, name, AT_REMOVEDIR) == 0
  }

  /// The names in the folder open as `descriptor`, without `.` and `..`; none when it cannot be read
  /// (so nothing in it is removed).
  private static func entries(of descriptor: Int32) -> [String] {
    (try? FolderEntries.names(in: descriptor)) ?? []
  }
}
