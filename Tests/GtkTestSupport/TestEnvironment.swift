// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation

/// Process set-up every GTK test needs before GTK starts: settings that never touch the user's
/// own (the memory backend) and the app's GSettings schema compiled from the source tree, so that
/// plain `swift test` works without `meson install`.
public enum TestEnvironment {
  /// The package root (three folders up from this file).
  public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Where the schema was compiled (nil when glib-compile-schemas failed).
  public private(set) static var schemaDirectory: URL?
  private static var isPrepared = false

  /// Runs once per process, before GTK (and with it GSettings) starts: GSettings reads these
  /// variables once, when its schema source and backend are first made.
  public static func prepareOnce() {
    guard !isPrepared else { return }
    isPrepared = true
    // Keep a value the runner chose (build-aux/run-tests.sh sets memory too).
    setenv("GSETTINGS_BACKEND", "memory", 0)
    // libadwaita follows the system's style through GSettings (`org.gnome.desktop.interface`, in
    // memory here, which a test can change) rather than the Settings portal, which reads the real
    // desktop's: a developer's dark desktop must not restyle the tests' windows.
    setenv("ADW_DISABLE_PORTAL", "1", 1)
    schemaDirectory = compileSchemas()
    // The app's data from the source tree, as in development (the icons, for the About window).
    setenv("MEMEME_DATA_DIR", packageRoot.appendingPathComponent("data").path, 0)
    if let schemaDirectory {
      let existing = ProcessInfo.processInfo.environment["GSETTINGS_SCHEMA_DIR"].map { ":" + $0 } ?? ""
      setenv("GSETTINGS_SCHEMA_DIR", schemaDirectory.path + existing, 1)
    }
  }

  /// `data/*.gschema.xml` compiled with `--strict` into a temporary folder.
  private static func compileSchemas() -> URL? {
    let target = ScratchFolder.path("schemas")
    try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "glib-compile-schemas", "--strict", "--targetdir", target.path,
      packageRoot.appendingPathComponent("data").path,
    ]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? target : nil
  }
}
