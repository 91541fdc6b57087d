// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs saved inputs through a target without libFuzzer: for reproducing a finding in an ordinary
/// build, and for the regression tests, which replay every committed seed and crash input.
public enum FuzzReplay {
  /// The files directly inside `folder`, sorted, skipping hidden ones (none when it is missing).
  public static func inputs(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Runs `file` through `target`; the finding, if any.
  public static func run(_ target: FuzzTarget, file: URL) throws -> FuzzFinding? {
    let data = try Data(contentsOf: file)
    do {
      try data.withUnsafeBytes { try target.run($0) }
      return nil
    } catch let finding as FuzzFinding {
      return finding
    }
  }
}
