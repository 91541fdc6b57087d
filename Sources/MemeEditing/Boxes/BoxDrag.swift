// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The guide lines a drag snapped to, drawn while it holds.
public struct BoxGuides: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The box's centre is on the picture's vertical centre line.
  public static let verticalCentre = BoxGuides(rawValue: 1)
  /// The box's centre is on the picture's horizontal centre line.
  public static let horizontalCentre = BoxGuides(rawValue: 2)
  /// The box is turned exactly to a snap angle (a multiple of 45°, see `BoxAngle`).
  public static let snappedAngle = BoxGuides(rawValue: 4)
}

/// One drag of a layer: what it took hold of and the layer as it was, and for every pointer
/// position the box it makes. No GTK: the canvas turns pointer events into calls here, tests call
/// it directly. All pointer positions are in canvas logical pixels.
public struct BoxDrag: Sendable {
  /// The box's index in the document.
  public let index: Int
  public let handle: BoxHandle
  /// The box as it was when the drag began.
  public let start: MemeLayer
  public let mapping: BoxMapping
  /// Where the press was.
  public let pressX: Double
  public let pressY: Double

  /// How near (in logical pixels) the box's centre must come to a centre line of the picture to
  /// snap onto it.
  public static let centreSnap = 6.0
  /// How near (in degrees) the turn must come to a multiple of 45° to snap onto it.
  public static let angleSnap = BoxAngle.snapReach
  /// The smallest side a resize leaves, in logical pixels.
  public static let minimumSide = 24.0

  public init(
    index: Int, box: MemeLayer, handle: BoxHandle, mapping: BoxMapping, pressX: Double, pressY: Double
  ) {
    self.index = index
    start = box
    self.handle = handle
    self.mapping = mapping
    self.pressX = pressX
    self.pressY = pressY
  }

  /// The box with the pointer at (x, y), and the guides it snapped to. Shift held
  /// (`keepingRatio`) turns the kind's corner resize over: a text box then keeps its proportions,
  /// and a sticker, which keeps them otherwise, is freed of them.
  public func box(pointerAtX x: Double, y: Double, keepingRatio: Bool = false) -> (
    box: MemeLayer, guides: BoxGuides
  ) {
    let shown = mapping.onScreen(start)
    let result: (shown: BoxOnScreen, guides: BoxGuides)
    switch handle {
    case .body:
      result = Self.moved(
        shown, by: x - pressX, y - pressY, snappingTo: mapping.pictureCentre, within: Self.centreSnap)
    case .rotation:
      result = Self.rotated(shown, towardX: x, y: y, snappingWithin: Self.angleSnap)
    default:
      result = (
        Self.resized(
          shown, handle: handle, by: x - pressX, y - pressY, minimumSide: Self.minimumSide,
          keepingRatio: keepingRatio != start.kind.editing.keepsAspectRatio), []
      )
    }
    var box = start
    switch handle {
    case .body:
      // Moved, not resized: the size stays exactly as it was.
      box.frame.x += (result.shown.centreX - shown.centreX) / mapping.pictureRect.width
      box.frame.y += (result.shown.centreY - shown.centreY) / mapping.pictureRect.height
      box.frame = box.frame.withCentreOnPicture.clampedToAllowed
    case .rotation:
      box.angle = result.shown.angle
    default:
      box.frame = mapping.frame(of: result.shown)
    }
    return (box, result.guides)
  }

  // MARK: - Pure geometry (canvas pixels)

  /// `shown` moved by (dx, dy), its centre snapped to the picture's centre lines through `centre`
  /// where it comes within `threshold` of them.
  public static func moved(
    _ shown: BoxOnScreen, by dx: Double, _ dy: Double, snappingTo centre: (x: Double, y: Double),
    within threshold: Double
  ) -> (shown: BoxOnScreen, guides: BoxGuides) {
    var moved = shown
    var guides: BoxGuides = []
    moved.centreX += dx
    moved.centreY += dy
    if abs(moved.centreX - centre.x) <= threshold {
      moved.centreX = centre.x
      guides.insert(.verticalCentre)
    }
    if abs(moved.centreY - centre.y) <= threshold {
      moved.centreY = centre.y
      guides.insert(.horizontalCentre)
    }
    return (moved, guides)
  }

  /// `shown` resized by dragging `handle` by (dx, dy): the sides the handle moves follow the pointer
  /// along the box's own (turned) axes, the opposite sides stay where they are, and no side gets
  /// shorter than `minimumSide` (the box does not turn inside out). `keepingRatio` scales a corner
  /// drag's width and height alike, by the larger of the two scales the pointer asks for, as Shift
  /// does in drawing apps; an edge handle changes one side only, so it ignores it.
  public static func resized(
    _ shown: BoxOnScreen, handle: BoxHandle, by dx: Double, _ dy: Double, minimumSide: Double,
    keepingRatio: Bool = false
  ) -> BoxOnScreen {
    guard let side = handle.side else { return shown }
    // The pointer's movement along the box's axes.
    let radians = shown.angle * .pi / 180
    let along = (x: dx * cos(radians) + dy * sin(radians), y: -dx * sin(radians) + dy * cos(radians))
    let floorWidth = min(shown.width, minimumSide)
    let floorHeight = min(shown.height, minimumSide)
    var width = side.x == 0 ? shown.width : max(floorWidth, shown.width + side.x * along.x)
    var height = side.y == 0 ? shown.height : max(floorHeight, shown.height + side.y * along.y)
    if keepingRatio, side.x != 0, side.y != 0, shown.width > 0, shown.height > 0 {
      let scale = max(
        width / shown.width, height / shown.height, floorWidth / shown.width, floorHeight / shown.height)
      width = shown.width * scale
      height = shown.height * scale
    }
    // The fixed side (or, across an edge handle, the centre line) in the box's frame, and the new
    // centre measured from it.
    let centre = (
      x: side.x == 0 ? 0 : -side.x * shown.width / 2 + side.x * width / 2,
      y: side.y == 0 ? 0 : -side.y * shown.height / 2 + side.y * height / 2
    )
    let moved = shown.canvasPoint(localX: centre.x, y: centre.y)
    return BoxOnScreen(centreX: moved.x, centreY: moved.y, width: width, height: height, angle: shown.angle)
  }

  /// `shown` turned so that its rotation handle points from its centre toward (x, y), snapped to
  /// the nearest multiple of 45° within `threshold` degrees. The angle is kept in (-180, 180].
  public static func rotated(
    _ shown: BoxOnScreen, towardX x: Double, y: Double, snappingWithin threshold: Double
  ) -> (shown: BoxOnScreen, guides: BoxGuides) {
    var turned = shown
    let (dx, dy) = (x - shown.centreX, y - shown.centreY)
    guard dx != 0 || dy != 0 else { return (shown, []) }
    // The handle sits straight above the centre when unturned: "up" is (0, -1) on the screen.
    let (angle, snapped) = BoxAngle.snapped(atan2(dx, -dy) * 180 / .pi, within: threshold)
    turned.angle = angle
    return (turned, snapped ? .snappedAngle : [])
  }
}
