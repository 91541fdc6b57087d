// SPDX-License-Identifier: GPL-3.0-or-later
import GtkTestSupport

@testable import MemeUI

// What the camera tests observe of the editor, read from its real state.
extension EditorWindow {
  /// The error the editor shows, read from its dialog.
  var lastError: (title: String, detail: String)? { ErrorDialog.shown(over: window) }

  /// Whether the Camera button follows a camera monitor (the window holds it).
  var isFollowingCameras: Bool { camera.monitor != nil }
}
