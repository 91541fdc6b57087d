// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// What lies over the picture on the canvas: the zoom percentage, the animation's controls,
/// "Loading…". libadwaita's `osd` style keeps them readable over any picture.
enum OnScreenDisplay {
  /// Styles `widget` as one, named `name` (tests find it by that) and styled by `styleClass` (the
  /// name unless given), at `horizontal` and `vertical` of the picture.
  static func style(
    _ widget: Widget, name: String, styleClass: String? = nil, horizontal: GtkAlign, vertical: GtkAlign
  ) {
    widget.name = name
    widget.addCSSClass("osd")
    widget.addCSSClass(styleClass ?? name)
    widget.horizontalAlignment = horizontal
    widget.verticalAlignment = vertical
  }
}
