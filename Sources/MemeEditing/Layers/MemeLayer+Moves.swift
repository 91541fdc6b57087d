// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// A layer after one of the editor's key commands: a nudge, a resize, a turn.
extension MemeLayer {
  /// Moved by (`dx`, `dy`), in fractions of the picture's width and height, as far as a layer may
  /// reach.
  func nudged(dx: Double, dy: Double) -> MemeLayer {
    var layer = self
    var frame = layer.frame
    frame.x += dx
    frame.y += dy
    // On a picture far thinner than the screen one nudge is many picture widths.
    layer.frame = frame.withCentreOnPicture.clampedToAllowed
    return layer
  }

  /// Resized about its centre, along its own (turned) sides, by `dWidth` and `dHeight` canvas pixels
  /// as `mapping` shows it, never below `BoxDrag.minimumSide` (nor below its own side where that is
  /// smaller already).
  func resized(by dWidth: Double, _ dHeight: Double, on mapping: BoxMapping) -> MemeLayer {
    var layer = self
    var shown = mapping.onScreen(layer)
    shown.width = max(min(shown.width, BoxDrag.minimumSide), shown.width + dWidth)
    shown.height = max(min(shown.height, BoxDrag.minimumSide), shown.height + dHeight)
    layer.frame = mapping.frame(of: shown)
    return layer
  }

  /// Turned by `degrees` (negative: anticlockwise) as a key press turns it, stopping on a multiple
  /// of 45° it reaches (see `BoxAngle.turned`), and whether it stopped there.
  func turned(by degrees: Double) -> (layer: MemeLayer, snapped: Bool) {
    var layer = self
    let turn = BoxAngle.turned(layer.angle, by: degrees)
    layer.angle = turn.angle
    return (layer, turn.snapped)
  }
}
