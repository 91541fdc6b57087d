// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The shortcuts window as GtkBuilder XML. Kept apart from the translated titles: xgettext reads
/// Swift as C and cannot parse the multi-line literals below, so this file is not in po/POTFILES.
extension ShortcutsWindow {
  /// Builds the window, transient for `parent`; it destroys itself when closed. Over the editor it
  /// opens on the editor's page, elsewhere on Sent Memes'.
  static func make(parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWindow> {
    let isEditor = parent.map { String(cString: gtk_widget_get_name(gtkkit_widget($0))) == "editor-window" }
    let first = isEditor == true ? editorSection : sentMemesSection
    let builder = ObjectOwner(taking: gtk_builder_new_from_string(builderXML, -1))
    // GTK's toplevel list owns the window; the builder's reference goes with the builder.
    let window = gtkkit_window(gtk_builder_get_object(builder.opaque, "shortcuts-window"))!
    // Set once the sections are in (a builder property is set before the children are added).
    gtkkit_object_set_string(window, "section-name", first)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    // Without a title GTK 4.8 announces the window by its type name, "GtkShortcutsWindow".
    gtk_window_set_title(window, title)
    Accessible.setLabel(window, title)
    return window
  }

  /// Lines per column (two columns a page): 14 keep the window, with its page switcher, under 740 px
  /// tall, so that it fits an 800 px screen with a top bar, the other lines going to further pages.
  static var builderXML: String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts-window">
          <property name="name">shortcuts-window</property>

      """
    for section in sections {
      xml += """
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">\(escaped(section.name))</property>
                <property name="title">\(escaped(section.title))</property>
                <property name="max-height">14</property>

        """
      xml += groupsXML(section.groups)
      xml += """
              </object>
            </child>

        """
    }
    xml += """
        </object>
      </interface>
      """
    return xml
  }

  private static func groupsXML(_ groups: [Group]) -> String {
    var xml = ""
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
    return xml
  }

  /// Text as XML character data (accelerators hold < and >).
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
