// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import Testing

/// Ends the test process at the first GLib CRITICAL, naming the test that was running.
///
/// `G_DEBUG=fatal-criticals` alone is not enough in a test process: GLib stops with a breakpoint
/// trap, which Swift's crash handler reports and may then resume, so the run can go on and pass.
/// Here a CRITICAL from GLib, GTK, GDK or libadwaita is printed with the test's name and the
/// process aborts, which fails the run every time.
enum FatalCriticals {
  private static var isInstalled = false
  /// The log domains of the libraries the window tests drive (nil: messages with no domain).
  private static let domains: [String?] = [nil, "GLib", "GLib-GObject", "GLib-GIO", "Gdk", "Gtk", "Adwaita"]

  static func installOnce() {
    guard !isInstalled else { return }
    isInstalled = true
    let levels = GLogLevelFlags(
      rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
    for domain in domains {
      _ = g_log_set_handler(
        domain, levels,
        { domain, _, message, _ in
          let library = domain.map { String(cString: $0) } ?? "GLib"
          let text = message.map { String(cString: $0) } ?? ""
          let test = Test.current.map { "\($0.name) (\($0.sourceLocation.fileName))" } ?? "no test"
          FileHandle.standardError.write(Data("\n\(library)-CRITICAL during \(test): \(text)\n".utf8))
          // The C stack, unwound through GLib and GTK (which Swift's crash report cannot pass):
          // the Swift frames below the GTK call name the code that made it.
          FileHandle.standardError.write(
            Data((Thread.callStackSymbols.prefix(48).joined(separator: "\n") + "\n").utf8))
          abort()
        }, nil)
    }
  }
}
