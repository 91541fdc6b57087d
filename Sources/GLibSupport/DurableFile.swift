// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The one way the app puts a file in place so that a crash or power loss never leaves a
/// half-written file under its final name: the bytes go to a temporary file in the same folder
/// (`writeAll`), which is flushed to disk and then renamed over the target (`commit`); syncing the
/// folder (`syncFolder`) then makes the rename itself durable.
///
/// The engine's image writer and the store's folders each choose the temporary file (its name, its
/// permissions) and word the failure for their own users; the steps and their order are here.
public enum DurableFile {
  /// The step that failed and its `errno`.
  public struct Failure: Error, Sendable {
    public enum Step: String, Sendable {
      case open, write, fsync, close, rename
    }

    public let step: Step
    public let code: Int32

    /// The C library's description of `code` ("No space left on device").
    public var description: String { String(cString: strerror(code)) }
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

  /// Flushes the temporary file open as `descriptor` to disk, closes it (in every case) and renames
  /// it to `target`. The data must be on disk before the rename is: otherwise a crash could leave the
  /// target's name pointing at an empty or partial file. On failure the temporary file is left for
  /// the caller to remove.
  public static func commit(_ descriptor: Int32, temporaryPath: String, to target: String) throws(Failure) {
    if fsync(descriptor) != 0 {
      let code = errno
      close(descriptor)
      throw Failure(step: .fsync, code: code)
    }
    if close(descriptor) != 0 { throw Failure(step: .close, code: errno) }
    if rename(temporaryPath, target) != 0 { throw Failure(step: .rename, code: errno) }
  }

  /// Makes every rename done in `folder` so far durable by syncing the folder itself.
  public static func syncFolder(_ folder: String) throws(Failure) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(step: .open, code: errno) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw Failure(step: .fsync, code: errno) }
  }
}
