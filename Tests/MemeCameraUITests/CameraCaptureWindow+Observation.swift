// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

@testable import MemeUI

// What the camera tests observe of the capture window, read from what it shows.
extension CameraCaptureWindow {
  /// Whether the preview shows a frame (its picture has one to paint).
  var showsAFrame: Bool { gtk_picture_get_paintable(gtkkit_picture(picture)) != nil }
}
