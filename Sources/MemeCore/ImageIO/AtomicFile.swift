// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Glibc

/// Writes an output file. A regular file is replaced all at once: the bytes go to a new temporary
/// file in the same folder, which is flushed to disk and then renamed over the target. Readers see
/// the old file or the new one, never a half-written one; a failure removes the temporary file and
/// leaves the target alone. What cannot be replaced (a pipe, a terminal) is written to in place; see
/// `OutputTarget`. The steps that make the replacement durable are `DurableFile`'s, shared with the
/// store.
enum AtomicFile {
  /// A failure to simulate, so tests can check the clean-up paths without filling a disk.
  enum Fault {
    case failAfterWriting
  }

  /// Writes what `contents` writes to the sink it is given to `path`. Errors name `path` as given.
  static func write(
    to path: String, fault: Fault? = nil, contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    switch try OutputTarget(path: path) {
    case .replace(let target):
      try replace(target, reportedAs: path, fault: fault, contents: contents)
    case .stream(let target):
      let descriptor = meme_open_with_mode(target, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0)
      guard descriptor >= 0 else { throw failure(errno, path: path) }
      defer { close(descriptor) }
      try stream(to: descriptor, reportedAs: path, contents: contents)
    }
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
    _ path: String, reportedAs name: String, fault: Fault?,
    contents: (inout FileSink) throws(ImageError) -> Void
  ) throws(ImageError) {
    var existing = stat()
    let targetExists = stat(path, &existing) == 0
    let (temporaryPath, descriptor) = try createTemporary(near: path, reportedAs: name)
    var keep = false
    defer {
      if !keep { unlink(temporaryPath) }
    }
    var closed = false
    defer {
      if !closed { close(descriptor) }
    }
    // An export replacing a file keeps that file's permissions.
    if targetExists, existing.st_mode & S_IFMT == S_IFREG {
      _ = fchmod(descriptor, existing.st_mode & 0o7777)
    }
    var sink = FileSink(descriptor: descriptor, path: name)
    try contents(&sink)
    try sink.flush()
    if fault == .failAfterWriting {
      throw failure(EIO, path: name)
    }
    closed = true  // commit closes it, whatever happens.
    do {
      try DurableFile.commit(descriptor, temporaryPath: temporaryPath, to: path)
    } catch {
      throw failure(error.code, path: name)
    }
    keep = true
    // Makes the rename itself durable; failing here cannot harm either file, so errors are ignored.
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
    try? DurableFile.syncFolder(folder)
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

  /// Creates `.mememe-<random>.tmp` next to `path` (hidden, and on the same file system, which
  /// `rename` needs). The name is short whatever the target's, so a target name near the 255-byte
  /// limit still has room for it. O_EXCL makes the name ours alone.
  private static func createTemporary(near path: String, reportedAs name: String) throws(ImageError) -> (
    String, Int32
  ) {
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    for _ in 0..<16 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let candidate = "\(folder).mememe-\(suffix).tmp"
      let descriptor = meme_open_with_mode(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return (candidate, descriptor) }
      if errno != EEXIST { throw failure(errno, path: name) }
    }
    throw failure(EEXIST, path: name)
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
      default: String(format: localized("cannot write: %@"), ImageFile.describe(code))
      }
    return ImageError(path: path, kind: .writeFailed, reason: reason)
  }
}
