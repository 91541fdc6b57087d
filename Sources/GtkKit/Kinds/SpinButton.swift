// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSpinButton: a number typed in or stepped with its buttons and the arrow keys.
public struct SpinButton {
  public let widget: Widget

  /// A field for a number from `minimum` to `maximum`, stepped by `step`, shown with `digits`
  /// decimals.
  public init(minimum: Double, maximum: Double, step: Double, digits: UInt32) {
    widget = gtk_spin_button_new_with_range(minimum, maximum, step)
    gtk_spin_button_set_digits(gtkkit_spin_button(widget), digits)
  }

  /// The number shown; reading it first takes in what was typed and not yet entered.
  public var value: Double {
    get {
      gtk_spin_button_update(gtkkit_spin_button(widget))
      return gtk_spin_button_get_value(gtkkit_spin_button(widget))
    }
    nonmutating set { gtk_spin_button_set_value(gtkkit_spin_button(widget), newValue) }
  }

  /// The values it takes, for one made by a .ui file (whose adjustment gives the steps).
  public func setRange(_ range: ClosedRange<Double>) {
    gtk_spin_button_set_range(gtkkit_spin_button(widget), range.lowerBound, range.upperBound)
  }

  /// Runs `handler` with the new value whenever it changes (by the user or by `value`).
  public func onValueChanged(_ handler: @escaping (Double) -> Void) {
    let spin = widget
    Signal.connect(widget, "value-changed") { handler(gtk_spin_button_get_value(gtkkit_spin_button(spin))) }
  }
}
