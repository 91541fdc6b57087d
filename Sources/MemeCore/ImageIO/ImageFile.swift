// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Glibc

/// An image file opened for reading after checking that it is a readable regular file.
///
/// Every refusal is decided before a byte is read, and the file is opened non-blocking, so a FIFO,
/// a device or a socket (even one swapped in between the check and the open) can never hang the
/// caller: the descriptor is checked again with `fstat` before any `read`. A file of the kernel's
/// own file systems (`/proc`, `/sys`) is refused too: it stats as a regular file, but of size 0 or
/// a made-up one, and its contents are written as they are read.
struct ImageFile: ~Copyable {
  let path: String
  /// The size `fstat` reported when the file was opened.
  let size: Int
  private let descriptor: Int32

  init(path: String) throws(ImageError) {
    self.path = path
    var info = stat()
    if stat(path, &info) != 0 {
      throw ImageFile.statError(errno, path: path)
    }
    try ImageFile.requireRegularFile(info.st_mode, path: path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    if descriptor < 0 {
      throw ImageFile.statError(errno, path: path)
    }
    var opened = stat()
    guard fstat(descriptor, &opened) == 0 else {
      let code = errno
      close(descriptor)
      throw ImageError(path: path, kind: .unreadable, reason: ImageFile.describe(code))
    }
    do throws(ImageError) {
      try ImageFile.requireRegularFile(opened.st_mode, path: path)
      try ImageFile.requireStoredFile(descriptor, path: path)
    } catch {
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
    self.size = Int(opened.st_size)
  }

  deinit {
    close(descriptor)
  }

  /// The whole file, refusing files larger than `limit` bytes without reading them.
  func readAll(limit: Int) throws(ImageError) -> FileBytes {
    guard size > 0 else { throw ImageError(path: path, kind: .empty, reason: localized("file is empty")) }
    guard size <= limit else {
      throw ImageError(
        path: path, kind: .tooLarge,
        reason: String(
          format: localized("file is %@ bytes, more than any image within the pixel limit needs"),
          PixelCount.grouped(size)))
    }
    guard let bytes = FileBytes(capacity: size) else {
      throw ImageError(
        path: path, kind: .outOfMemory,
        reason: String(format: localized("not enough memory to read %ld bytes"), size))
    }
    let count = try read(into: UnsafeMutableRawBufferPointer(start: bytes.base, count: size))
    guard count > 0 else { throw ImageError(path: path, kind: .empty, reason: localized("file is empty")) }
    bytes.count = count
    return bytes
  }

  /// The first `count` bytes (fewer for a shorter file), without moving the read position.
  func prefix(_ count: Int) throws(ImageError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var got = -1
    repeat {
      got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    } while got < 0 && errno == EINTR
    guard got >= 0 else {
      throw ImageError(
        path: path, kind: .unreadable,
        reason: String(format: localized("cannot read: %@"), ImageFile.describe(errno)))
    }
    return Array(bytes[0..<got])
  }

  /// Reads from the current position until `buffer` is full or the file ends; returns the count.
  private func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImageError) -> Int {
    var filled = 0
    while filled < buffer.count {
      let got = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      if got > 0 {
        filled += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        throw ImageError(
          path: path, kind: .unreadable,
          reason: String(format: localized("cannot read: %@"), ImageFile.describe(errno)))
      }
    }
    return filled
  }

  /// Appends bytes read from the current position until `bytes` holds `count` bytes or the file ends.
  func read(into bytes: inout [UInt8], upTo count: Int) throws(ImageError) {
    let start = bytes.count
    guard count > start else { return }
    // Array(repeating:) is a memset in every build (repeatElement is walked element by element unoptimised).
    bytes.append(contentsOf: [UInt8](repeating: 0, count: count - start))
    let result = bytes.withUnsafeMutableBytes { buffer -> Result<Int, ImageError> in
      Result { () throws(ImageError) in
        try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
      }
    }
    switch result {
    case .success(let got):
      bytes.removeLast(count - start - got)
    case .failure(let error):
      bytes.removeLast(count - start)
      throw error
    }
  }

  private static func requireRegularFile(_ mode: mode_t, path: String) throws(ImageError) {
    let reason: String
    switch mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: reason = localized("is a folder, not an image file")
    case S_IFIFO: reason = localized("is a named pipe (FIFO), not an image file")
    case S_IFCHR, S_IFBLK: reason = localized("is a device, not an image file")
    case S_IFSOCK: reason = localized("is a socket, not an image file")
    default: reason = localized("is not a regular file")
    }
    throw ImageError(path: path, kind: .notRegularFile, reason: reason)
  }

  /// The magic numbers (`statfs.f_type`) of the file systems whose files the kernel makes up as they
  /// are read: proc, sysfs, debugfs, tracefs, securityfs, configfs, cgroup and cgroup2.
  private static let kernelFileSystems: Set<Int> = [
    0x9FA0, 0x6265_6572, 0x6462_6720, 0x7472_6163, 0x7363_6673, 0x6265_6570, 0x27_E0EB, 0x6367_7270,
  ]

  /// Refuses a file on one of `kernelFileSystems`, which `requireRegularFile` lets pass: it would
  /// otherwise be reported as empty (most stat as 0 bytes). A file system that cannot be asked is
  /// taken for an ordinary one (its type reads as 0).
  private static func requireStoredFile(_ descriptor: Int32, path: String) throws(ImageError) {
    guard kernelFileSystems.contains(meme_file_system_type(descriptor)) else { return }
    throw ImageError(
      path: path, kind: .notRegularFile,
      reason: localized("is not a regular file (the kernel makes it up as it is read)"))
  }

  /// The error for a failed `stat` or `open`, telling a dangling link from a missing file.
  private static func statError(_ code: Int32, path: String) -> ImageError {
    switch code {
    case ENOENT:
      var link = stat()
      if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
        return ImageError(
          path: path, kind: .notFound, reason: localized("is a broken symbolic link (its target is missing)"))
      }
      return ImageError(path: path, kind: .notFound, reason: localized("no such file"))
    case ELOOP:
      return ImageError(
        path: path, kind: .notFound, reason: localized("symbolic link loop (the link points back to itself)"))
    case ENOTDIR:
      return ImageError(
        path: path, kind: .notFound, reason: localized("no such file (a part of the path is not a folder)"))
    case EACCES, EPERM:
      return ImageError(path: path, kind: .unreadable, reason: localized("permission denied"))
    default:
      return ImageError(path: path, kind: .unreadable, reason: describe(code))
    }
  }

  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// A file's bytes in memory of their own, mapped from the kernel rather than the C heap: when a
/// large file is released its pages go straight back, instead of staying in the heap (glibc raises
/// its mmap threshold after a large free, so later big allocations would stay resident).
final class FileBytes {
  let base: UnsafeMutableRawPointer
  private let capacity: Int
  fileprivate(set) var count: Int

  init?(capacity: Int) {
    let memory = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let memory, memory != MAP_FAILED else { return nil }
    base = memory
    self.capacity = capacity
    count = 0
  }

  deinit {
    munmap(base, capacity)
  }

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
