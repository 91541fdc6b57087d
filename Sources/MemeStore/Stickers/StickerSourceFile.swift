// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the picture file a sticker was placed from, for the store to keep a copy. The path comes
/// from the meme (a file the user chose, or one a damaged database names), so it is read as a
/// picture is and no further: the last part of the path is never a symbolic link, only a regular
/// file is read (never a FIFO or a device, which could block or never end), files that report no
/// size (`/proc`, `/sys`) or a size other than what they hold are refused, and nothing beyond
/// `limit` bytes (a picture's cap, `ImageLoader.fileSizeLimit`) is read.
enum StickerSourceFile {
  static func read(_ path: String, limit: Int) throws -> [UInt8] {
    let url = URL(fileURLWithPath: path, isDirectory: false)
    func refuse(_ reason: String) -> StoreError { .cannotReadImage(url, reason: reason) }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw refuse(errno == ELOOP ? localized("it is a symbolic link") : String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw refuse(String(cString: strerror(errno))) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw refuse(localized("it is not a regular file")) }
    let size = Int(status.st_size)
    guard size > 0 else { throw refuse(localized("it is empty")) }
    guard size <= limit else {
      throw refuse(String(format: localized("it is larger than %ld MB"), limit >> 20))
    }
    // One byte more than the size, to see that the file ends where it said.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if got > 0 {
        filled += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        throw refuse(String(cString: strerror(errno)))
      }
    }
    guard filled == size else { throw refuse(localized("it changed while it was read")) }
    bytes.removeLast()
    return bytes
  }
}
