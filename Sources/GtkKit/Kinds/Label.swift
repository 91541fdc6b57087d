// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkLabel: a label call compiles only on a label. `widget` goes into containers.
public struct Label {
  public let widget: Widget

  public init(_ text: String? = nil) {
    widget = gtk_label_new(text)
  }

  /// A label made elsewhere (a list row's, made in "setup" and filled in "bind").
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var label: OpaquePointer { gtkkit_label(widget) }

  /// The text (no markup).
  public var text: String {
    get { String(cString: gtk_label_get_text(label)) }
    nonmutating set { gtk_label_set_text(label, newValue) }
  }

  /// Where the text sits in the label's width: 0 starts, 1 ends.
  public var textAlignment: Float {
    get { gtk_label_get_xalign(label) }
    nonmutating set { gtk_label_set_xalign(label, newValue) }
  }

  public var wrapsText: Bool {
    get { gtk_label_get_wrap(label) != 0 }
    nonmutating set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
  }

  /// Whether the text can be selected and copied, as any text a person may want to quote.
  public var isSelectable: Bool {
    get { gtk_label_get_selectable(label) != 0 }
    nonmutating set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
  }

  public func ellipsize(_ mode: PangoEllipsizeMode) { gtk_label_set_ellipsize(label, mode) }

  public func setMaxWidthChars(_ count: Int32) { gtk_label_set_max_width_chars(label, count) }

  /// The least width, in characters, it asks for (an ellipsized label shows that much at least).
  public func setWidthChars(_ count: Int32) { gtk_label_set_width_chars(label, count) }

  /// How the lines line up with each other (not the label in its space).
  public var justification: GtkJustification {
    get { gtk_label_get_justify(label) }
    nonmutating set { gtk_label_set_justify(label, newValue) }
  }

  /// Draws the text in `family`, `scale` times the label's size (a font list's own entries).
  public func showInFace(_ family: String, scale: Double) {
    let attributes = pango_attr_list_new()!
    let description = pango_font_description_new()!
    pango_font_description_set_family(description, family)
    pango_attr_list_insert(attributes, pango_attr_font_desc_new(description))
    pango_attr_list_insert(attributes, pango_attr_scale_new(scale))
    pango_font_description_free(description)
    gtk_label_set_attributes(label, attributes)
    pango_attr_list_unref(attributes)
  }
}
