// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSpinner: shows that work is under way.
public struct Spinner {
  public let widget: Widget

  public init() {
    widget = gtk_spinner_new()
  }

  public func start() { gtk_spinner_start(gtkkit_spinner(widget)) }
  public func stop() { gtk_spinner_stop(gtkkit_spinner(widget)) }
}
