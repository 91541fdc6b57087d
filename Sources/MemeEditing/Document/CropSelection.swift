// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The crop mode's aspect presets.
public enum CropAspect: String, CaseIterable {
  case free
  case original
  case square = "1:1"
  case portrait = "4:5"
  case widescreen = "16:9"
  case tall = "9:16"

  /// As the preset buttons show it.
  public var label: String {
    switch self {
    case .free: localized("Free")
    case .original: localized("Original")
    case .square, .portrait, .widescreen, .tall: rawValue
    }
  }

  /// Width over height for a picture of the given size; nil when the shape is free.
  public func ratio(pictureWidth: Double, pictureHeight: Double) -> Double? {
    switch self {
    case .free: nil
    case .original: pictureWidth / pictureHeight
    case .square: 1
    case .portrait: 4.0 / 5.0
    case .widescreen: 16.0 / 9.0
    case .tall: 9.0 / 16.0
    }
  }
}

/// What a drag in crop mode takes hold of.
public enum CropHandle: CaseIterable {
  case move, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

  var movesLeft: Bool { [.left, .topLeft, .bottomLeft].contains(self) }
  var movesRight: Bool { [.right, .topRight, .bottomRight].contains(self) }
  var movesTop: Bool { [.top, .topLeft, .topRight].contains(self) }
  var movesBottom: Bool { [.bottom, .bottomLeft, .bottomRight].contains(self) }
  var isCorner: Bool { (movesLeft || movesRight) && (movesTop || movesBottom) }
}

/// The crop rectangle being edited, in the pixels of the picture as it is seen (turned and mirrored,
/// not yet cropped), kept inside the picture and to the chosen aspect. No GTK: the crop overlay
/// turns pointer drags into calls here, and tests call it directly.
public struct CropSelection {
  public let pictureWidth: Double
  public let pictureHeight: Double
  public private(set) var rect: ImageRect
  public private(set) var aspect = CropAspect.free

  /// The smallest side a crop may have, in picture pixels.
  var minimumSide: Double { max(1, min(16, min(pictureWidth, pictureHeight))) }

  public init(pictureWidth: Int, pictureHeight: Int, rect: ImageRect? = nil) {
    self.pictureWidth = Double(pictureWidth)
    self.pictureHeight = Double(pictureHeight)
    self.rect = rect ?? ImageRect(x: 0, y: 0, width: Double(pictureWidth), height: Double(pictureHeight))
  }

  private var ratio: Double? { aspect.ratio(pictureWidth: pictureWidth, pictureHeight: pictureHeight) }

  /// Chooses a preset: the largest rectangle of its shape that fits the picture, centred where the
  /// crop was (moved inside the picture where needed).
  public mutating func setAspect(_ aspect: CropAspect) {
    self.aspect = aspect
    guard let ratio else { return }
    let width = min(pictureWidth, pictureHeight * ratio)
    let height = width / ratio
    let centreX = rect.x + rect.width / 2
    let centreY = rect.y + rect.height / 2
    rect = ImageRect(
      x: clamp(centreX - width / 2, 0, pictureWidth - width),
      y: clamp(centreY - height / 2, 0, pictureHeight - height),
      width: width, height: height)
  }

  /// The handle under `point` (picture pixels), within `reach` of an edge or corner; `move` inside.
  public func handle(at point: (x: Double, y: Double), reach: Double) -> CropHandle? {
    let nearLeft = abs(point.x - rect.x) <= reach
    let nearRight = abs(point.x - rect.maxX) <= reach
    let nearTop = abs(point.y - rect.y) <= reach
    let nearBottom = abs(point.y - rect.maxY) <= reach
    let withinX = point.x >= rect.x - reach && point.x <= rect.maxX + reach
    let withinY = point.y >= rect.y - reach && point.y <= rect.maxY + reach
    guard withinX && withinY else { return nil }
    switch (nearLeft, nearRight, nearTop, nearBottom) {
    case (true, _, true, _): return .topLeft
    case (_, true, true, _): return .topRight
    case (true, _, _, true): return .bottomLeft
    case (_, true, _, true): return .bottomRight
    case (true, _, _, _): return .left
    case (_, true, _, _): return .right
    case (_, _, true, _): return .top
    case (_, _, _, true): return .bottom
    default: return .move
    }
  }

  /// Drags `handle` by (dx, dy) picture pixels from where the crop was when the drag began.
  public mutating func drag(_ handle: CropHandle, from start: ImageRect, by dx: Double, _ dy: Double) {
    if handle == .move {
      rect = ImageRect(
        x: clamp(start.x + dx, 0, pictureWidth - start.width),
        y: clamp(start.y + dy, 0, pictureHeight - start.height),
        width: start.width, height: start.height)
      return
    }
    var left = start.x
    var right = start.maxX
    var top = start.y
    var bottom = start.maxY
    let minimum = minimumSide
    if handle.movesLeft { left = clamp(start.x + dx, 0, right - minimum) }
    if handle.movesRight { right = clamp(start.maxX + dx, left + minimum, pictureWidth) }
    if handle.movesTop { top = clamp(start.y + dy, 0, bottom - minimum) }
    if handle.movesBottom { bottom = clamp(start.maxY + dy, top + minimum, pictureHeight) }
    guard let ratio else {
      rect = ImageRect(x: left, y: top, width: right - left, height: bottom - top)
      return
    }
    rect = constrained(handle, start: start, width: right - left, height: bottom - top, ratio: ratio)
  }

