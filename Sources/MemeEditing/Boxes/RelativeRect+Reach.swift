// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension RelativeRect {
  /// The rectangle moved as little as needed to bring its centre onto the picture. A box may hang
  /// over the picture's edges, but one moved wholly off it would be cut off entirely and out of the
  /// pointer's reach; drags and nudges keep it here.
  public var withCentreOnPicture: RelativeRect {
    var moved = self
    moved.x = min(max(x + width / 2, 0), 1) - width / 2
    moved.y = min(max(y + height / 2, 0), 1) - height / 2
    return moved
  }
}
