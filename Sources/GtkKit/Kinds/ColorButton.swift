// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkColorButton. Colours are straight (not premultiplied) components in 0...1, as GdkRGBA holds
/// them; the conversion to and from GdkRGBA is here alone.
public struct ColorButton {
  public typealias Components = (red: Double, green: Double, blue: Double, alpha: Double)

  public let widget: Widget

  /// A button showing `color`, whose chooser dialog is titled `title`.
  public init(color: Components, title: String) {
    var rgba = Self.rgba(color)
    widget = gtk_color_button_new_with_rgba(&rgba)
    gtk_color_button_set_title(gtkkit_color_button(widget), title)
  }

  /// Names the button for screen readers. GTK 4.8's colour button is a wrapper around a plain
  /// button, which takes the focus and which GTK announces by its type name ("GtkButton"): both
  /// are named.
  public func setAccessibleName(_ name: String) {
    Accessible.setLabel(widget, name)
    if let inner = gtk_widget_get_first_child(widget) { Accessible.setLabel(inner, name) }
  }

  /// The colour shown; setting it does not emit "color-set" (that is the user's choice).
  public var color: Components {
    get {
      var rgba = GdkRGBA()
      gtk_color_chooser_get_rgba(gtkkit_color_chooser(widget), &rgba)
      return (Double(rgba.red), Double(rgba.green), Double(rgba.blue), Double(rgba.alpha))
    }
    nonmutating set {
      var rgba = Self.rgba(newValue)
      gtk_color_chooser_set_rgba(gtkkit_color_chooser(widget), &rgba)
    }
  }

  private static func rgba(_ color: Components) -> GdkRGBA {
    GdkRGBA(
      red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
  }
}
