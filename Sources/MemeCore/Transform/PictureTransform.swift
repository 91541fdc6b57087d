// SPDX-License-Identifier: GPL-3.0-or-later

/// How a meme's picture is cut and turned before the captions are laid out on it: a crop of the
/// upright source (after EXIF orientation, in its pixels), then quarter turns clockwise, then
/// mirroring of the turned result. The source itself is never changed; the meme keeps this beside it
/// so that every step stays adjustable.
public struct PictureTransform: Sendable, Hashable, Codable {
  /// The part of the upright source that is kept; nil keeps all of it.
  public var crop: PixelRect?
  /// Clockwise quarter turns, 0 to 3.
  public private(set) var quarterTurns: Int
  /// Mirrored left to right, after turning.
  public var flipsHorizontally: Bool
  /// Mirrored top to bottom, after turning.
  public var flipsVertically: Bool

  public static let identity = PictureTransform()

  public init(
    crop: PixelRect? = nil, quarterTurns: Int = 0, flipsHorizontally: Bool = false,
    flipsVertically: Bool = false
  ) {
    self.crop = crop
    self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    self.flipsHorizontally = flipsHorizontally
    self.flipsVertically = flipsVertically
  }

  public var isIdentity: Bool { self == .identity }

  /// The rotation in degrees clockwise: 0, 90, 180 or 270.
  public var degrees: Int { quarterTurns * 90 }

  /// Turns the picture as it is seen now by a quarter turn. The mirroring is applied after the turn,
  /// so under a single mirror a turn to the right is a turn to the left of the unmirrored picture.
  public mutating func rotate(clockwise: Bool) {
    let step = clockwise == (flipsHorizontally == flipsVertically) ? 1 : 3
    quarterTurns = (quarterTurns + step) % 4
  }

  /// Mirrors the picture as it is seen now.
  public mutating func flip(horizontally: Bool) {
    if horizontally { flipsHorizontally.toggle() } else { flipsVertically.toggle() }
  }

  /// The kept part of a `width` × `height` source: the crop, or all of it.
  public func cropRect(sourceWidth width: Int, sourceHeight height: Int) -> PixelRect {
    crop ?? PixelRect(x: 0, y: 0, width: width, height: height)
  }

  /// The transformed picture's size for a `width` × `height` source.
  public func outputSize(sourceWidth width: Int, sourceHeight height: Int) -> (width: Int, height: Int) {
    let kept = cropRect(sourceWidth: width, sourceHeight: height)
    return quarterTurns % 2 == 0 ? (kept.width, kept.height) : (kept.height, kept.width)
  }

  /// This transform for a `width` × `height` source, or nil when its crop does not lie inside it.
  public func validated(sourceWidth width: Int, sourceHeight height: Int) -> PictureTransform? {
    if let crop, !crop.fits(inWidth: width, height: height) { return nil }
    return self
  }

  /// The affine map from source pixel coordinates to transformed picture coordinates, as Cairo's
  /// (xx, yx, xy, yy, x0, y0): X = xx·x + xy·y + x0, Y = yx·x + yy·y + y0.
  public func matrix(sourceWidth: Int, sourceHeight: Int) -> AffineMap {
    let kept = cropRect(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
    let w = Double(kept.width)
    let h = Double(kept.height)
    // Turning the crop-local point (x, y) clockwise by a quarter turn k times.
    var map: AffineMap =
      switch quarterTurns {
      case 1: AffineMap(xx: 0, yx: 1, xy: -1, yy: 0, x0: h, y0: 0)
      case 2: AffineMap(xx: -1, yx: 0, xy: 0, yy: -1, x0: w, y0: h)
      case 3: AffineMap(xx: 0, yx: -1, xy: 1, yy: 0, x0: 0, y0: w)
      default: AffineMap(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
      }
    let size = outputSize(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
    if flipsHorizontally {
      map = AffineMap(
        xx: -map.xx, yx: map.yx, xy: -map.xy, yy: map.yy, x0: Double(size.width) - map.x0, y0: map.y0)
    }
    if flipsVertically {
      map = AffineMap(
        xx: map.xx, yx: -map.yx, xy: map.xy, yy: -map.yy, x0: map.x0, y0: Double(size.height) - map.y0)
    }
    // The crop's origin moves to (0, 0) first.
    return map.translatedSource(by: -Double(kept.x), -Double(kept.y))
  }
}

/// An affine map of the plane, laid out as Cairo's `cairo_matrix_t`.
public struct AffineMap: Sendable, Hashable {
  public var xx, yx, xy, yy, x0, y0: Double

  public init(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
    (self.xx, self.yx, self.xy, self.yy, self.x0, self.y0) = (xx, yx, xy, yy, x0, y0)
  }

  /// Where the point (x, y) goes.
  public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    (xx * x + xy * y + x0, yx * x + yy * y + y0)
  }

  /// The map that undoes this one (these maps always have an inverse: turns, mirrors, moves).
  public func inverted() -> AffineMap {
    let determinant = xx * yy - xy * yx
    let ixx = yy / determinant
    let ixy = -xy / determinant
    let iyx = -yx / determinant
    let iyy = xx / determinant
    return AffineMap(
      xx: ixx, yx: iyx, xy: ixy, yy: iyy, x0: -(ixx * x0 + ixy * y0), y0: -(iyx * x0 + iyy * y0))
  }

  /// This map applied after moving points by (dx, dy).
  func translatedSource(by dx: Double, _ dy: Double) -> AffineMap {
    let moved = apply(dx, dy)
    return AffineMap(xx: xx, yx: yx, xy: xy, yy: yy, x0: moved.x, y0: moved.y)
  }
}
