// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// The app's icon on its windows, for window lists and task switchers.
final class WindowIcons {
  /// Whether the icon is on its way to the windows (`giveAfterFirstFrame`).
  private var isScheduled = false

  /// Gives the windows the app's icon once `window`, the first shown, has painted its first frame,
  /// where setting it at start-up would hold that frame up: GTK draws a window's icon (an SVG) when
  /// it realises the window, and the frame shows no window's icon. Once per process.
  func giveAfterFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
    guard !isScheduled else { return }
    isScheduled = true
    FirstFrame.afterPaint(of: window) {
      MainLoop.post { Self.giveWindowsTheAppIcon() }
    }
  }

  private static func giveWindowsTheAppIcon() {
    // An app installed outside the system's data folders (e.g. under /opt) has its icon in its own
    // folder. Adding a folder makes GTK read the whole icon theme again: after the first frame too.
    let icons = AppDataPaths.dataDirectory.appendingPathComponent("icons", isDirectory: true)
    if FileManager.default.fileExists(atPath: icons.path) { AppIcons.addSearchFolder(icons) }
    AppIcons.applyEverywhere(AppIdentity.applicationID)
  }
}
