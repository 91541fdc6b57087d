// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private folder for targets that need files, made once per process and emptied per input.
enum ScratchFolder {
  static let url: URL = {
    let base =
      ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("mememe-fuzz-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Removed when the process exits normally (a crash keeps it, with the input that crashed).
    atexit { try? FileManager.default.removeItem(at: ScratchFolder.url) }
    return folder
  }()

  /// A fresh, empty sub-folder `name`.
  static func fresh(_ name: String) -> URL {
    let folder = url.appendingPathComponent(name, isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
