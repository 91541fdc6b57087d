// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What a press on the selected box takes hold of: its body (to move it), one of the eight handles
/// on its corners and edges (to resize it), or the rotation handle above its top edge.
public enum BoxHandle: Hashable, Sendable, CaseIterable {
  case body, rotation
  case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left

  /// Whether a selected layer whose kind offers `handles` (see `LayerEditing`) shows this handle:
  /// the body always (every layer moves), the resize and rotation handles when its kind has them.
  public func isOffered(by handles: Set<LayerHandles>) -> Bool {
    switch self {
    case .body: true
    case .rotation: handles.contains(.turn)
    case .topLeft, .top, .topRight, .right, .bottomRight, .bottom, .bottomLeft, .left:
      handles.contains(.resize)
    }
  }

  /// The eight resize handles, clockwise from the top left.
  public static let resizeHandles: [BoxHandle] = [
    .topLeft, .top, .topRight, .right, .bottomRight, .bottom, .bottomLeft, .left,
  ]

  /// Which sides a resize handle moves: -1 the left (top), 1 the right (bottom), 0 neither; nil for
  /// the body and the rotation handle.
  public var side: (x: Double, y: Double)? {
    switch self {
    case .body, .rotation: nil
    case .topLeft: (-1, -1)
    case .top: (0, -1)
    case .topRight: (1, -1)
    case .right: (1, 0)
    case .bottomRight: (1, 1)
    case .bottom: (0, 1)
    case .bottomLeft: (-1, 1)
    case .left: (-1, 0)
    }
  }

  public var isResize: Bool { side != nil }
}

extension BoxOnScreen {
  /// How far from the box's top edge the rotation handle sits, in logical pixels.
  public static let rotationHandleDistance = 26.0
  /// How far from a handle, or from the box's edge, a press still takes hold of it.
  public static let handleReach = 8.0

  /// Where `handle` is drawn on the canvas (the body's place is the centre).
  public func position(of handle: BoxHandle) -> (x: Double, y: Double) {
    switch handle {
    case .body: return (centreX, centreY)
    case .rotation: return canvasPoint(localX: 0, y: -height / 2 - Self.rotationHandleDistance)
    default:
      let side = handle.side ?? (0, 0)
      return canvasPoint(localX: side.x * width / 2, y: side.y * height / 2)
    }
  }

  /// What a press at (x, y) of the canvas takes hold of, if anything: the rotation handle, a corner,
  /// an edge (anywhere along it, within `reach`), then the inside.
  public func handle(atCanvasX x: Double, y: Double, reach: Double = handleReach) -> BoxHandle? {
    let point = localPoint(canvasX: x, y: y)
    let rotation = (x: 0.0, y: -height / 2 - Self.rotationHandleDistance)
    if hypot(point.x - rotation.x, point.y - rotation.y) <= reach { return .rotation }
    let (halfWidth, halfHeight) = (width / 2, height / 2)
    guard abs(point.x) <= halfWidth + reach, abs(point.y) <= halfHeight + reach else { return nil }
    // Nearest side on each axis, if within reach of it.
    let sideX: Double? = abs(abs(point.x) - halfWidth) <= reach ? (point.x < 0 ? -1 : 1) : nil
    let sideY: Double? = abs(abs(point.y) - halfHeight) <= reach ? (point.y < 0 ? -1 : 1) : nil
    switch (sideX, sideY) {
    case (nil, nil):
      return .body
    case (let sx?, let sy?):
      return Self.resizeHandle(x: sx, y: sy)
    case (let sx?, nil):
      return Self.resizeHandle(x: sx, y: 0)
    case (nil, let sy?):
      return Self.resizeHandle(x: 0, y: sy)
    }
  }

  private static func resizeHandle(x: Double, y: Double) -> BoxHandle {
    BoxHandle.resizeHandles.first { $0.side! == (x, y) }!
  }
}
