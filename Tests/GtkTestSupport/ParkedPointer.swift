// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Keeps the X server's pointer in the screen's bottom-right corner, off every window a test opens.
///
/// A window that appears under the pointer gets an enter event, and GTK starts its tooltip timer
/// (half a second) for the widget there. When the test closes the window sooner, GTK 4.8's timer
/// still fires for the window, now without a surface, and reads the pointer's position on that
/// missing surface (gtk_tooltip_show_tooltip): two CRITICALs, which fail the run under
/// G_DEBUG=fatal-criticals. The app drops that timer when one of its windows closes (`Application`);
/// the windows tests open outside an application have no such guard. A person's pointer is where
/// they put it; a test's is parked out of the way, and parked again after a test moved it
/// (`pointerMoved()`). Xvfb places windows at the top left and starts the pointer at the screen's
/// centre. X11 only: Wayland's headless compositor has no pointer.
public enum ParkedPointer {
  private static var isParked = false

  /// Parks the pointer unless it is parked already.
  public static func park() {
    guard !isParked, !DisplayHarness.isWayland else { return }
    guard let geometry = xdotool(["getdisplaygeometry"])?.split(separator: " ").compactMap({ Int($0) }),
      geometry.count == 2, xdotool(["mousemove", "\(geometry[0] - 1)", "\(geometry[1] - 1)"]) != nil
    else { return }
    isParked = true
  }

  /// Called after real pointer events moved the pointer, maybe over a window.
  public static func pointerMoved() {
    isParked = false
  }

  /// xdotool's output, or nil when it could not run (then the pointer stays where it is).
  private static func xdotool(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
