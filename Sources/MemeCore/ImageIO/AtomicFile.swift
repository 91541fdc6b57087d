// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Glibc

/// Writes an output file. A regular file is replaced all at once: the bytes go to a new file in the
/// same folder that has no name while it is written (a killed render leaves nothing behind), which
/// is flushed to disk and then renamed over the target. Readers see the old file or the new one,
/// never a half-written one; a failure removes the new file and leaves the target alone. What
/// cannot be replaced (a pipe, a terminal) is written to in place; see `OutputTarget`. The durable
/// write itself is `DurableFile.write`, shared with the store; this chooses the permissions and the
/// temporary name and words the failures.
enum AtomicFile {
  /// Writes what `contents` writes to the sink it is given to `path`. Errors name `path` as given.
  static func write(
    to path: String, contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    switch try OutputTarget(path: path) {
    case .replace(let target):
      try replace(target, reportedAs: path, replacing: true, contents: contents)
    case .stream(let target):
      let descriptor = meme_open_with_mode(target, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0)
      guard descriptor >= 0 else { throw failure(errno, path: path) }
      defer { close(descriptor) }
      try stream(to: descriptor, reportedAs: path, contents: contents)
    }
  }

  /// Writes what `contents` writes to a new file at `path`, which must not exist: whatever has that
  /// name (a file, a symbolic link, even one to nothing) is left as it is and the write fails with
  /// `.writeFailed` and `errno` EEXIST (see `isExisting`). The name is taken only when the finished
  /// file is linked into place, so a file that appears meanwhile is not replaced either.
  static func create(
    at path: String, contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    try replace(path, reportedAs: path, replacing: false, contents: contents)
  }

  /// Whether `error` is `create(at:contents:)` finding its name taken.
  static func isExisting(_ error: ImageError) -> Bool {
    error.kind == .writeFailed && error.reason == failure(EEXIST, path: error.path).reason
  }

  /// Writes to an open descriptor (standard output, a pipe) as the bytes come; nothing can be undone
  /// there, so a failure is only reported.
  static func stream(
    to descriptor: Int32, reportedAs name: String, contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    var sink = FileSink(descriptor: descriptor, path: name)
    try contents(&sink)
    try sink.flush()
  }

  private static func replace(
    _ path: String, reportedAs name: String, replacing: Bool,
    contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    let slash = path.lastIndex(of: "/")
    let folderPath = slash.map { String(path[...$0]) } ?? "."
    let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let folder: Int32
    do { folder = try DurableFile.openFolder(folderPath) } catch { throw failure(error.code, path: name) }
    defer { close(folder) }
    var existing = stat()
    let existingMode: mode_t? =
      replacing && fstatat(folder, fileName, &existing, 0) == 0 && existing.st_mode & S_IFMT == S_IFREG
      ? existing.st_mode & 0o7777 : nil
    do {
      try DurableFile.write(
        in: folder, named: fileName, mode: existingMode ?? newFileMode(in: folder), replacing: replacing,
        temporaryName: temporaryName
      ) { (descriptor) throws(ImageError) in
        // An export replacing a file keeps that file's permissions (the umask applied to them at
        // creation).
        if let existingMode { _ = fchmod(descriptor, existingMode) }
        var sink = FileSink(descriptor: descriptor, path: name)
        try contents(&sink)
        try sink.flush()
      }
    } catch {
      switch error {
      case .step(let step): throw failure(step.code, path: name)
      case .contents(let contentsError): throw contentsError
      }
    }
    // Makes the name itself durable; failing here cannot harm either file, so errors are ignored.
    try? DurableFile.syncFolder(folder)
  }

  /// A new file in a folder only its owner may enter (the cache that Open With and e-mail take their
  /// files from) is made readable by its owner only, as the folder is; elsewhere the umask decides.
  private static func newFileMode(in folder: Int32) -> mode_t {
    var status = stat()
    guard fstat(folder, &status) == 0 else { return 0o666 }
    return status.st_mode & 0o077 == 0 ? 0o600 : 0o666
  }

  /// `.mememe-<random>.tmp`: hidden, and short whatever the target's name, so a target name near the
  /// 255-byte limit still has room for it. Used only where the file system cannot make a nameless
  /// file, and for the moment between naming a finished file and renaming it over the target.
  private static func temporaryName() -> String {
    ".mememe-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
  }

  /// Writes to the temporary file, gathering small pieces (chunk headers) into larger writes.
  struct FileSink: ByteSink {
    let descriptor: Int32
    let path: String
    private var pending: [UInt8] = []

    init(descriptor: Int32, path: String) {
      self.descriptor = descriptor
      self.path = path
      pending.reserveCapacity(64 * 1024)
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
      if pending.count + bytes.count <= pending.capacity {
        pending.append(contentsOf: bytes)
        return
      }
      try flush()
      try writeAll(bytes)
    }

    mutating func flush() throws(ImageError) {
      let result = pending.withUnsafeBytes { bytes -> Result<Void, ImageError> in
        Result { () throws(ImageError) in try writeAll(bytes) }
      }
      try result.get()
      pending.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
      do {
        try DurableFile.writeAll(bytes, to: descriptor)
      } catch {
        throw AtomicFile.failure(error.code, path: path)
      }
    }
  }

  fileprivate static func failure(_ code: Int32, path: String) -> ImageError {
    let reason =
      switch code {
      case ENOSPC: localized("cannot write: the disk is full")
      case EDQUOT: localized("cannot write: the disk quota is used up")
      case EACCES, EPERM: localized("cannot write: permission denied")
      case ENOENT: localized("cannot write: the folder does not exist")
      case ENOTDIR: localized("cannot write: a part of the path is not a folder")
      case EROFS: localized("cannot write: the file system is read-only")
      case EEXIST: localized("cannot write: a file of that name exists")
      // The reader of a pipe, FIFO or socket went away (SIGPIPE is ignored by the command line).
      case EPIPE: localized("cannot write: broken pipe")
      default: String(format: localized("cannot write: %@"), ImageFile.describe(code))
      }
    return ImageError(path: path, kind: .writeFailed, reason: reason)
  }
}
