// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A picture drawn into a rectangle of the output (a sticker): stretched to it, mirrored when
/// flipped, turned about its centre and composited *over* what lies below at `opacity`. Cairo's
/// surfaces are premultiplied, so its over operator is the straight-alpha over of the two
/// pictures; nothing outside the turned rectangle is touched, so a transparent picture keeps its
/// alpha there.
final class PictureDrawing: LayerDrawing, @unchecked Sendable {
  // Immutable after creation; the image is only read as a source.
  let image: RasterImage
  /// Where the picture is drawn, unturned, in output pixels.
  let place: ImageRect
  /// Radians, clockwise on the screen, about the rectangle's centre.
  let angle: Double
  let opacity: Double
  let isFlipped: Bool
  /// Where drawing stops besides the rectangle: the picture, in Band and Poster.
  let clip: ImageRect?

  init(
    _ image: RasterImage, place: ImageRect, angle: Double, opacity: Double, isFlipped: Bool, clip: ImageRect?
  ) {
    self.image = image
    self.place = place
    self.angle = angle
    self.opacity = opacity
    self.isFlipped = isFlipped
    self.clip = clip
  }

  func draw(on context: OpaquePointer, masks: CaptionMasks?) {
    guard opacity > 0, place.width > 0, place.height > 0, place.width.isFinite, place.height.isFinite else {
      return
    }
    meme_paint_picture(
      context, image.surface, place.x, place.y, place.width, place.height, angle, isFlipped ? 1 : 0, opacity,
      clip == nil ? 0 : 1, clip?.x ?? 0, clip?.y ?? 0, clip?.width ?? 0, clip?.height ?? 0)
  }

  var bounds: ImageRect {
    let turned = place.turnedBounds(radians: angle)
    return clip.map { turned.intersection($0) } ?? turned
  }

  func prepared(imageWidth: Int, imageHeight: Int) -> CaptionMasks? { nil }

  func inkRows(inPictureHeight pictureHeight: Int, masks: CaptionMasks?) -> Range<Int> {
    rows(inPictureHeight: pictureHeight)
  }

  /// A picture is taken to have colour: a greyscale photo with a sticker is encoded whole.
  var drawsOnlyGrey: Bool { false }

  func firstChangedRow(comparedWith other: any LayerDrawing) -> Double? {
    guard let other = other as? PictureDrawing else { return -Double.infinity }
    let same =
      other.image === image && other.place == place && other.angle == angle && other.opacity == opacity
      && other.isFlipped == isFlipped && other.clip == clip
    return same ? nil : -Double.infinity
  }
}
