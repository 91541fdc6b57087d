// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// GTK's colour chooser as a dialog of its own, for a colour chosen from a menu rather than from a
/// colour button. The dialog lives in GTK's toplevel list until it answers, then is destroyed.
public enum ColorChooserDialog {
  /// Asks for a colour over `parent`, starting at `color`; `chosen` gets the colour picked (not on
  /// Cancel or Escape). Colours are opaque. `name` names the dialog's window (for tests).
  public static func present(
    over parent: UnsafeMutablePointer<GtkWindow>, title: String, name: String, color: ColorButton.Components,
    chosen: @escaping (ColorButton.Components) -> Void
  ) {
    guard let dialog = gtk_color_chooser_dialog_new(title, parent) else { return }
    gtk_widget_set_name(dialog, name)
    let chooser = gtkkit_color_chooser(dialog)
    gtk_color_chooser_set_use_alpha(chooser, 0)
    var rgba = GdkRGBA(
      red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    gtk_color_chooser_set_rgba(chooser, &rgba)
    gtk_window_set_modal(gtkkit_window(dialog), 1)
    Signal.connectResponse(dialog) { response in
      if response == GTK_RESPONSE_OK.rawValue {
        var picked = GdkRGBA()
        gtk_color_chooser_get_rgba(chooser, &picked)
        chosen((Double(picked.red), Double(picked.green), Double(picked.blue), 1))
      }
      gtk_window_destroy(gtkkit_window(dialog))
    }
    gtk_window_present(gtkkit_window(dialog))
  }
}
