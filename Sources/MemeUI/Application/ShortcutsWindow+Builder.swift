// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The shortcuts window as GtkBuilder XML. Kept apart from the translated titles: xgettext reads
/// Swift as C and cannot parse the multi-line literals below, so this file is not in po/POTFILES.
extension ShortcutsWindow {
  /// Builds the window, transient for `parent`; it destroys itself when closed.
  static func make(parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWindow> {
    let builder = ObjectOwner(taking: gtk_builder_new_from_string(builderXML, -1))
    // GTK's toplevel list owns the window; the builder's reference goes with the builder.
    let window = gtkkit_window(gtk_builder_get_object(builder.opaque, "shortcuts-window"))!
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    // Without a title GTK 4.8 announces the window by its type name, "GtkShortcutsWindow".
    gtk_window_set_title(window, title)
    Accessible.setLabel(window, title)
    return window
  }

  /// Lines per column (two columns a page): 14 keep the window under 740 px tall, so that it fits
  /// an 800 px screen with a top bar, the other lines going to further pages.
  static var builderXML: String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts-window">
          <property name="name">shortcuts-window</property>
          <child>
            <object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">14</property>

      """
    for group in groups {
      xml += """
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(escaped(group.title))</property>

        """
      for shortcut in group.shortcuts {
        xml += """
                      <child>
                        <object class="GtkShortcutsShortcut">
                          <property name="title">\(escaped(shortcut.title))</property>
                          <property name="accelerator">\(escaped(shortcut.accelerators.joined(separator: " ")))</property>
                        </object>
                      </child>

          """
      }
      xml += """
                  </object>
                </child>

        """
    }
    xml += """
            </object>
          </child>
        </object>
      </interface>
      """
    return xml
  }

  /// Text as XML character data (accelerators hold < and >).
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
