// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// `MEMEME_DUMP_UI=1`: once the first window is on screen, print every text it shows (title,
/// labels, tooltips, menu items), one per line, and quit. Lets a test (or a translator) see the
/// real app's words in the language of its environment, e.g. `LANGUAGE=de`.
extension MemeMeApplication {
  static var isDumpingUI: Bool { ProcessInfo.processInfo.environment["MEMEME_DUMP_UI"] == "1" }

  func dumpTextsAndQuit(of window: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(window, "map") { [weak self] in
      // After the map: the first layout has run, so everything built lazily is there too.
      MainLoop.post { [weak self] in
        // Written at once and unbuffered: the process quits right after.
        let lines = WidgetTree.texts(in: window).map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Data(lines.utf8))
        self?.application.quit()
      }
    }
  }
}
