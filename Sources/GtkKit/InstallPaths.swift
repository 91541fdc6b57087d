// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where an installed application finds its data: relative to its own executable, so that a build
/// installed under any prefix works (`<prefix>/bin/app` → `<prefix>/share/...`), with an environment
/// variable that points elsewhere when running from a build tree.
public enum InstallPaths {
  /// `<prefix>/share`, the prefix being the executable's folder's parent.
  public static var sharedDataDirectory: URL {
    executableURL.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share", isDirectory: true)
  }

  /// The folder named by `environmentVariable` when it is set and not empty, else
  /// `<prefix>/share/<relativePath>`.
  public static func directory(environmentVariable: String, relativePath: String) -> URL {
    // One variable read, where `ProcessInfo.environment` copies the whole environment into a
    // dictionary each time (three times on the way to the first window).
    if let value = getenv(environmentVariable), value.pointee != 0 {
      return URL(fileURLWithPath: String(cString: value), isDirectory: true)
    }
    return sharedDataDirectory.appendingPathComponent(relativePath, isDirectory: true)
  }

  /// The running executable, symbolic links resolved (a link in /usr/bin to /opt/app/bin/app
  /// must find /opt/app/share).
  private static var executableURL: URL {
    // The kernel's link to the running executable, already resolved: one system call, where
    // `Bundle.main` lists the executable's whole folder (all of /usr/bin) to set itself up.
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  }
}
