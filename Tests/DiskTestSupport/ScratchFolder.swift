// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where tests write files that must outlive a single test (stores, fixtures, compiled schemas):
/// one folder per test process, removed with everything in it when the process exits, so that runs
/// of the suite do not pile folders up in the system's temporary folder.
public enum ScratchFolder {
  /// `<temporary>/mememe-tests-<process id>`, made on first use.
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
    return url
  }()

  /// `name` inside the root (not made: callers make what they need, a folder or a file).
  public static func path(_ name: String) -> URL {
    root.appendingPathComponent(name)
  }

  /// A path inside the root no other call returns: `<prefix>-<UUID>`.
  public static func unique(_ prefix: String) -> URL {
    path("\(prefix)-\(UUID().uuidString)")
  }
}
