// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import PixelCompare

@testable import MemeCore

/// Compares a caption drawn by MemeMe with the same caption drawn by `ReferenceCaption`.
struct CaptionComparison: CustomStringConvertible {
  /// A pixel counts as different when a channel differs by more than this (of 255): edges blended
  /// a little differently stay below it, a missing or misplaced glyph does not.
  static let channelThreshold: Int32 = 64
  /// The share of the captions' ink area allowed to differ, and a few pixels more for captions
  /// only a few pixels tall (a 24×18 picture), whose emoji Cairo scales down its own way.
  static let allowedFraction = 0.005
  static let allowedPixels = 6.0

  var differing: Int64 = 0
  /// The area the captions' ink covers, in pixels of the compared surface.
  var inkArea = 0.0
  var largest: Int32 = 0

  var fraction: Double { inkArea > 0 ? Double(differing) / inkArea : Double(differing) }
  var matches: Bool { Double(differing) <= max(Self.allowedPixels, Self.allowedFraction * inkArea) }
  var description: String {
    "\(differing) pixels differ (\(fraction * 100)% of \(Int(inkArea)) ink pixels, largest \(largest))"
  }

  /// Compares `image` with `reference` over the bands of `layout` drawn at `scale`. A pixel matches
  /// a reference pixel up to `radius` pixels away (see `pixel_compare`).
  init(
    _ image: RasterImage, _ reference: RasterImage, layout: MemeLayout,
    scale: (x: Double, y: Double) = (1, 1),
    radius: Int32
  ) {
    cairo_surface_flush(image.surface)
    cairo_surface_flush(reference.surface)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      let band = caption.band
      let x0 = max(0, Int((band.x * scale.x).rounded(.down)))
      let y0 = max(0, Int((band.y * scale.y).rounded(.down)))
      let x1 = min(image.width, Int((band.maxX * scale.x).rounded(.up)))
      let y1 = min(image.height, Int((band.maxY * scale.y).rounded(.up)))
      guard x1 > x0, y1 > y0 else { continue }
      let result = pixel_compare(
        image.pixels, reference.pixels, Int32(image.width), Int32(image.height), Int32(image.stride),
        Int32(x0),
        Int32(y0), Int32(x1), Int32(y1), Self.channelThreshold, radius)
      differing += result.differing
      largest = max(largest, result.largest)
      let ink = caption.inkRect.intersection(band)
      inkArea += ink.width * scale.x * ink.height * scale.y
    }
  }
}

extension ImageRect {
  func intersection(_ other: ImageRect) -> ImageRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return ImageRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}
