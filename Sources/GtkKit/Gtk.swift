// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Process-wide GTK set-up.
public enum Gtk {
  private static var initialized: Bool?

  /// Initialises GTK once per process on the calling (main) thread, with libadwaita (its style sheet
  /// and style manager) as the app's AdwApplication has it; false when no display can be opened.
  /// Later calls return the first answer (gtk_init_check must not run twice).
  @discardableResult
  public static func initialize() -> Bool {
    if let initialized { return initialized }
    let opened = gtk_init_check() != 0
    if opened { adw_init() }
    initialized = opened
    return opened
  }
}
