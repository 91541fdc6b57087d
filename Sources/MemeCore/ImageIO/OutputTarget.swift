// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// What an output path names, and so how an image is written there. A regular file (or nothing yet)
/// is replaced atomically. A symbolic link to a regular file is followed, as `cp` writes through it:
/// the file it points to is replaced and the link stays. A pipe or a character device (a FIFO,
/// `/dev/stdout`, `/dev/null`) is written to as it is, never replaced by a file. Anything else is
/// refused before any work is done.
enum OutputTarget: Equatable {
  /// Replace (or create) the regular file at this path, which has no symbolic link as its last part.
  case replace(path: String)
  /// Write into what is there: it is not a file and cannot be replaced.
  case stream(path: String)

  init(path: String) throws(ImageError) {
    if path.hasSuffix("/") {
      var status = stat()
      let isFolder = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      throw ImageError(
        path: path, kind: .writeFailed,
        reason: isFolder ? localized("is a folder") : localized("names a folder, not a file"))
    }
    var entry = stat()
    guard lstat(path, &entry) == 0 else {
      // Nothing there yet (or a folder on the way is missing, which writing reports).
      self = .replace(path: path)
      return
    }
    var target = entry
    var resolved = path
    if entry.st_mode & S_IFMT == S_IFLNK {
      guard stat(path, &target) == 0 else {
        let reason =
          errno == ENOENT ? localized("is a symbolic link to a missing file") : ImageFile.describe(errno)
        throw ImageError(path: path, kind: .writeFailed, reason: reason)
      }
      if target.st_mode & S_IFMT == S_IFREG {
        guard let real = realpath(path, nil) else {
          throw ImageError(path: path, kind: .writeFailed, reason: ImageFile.describe(errno))
        }
        resolved = String(cString: real)
        free(real)
      }
    }
    switch target.st_mode & S_IFMT {
    case S_IFREG:
      self = .replace(path: resolved)
    case S_IFDIR:
      throw ImageError(path: path, kind: .writeFailed, reason: localized("is a folder"))
    case S_IFIFO, S_IFCHR:
      self = .stream(path: path)
    default:
      throw ImageError(
        path: path, kind: .writeFailed, reason: localized("is not a regular file, a pipe or a terminal"))
    }
  }
}
