// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwSqueezer: shows the first of its children that fits the room it is given, so a
/// narrow window gets a shorter form of a control instead of growing to the longer one's width.
public struct Squeezer {
  public let widget: Widget

  /// With `allowsNone`, the squeezer shows nothing when no child fits (its smallest width is 0).
  /// A child fits when its smallest width does (an ellipsizing label shows until only its ellipsis
  /// would be left), not only its natural one.
  public init(allowsNone: Bool = false) {
    widget = adw_squeezer_new()
    adw_squeezer_set_allow_none(squeezer, allowsNone ? 1 : 0)
    adw_squeezer_set_switch_threshold_policy(squeezer, ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
  }

  /// `children`, widest first, each shown while its natural width fits: a control that says more
  /// where there is room and gives way in a narrow window instead of widening it.
  public init(_ children: [Widget]) {
    widget = adw_squeezer_new()
    for child in children { add(child) }
  }

  private var squeezer: OpaquePointer { gtkkit_squeezer(widget) }

  /// Adds `child` after the others: the squeezer tries it when they do not fit.
  public func add(_ child: Widget) {
    adw_squeezer_add(squeezer, child)
  }

  /// The child shown now (nil when none fits).
  public var visibleChild: Widget? { adw_squeezer_get_visible_child(squeezer) }
}
