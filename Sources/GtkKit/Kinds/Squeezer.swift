// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// An AdwSqueezer: shows the first of its children that fits the width it is given, so a control
/// can say more where there is room and give way in a narrow window instead of widening it.
public struct Squeezer {
  public let widget: Widget

  /// The children, widest first.
  public init(_ children: [Widget]) {
    widget = adw_squeezer_new()
    for child in children { _ = adw_squeezer_add(squeezer, child) }
  }

  private var squeezer: OpaquePointer { gtkkit_squeezer(widget) }

  /// The child shown.
  public var visibleChild: Widget? { adw_squeezer_get_visible_child(squeezer) }
}
