// SPDX-License-Identifier: GPL-3.0-or-later
import GtkTestSupport

@testable import MemeUI

// The error each window shows, read from its dialog (the windows keep no copy of it).

extension EditorWindow {
  var lastError: (title: String, detail: String)? { ErrorDialog.shown(over: window) }
}

extension DetailWindow {
  var lastError: (title: String, detail: String)? { ErrorDialog.shown(over: window) }
}
