// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit

extension ToastOverlay {
  /// Waits while a toast slides in (libadwaita: 300 ms, 500 ms when it takes another's place), so
  /// that a screenshot shows it where it stays.
  func waitForSlideIn() {
    let end = Date().addingTimeInterval(0.6)
    MainContext.iterate { Date() > end }
  }
}
