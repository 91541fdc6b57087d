// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

@testable import MemeUI

// What the camera tests observe of the capture window, read from what it shows.
extension CameraCaptureWindow {
  /// Whether the preview shows a frame (its picture has one to paint).
  var showsAFrame: Bool { gtk_picture_get_paintable(gtkkit_picture(picture)) != nil }

  /// The status or error shown over the preview, nil when none is.
  var shownMessage: String? {
    gtk_widget_get_visible(messageLabel) == 0
      ? nil : String(cString: gtk_label_get_text(gtkkit_label(messageLabel)))
  }

  /// Whether the red dot and the clip's time are shown.
  var showsRecordingTime: Bool { gtk_widget_get_visible(recordingIndicator) != 0 }

  /// The clip's time as shown ("0:07 / 0:30").
  var recordingTime: String { String(cString: gtk_label_get_text(gtkkit_label(recordingTimeLabel))) }
}
