// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a layer moves in the drawing order (Bring Forward, Send Backward, Bring to Front, Send to
/// Back).
public enum LayerOrder: Sendable, CaseIterable {
  /// One place up, over the layer that was above it.
  case forward
  /// One place down.
  case backward
  /// Over all the others.
  case front
  /// Under all the others (still over the picture).
  case back

  /// Where the layer at `index` of `count` layers goes, or nil when it is there already (or there is
  /// no such layer): menus and shortcuts are off then.
  public func targetIndex(from index: Int, among count: Int) -> Int? {
    guard (0..<count).contains(index) else { return nil }
    let target =
      switch self {
      case .forward: index + 1
      case .backward: index - 1
      case .front: count - 1
      case .back: 0
      }
    return (0..<count).contains(target) && target != index ? target : nil
  }
}
