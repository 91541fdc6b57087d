// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The one way the app puts a file in place so that a crash or power loss never leaves a
/// half-written file under its final name, and a killed write leaves nothing at all: the bytes go to
/// a new file in the target's folder (`create`, `writeAll`) that has no name while it is written
/// (`O_TMPFILE`), which is flushed to disk and then given its name (`commit`); syncing the folder
/// (`syncFolder`) then makes the name itself durable. On a file system without `O_TMPFILE` (or with
/// `/proc` not mounted) the file is written under a hidden temporary name instead and renamed, as
/// before: a kill there can leave that temporary file behind.
///
/// Every step is relative to the folder's open descriptor, so a folder swapped for a symbolic link
/// after it was opened cannot redirect the write.
///
/// The engine's image writer and the store's folders each choose the temporary name and the
/// permissions, and word the failure for their own users; the steps and their order are here.
public enum DurableFile {
  /// The step that failed and its `errno`.
  public struct Failure: Error, Sendable {
    public enum Step: String, Sendable {
      case open, write, fsync, close, rename
    }

    public let step: Step
    public let code: Int32

    public init(step: Step, code: Int32) {
      self.step = step
      self.code = code
    }

    /// The C library's description of `code` ("No space left on device").
    public var description: String { String(cString: strerror(code)) }
  }

  /// A file being written in a folder: nameless (`temporaryName` nil) or under a temporary name.
  public struct NewFile: Sendable {
    public let descriptor: Int32
    public let temporaryName: String?
  }

  /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module exports only with
  /// _GNU_SOURCE. The values are fixed kernel ABI, and differ by architecture as O_DIRECTORY does.
  private static var temporaryFileFlag: Int32? {
    #if arch(x86_64) || arch(i386)
      return 0o20_200_000
    #elseif arch(arm64) || arch(arm)
      return 0o20_040_000
    #else
      return nil
    #endif
  }

  /// Creates a new file in the folder open as `folder`, with `mode` (less the umask). Nameless where
  /// the file system allows; otherwise under `temporaryName()`, made with O_EXCL (so the name is
  /// ours alone; another is tried when it is taken) and never through a symbolic link. With
  /// `nameless` false the file gets a temporary name wherever it is: the way a file system without
  /// O_TMPFILE is written to, for tests of that way on any file system.
  public static func create(
    in folder: Int32, mode: mode_t, nameless: Bool = true, temporaryName: () -> String
  ) throws(Failure) -> NewFile {
    if nameless, let flag = temporaryFileFlag, hasProcessFiles {
      let descriptor = openat(folder, ".", flag | O_WRONLY | O_CLOEXEC, mode)
      if descriptor >= 0 { return NewFile(descriptor: descriptor, temporaryName: nil) }
      // EOPNOTSUPP (or EISDIR on old kernels): the file system cannot; anything else is a real failure.
      guard errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL else {
        throw Failure(step: .open, code: errno)
      }
    }
    for _ in 0..<16 {
      let name = temporaryName()
      let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 { return NewFile(descriptor: descriptor, temporaryName: name) }
      if errno != EEXIST { throw Failure(step: .open, code: errno) }
    }
    throw Failure(step: .open, code: EEXIST)
  }

  /// Flushes `file` to disk, closes it (in every case) and names it `name` in `folder`. The data
  /// must be on disk before the name is: otherwise a crash could leave the name pointing at an empty
  /// or partial file. With `replacing`, an existing `name` is replaced atomically; without, an existing
  /// `name` fails the commit (EEXIST) and is left alone. On failure the file is discarded.
  public static func commit(
    _ file: NewFile, in folder: Int32, as name: String, replacing: Bool, temporaryName: () -> String
  ) throws(Failure) {
    // The descriptor is closed exactly once: closed twice, the number could by then belong to a
    // file another thread opened.
    var isOpen = true
    func closeFile() throws(Failure) {
      isOpen = false
      if Glibc.close(file.descriptor) != 0 { throw Failure(step: .close, code: errno) }
    }
    do throws(Failure) {
      if fsync(file.descriptor) != 0 { throw Failure(step: .fsync, code: errno) }
      if let temporary = file.temporaryName {
        try closeFile()
        try move(temporary, in: folder, to: name, replacing: replacing)
      } else if !replacing {
        try link(file, in: folder, as: name)
        try closeFile()
      } else {
        // A link cannot replace, so the file gets a temporary name for a moment and is renamed over
        // the target: a kill in between leaves that name, a kill before it leaves nothing.
        let linkedName = try linkUnderTemporaryName(file, in: folder, temporaryName: temporaryName)
        do throws(Failure) {
          try closeFile()
          try move(linkedName, in: folder, to: name, replacing: true)
        } catch {
          unlinkat(folder, linkedName, 0)
          throw error
        }
      }
    } catch {
      if isOpen { Glibc.close(file.descriptor) }
      if let temporary = file.temporaryName { unlinkat(folder, temporary, 0) }
      throw error
    }
  }

  /// Closes a file that will not be committed and removes its temporary name, if it has one. (Not
  /// for a file given to `commit`, which cleans up after itself.)
  public static func discard(_ file: NewFile, in folder: Int32) {
    Glibc.close(file.descriptor)
    if let name = file.temporaryName { unlinkat(folder, name, 0) }
  }

  /// Writes all of `bytes` to `descriptor`, retrying writes a signal interrupted.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
    guard let base = bytes.baseAddress else { return }  // Nothing to write.
    var written = 0
    while written < bytes.count {
      // `base + written` stays inside `bytes` because written < bytes.count.
      let result = Glibc.write(descriptor, base + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        throw Failure(step: .write, code: errno)
      }
      written += result
    }
  }

  /// Makes every name given in `folder` so far durable by syncing the folder itself.
  public static func syncFolder(_ folder: Int32) throws(Failure) {
    if fsync(folder) != 0 { throw Failure(step: .fsync, code: errno) }
  }

  /// Opens the folder at `path` (following links: the folder the user named) for `create` and `commit`.
  public static func openFolder(_ path: String) throws(Failure) -> Int32 {
    let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(step: .open, code: errno) }
    return descriptor
  }

  // MARK: - Steps

  /// A nameless file is named through its `/proc/self/fd` entry: linkat with AT_EMPTY_PATH would need
  /// a capability an ordinary user does not have.
  private static let hasProcessFiles = access("/proc/self/fd", X_OK) == 0

  private static func link(_ file: NewFile, in folder: Int32, as name: String) throws(Failure) {
    if linkat(AT_FDCWD, "/proc/self/fd/\(file.descriptor)", folder, name, AT_SYMLINK_FOLLOW) != 0 {
      throw Failure(step: .rename, code: errno)
    }
  }

  private static func move(_ from: String, in folder: Int32, to name: String, replacing: Bool) throws(Failure)
  {
    if replacing {
      if renameat(folder, from, folder, name) != 0 { throw Failure(step: .rename, code: errno) }
      return
    }
    // link fails rather than replace an existing file, which rename would do silently.
    if linkat(folder, from, folder, name, 0) != 0 { throw Failure(step: .rename, code: errno) }
    unlinkat(folder, from, 0)
  }

  private static func linkUnderTemporaryName(
    _ file: NewFile, in folder: Int32, temporaryName: () -> String
  ) throws(Failure) -> String {
    for _ in 0..<16 {
      let candidate = temporaryName()
      do throws(Failure) {
        try link(file, in: folder, as: candidate)
        return candidate
      } catch  where error.code == EEXIST {
        continue
      }
    }
    throw Failure(step: .rename, code: EEXIST)
  }
}
