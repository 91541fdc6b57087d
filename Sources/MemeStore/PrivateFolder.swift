// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Folders and files only their owner may read: sent memes are personal. The XDG base directory spec
/// asks for data folders to be created with mode 0700; a store made with wider permissions is
/// narrowed when it opens.
enum PrivateFolder {
  static let folderMode: mode_t = 0o700
  static let fileMode: mode_t = 0o600

  /// Makes `url` and any missing parents with mode 0700; takes group and other permissions away from
  /// `url` itself when it already exists.
  static func make(_ url: URL) throws {
    var path = ""
    for component in url.standardizedFileURL.path.split(separator: "/") {
      path += "/" + component
      if mkdir(path, folderMode) != 0 && errno != EEXIST {
        throw StoreError.cannotCreateDirectory(url, reason: lastErrorText())
      }
    }
    var status = stat()
    guard stat(path.isEmpty ? "/" : path, &status) == 0 else {
      throw StoreError.cannotCreateDirectory(url, reason: lastErrorText())
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw StoreError.cannotCreateDirectory(url, reason: String(cString: strerror(ENOTDIR)))
    }
    narrow(path, mode: status.st_mode, to: folderMode)
  }

  /// Takes group and other permissions away from an existing file (e.g. a database an older version
  /// made 0644). A file that is missing or not ours is left alone.
  static func narrowFile(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    narrow(path, mode: status.st_mode, to: fileMode)
  }

  /// Takes group and other permissions away from the folder open as `descriptor`, whose mode is `mode`.
  static func narrow(_ descriptor: Int32, mode: mode_t) {
    let permissions = mode & 0o7777
    if permissions & ~folderMode != 0 { _ = fchmod(descriptor, permissions & folderMode) }
  }

  private static func narrow(_ path: String, mode: mode_t, to allowed: mode_t) {
    let permissions = mode & 0o7777
    if permissions & ~allowed != 0 { _ = chmod(path, permissions & allowed) }
  }

  private static func lastErrorText() -> String { String(cString: strerror(errno)) }
}
