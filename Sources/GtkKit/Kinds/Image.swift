// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkImage of a themed icon.
public struct Image {
  public let widget: Widget

  public init(iconName: String) {
    widget = gtk_image_new_from_icon_name(iconName)
  }

  /// The icon's size in pixels, whatever its theme's size.
  public func setPixelSize(_ size: Int32) { gtk_image_set_pixel_size(gtkkit_image(widget), size) }
}