  /// One key press: the whole crop (`move`), or one edge or corner, moved by (dx, dy) picture
  /// pixels. Held to a preset's shape, a corner moves along its diagonal, so that a press along
  /// either axis grows or shrinks the crop (a shape-keeping corner drag follows the larger of its
  /// two moves and would never shrink).
  public mutating func nudge(_ handle: CropHandle, by dx: Double, _ dy: Double) {
    var (dx, dy) = (dx, dy)
    if handle.isCorner, let ratio {
      // +1 where the corner's outward direction is right (down), -1 where it is left (up).
      let outward = (handle.movesLeft ? -1.0 : 1.0) * (handle.movesTop ? -1.0 : 1.0)
      if dx != 0 { dy = dx * outward / ratio } else { dx = dy * outward * ratio }
    }
    drag(handle, from: rect, by: dx, dy)
  }

  /// The edge or corner whose handle lies nearest `point` (picture pixels): what the keyboard's
  /// resizing moves when the pointer rests over the picture.
  public func nearestHandle(to point: (x: Double, y: Double)) -> CropHandle {
    let places: [(CropHandle, Double, Double)] = [
      (.topLeft, rect.x, rect.y), (.top, rect.x + rect.width / 2, rect.y), (.topRight, rect.maxX, rect.y),
      (.right, rect.maxX, rect.y + rect.height / 2), (.bottomRight, rect.maxX, rect.maxY),
      (.bottom, rect.x + rect.width / 2, rect.maxY), (.bottomLeft, rect.x, rect.maxY),
      (.left, rect.x, rect.y + rect.height / 2),
    ]
    return places.min { hypot($0.1 - point.x, $0.2 - point.y) < hypot($1.1 - point.x, $1.2 - point.y) }!.0
  }

  /// The drag's result held to `ratio`: a corner keeps the opposite corner; an edge keeps the
  /// opposite edge and stays centred across.
  private func constrained(
    _ handle: CropHandle, start: ImageRect, width: Double, height: Double, ratio: Double
  )
    -> ImageRect
  {
    var width = width
    var height = height
    // Room from the fixed side (or around the centre line) to the picture's edges.
    let anchorX = handle.movesLeft ? start.maxX : start.x
    let anchorY = handle.movesTop ? start.maxY : start.y
    let centreX = start.x + start.width / 2
    let centreY = start.y + start.height / 2
    let roomX =
      handle.movesLeft || handle.movesRight
      ? (handle.movesLeft ? anchorX : pictureWidth - anchorX) : 2 * min(centreX, pictureWidth - centreX)
    let roomY =
      handle.movesTop || handle.movesBottom
      ? (handle.movesTop ? anchorY : pictureHeight - anchorY) : 2 * min(centreY, pictureHeight - centreY)
    if handle.isCorner {
      width = max(width, height * ratio)
    } else if !(handle.movesLeft || handle.movesRight) {
      width = height * ratio
    }
    width = min(width, roomX, roomY * ratio)
    width = max(width, minimumSide * max(1, ratio))
    height = width / ratio
    let x =
      handle.movesLeft ? anchorX - width : handle.movesRight ? anchorX : centreX - width / 2
    let y =
      handle.movesTop ? anchorY - height : handle.movesBottom ? anchorY : centreY - height / 2
    return ImageRect(
      x: clamp(x, 0, pictureWidth - width), y: clamp(y, 0, pictureHeight - height), width: width,
      height: height)
  }

  private func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    min(max(value, low), max(low, high))
  }
}

extension PictureTransform {
  /// This transform without its crop: the picture crop mode shows.
  public var uncropped: PictureTransform {
    var copy = self
    copy.crop = nil
    return copy
  }

  /// The crop as a rectangle of the uncropped, turned picture (what crop mode edits).
  public func cropInView(sourceWidth: Int, sourceHeight: Int) -> ImageRect? {
    guard let crop else { return nil }
    let map = uncropped.matrix(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
    let a = map.apply(Double(crop.x), Double(crop.y))
    let b = map.apply(Double(crop.x + crop.width), Double(crop.y + crop.height))
    return ImageRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
  }

  /// The source pixels under `rect` of the uncropped, turned picture, in whole pixels inside the
  /// source; nil when that is the whole source.
  public func sourceCrop(forView rect: ImageRect, sourceWidth: Int, sourceHeight: Int) -> PixelRect? {
    let map = uncropped.matrix(sourceWidth: sourceWidth, sourceHeight: sourceHeight).inverted()
    let a = map.apply(rect.x, rect.y)
    let b = map.apply(rect.maxX, rect.maxY)
    let left = max(0, Int(min(a.x, b.x).rounded()))
    let top = max(0, Int(min(a.y, b.y).rounded()))
    let right = min(sourceWidth, Int(max(a.x, b.x).rounded()))
    let bottom = min(sourceHeight, Int(max(a.y, b.y).rounded()))
    let crop = PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    return crop == PixelRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight) ? nil : crop
  }
}
