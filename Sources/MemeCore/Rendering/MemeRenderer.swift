// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch
import Foundation

/// Draws captions onto images: the single rendering path behind export, thumbnails and the
/// command line. The editor canvas draws the same `MemeLayout`, scaled.
public enum MemeRenderer {
  /// Draws Classic `captions` onto `image` in place, at the image's own pixel size (Band and Poster
  /// make a larger output: see `render(_:picture:)`).
  @discardableResult
  public static func render(_ captions: MemeCaptions, onto image: RasterImage) -> MemeLayout {
    precondition(!captions.layout.drawsAroundPicture, "only Classic draws on the picture in place")
    let prepared = PreparedCaptions(captions, imageWidth: image.width, imageHeight: image.height)
    prepared.draw(onto: image)
    return prepared.layout
  }

  /// The meme made from `picture` at the picture's own pixel size: for Classic the captions drawn
  /// onto `picture` in place (it is returned), for Band and Poster a larger output holding the
  /// picture unchanged; `nil` when out of memory.
  public static func render(_ captions: MemeCaptions, picture: RasterImage) -> (
    output: RasterImage, layout: MemeLayout
  )? {
    let prepared = PreparedCaptions(captions, imageWidth: picture.width, imageHeight: picture.height)
    guard let output = prepared.layout.frame.compose(picture) else { return nil }
    prepared.draw(onto: output)
    return (output, prepared.layout)
  }

  /// A captioned copy of `image`, cut and turned by `transform`, leaving the original as it was;
  /// `nil` when out of memory. The captions are laid out on the transformed picture.
  public static func rendered(
    _ captions: MemeCaptions, image: RasterImage, transform: PictureTransform = .identity
  ) -> RasterImage? {
    renderedWithLayout(captions, image: image, transform: transform)?.output
  }

  /// `rendered(_:image:transform:)`, with the layout it drew (the font, and what did not fit).
  public static func renderedWithLayout(
    _ captions: MemeCaptions, image: RasterImage, transform: PictureTransform = .identity
  ) -> (output: RasterImage, layout: MemeLayout)? {
    // Band and Poster compose a new output, so the picture needs no copy of its own.
    let framed = captions.layout.drawsAroundPicture
    let picture = transform.isIdentity ? (framed ? image : image.copy()) : transform.render(image)
    guard let picture else { return nil }
    return render(captions, picture: picture)
  }
}

/// Captions laid out and traced for an image of a known size, before its pixels exist: an export
/// prepares them while the picture is still decoding.
struct PreparedCaptions {
  let layout: MemeLayout
  /// The outlines and glyphs drawn ahead, one per drawing (`nil` where the caption is drawn plainly).
  let masks: [CaptionMasks?]

  /// Lays the captions out and draws their outlines and glyphs into masks (see `CaptionMasks`),
  /// each caption on its own core. With `stop`, one caption after the other on this thread until `stop` says so: an export
  /// prepares them on this core while the other decodes the picture, and leaves what is left when
  /// the decoder is done to `draw(onto:)`, which has both cores. Every export strokes through the
  /// masks, whenever they are made, so the command line, the share targets and thumbnails write the
  /// same pixels.
  init(_ captions: MemeCaptions, imageWidth: Int, imageHeight: Int, until stop: (() -> Bool)? = nil) {
    layout = MemeLayout(captions: captions, imageWidth: imageWidth, imageHeight: imageHeight)
    let drawings = layout.drawings
    // The texts are drawn on the output, which is larger than the picture for Band and Poster.
    let (imageWidth, imageHeight) = (layout.outputWidth, layout.outputHeight)
    if let stop {
      var masks: [CaptionMasks?] = []
      for drawing in drawings {
        guard !stop() else { break }
        masks.append(Self.prepare(drawing, imageWidth: imageWidth, imageHeight: imageHeight))
      }
      self.masks = masks + Array(repeating: nil, count: drawings.count - masks.count)
    } else {
      // Each core prepares its own caption and files it under its index (`Locked`, not `Mutex`, so
      // that ThreadSanitizer sees the writes ordered).
      let prepared = Locked<[Int: CaptionMasks]>([:])
      DispatchQueue.concurrentPerform(iterations: drawings.count) { index in
        let mask = Self.prepare(drawings[index], imageWidth: imageWidth, imageHeight: imageHeight)
        prepared.withLock { $0[index] = mask }
      }
      masks = prepared.withLock { prepared in drawings.indices.map { prepared[$0] } }
    }
  }

  /// What `drawing` does ahead at image size (see `LayerDrawing.prepared`).
  static func prepare(_ drawing: any LayerDrawing, imageWidth: Int, imageHeight: Int) -> CaptionMasks? {
    drawing.prepared(imageWidth: imageWidth, imageHeight: imageHeight)
  }

  /// Whether these captions were prepared for a picture of `picture`'s size.
  func fits(_ picture: RasterImage) -> Bool {
    layout.imageWidth == picture.width && layout.imageHeight == picture.height
  }

  /// Draws the captions onto `image`, the output (see `MemeFrame.compose(_:)`) of the picture size
  /// they were prepared for.
  ///
  /// The hidden areas are hidden first and the effects drawn on the picture (see `PictureEffects`)
  /// before the captions, unless deep-fry is to fry them too: then it comes last, over everything.
  func draw(onto image: RasterImage) {
    precondition(
      layout.outputWidth == image.width && layout.outputHeight == image.height,
      "captions prepared for another image size")
    let drawings = layout.drawings
    let masks = masks
    let (width, height) = (image.width, image.height)
    // A caption not prepared ahead is prepared now, on the core that draws it.
    let draw = { @Sendable (index: Int) in
      let mask = masks[index] ?? Self.prepare(drawings[index], imageWidth: width, imageHeight: height)
      drawings[index].draw(onRowsOf: image, masks: mask)
    }
    image.flush()
    let effects = layout.captions.effects
    // The hidden areas come first in drawing order; with effects they are hidden before the
    // effects are drawn on what they left.
    let hiding = effects.changesPicture ? drawings.prefix { $0 is HidingDrawing }.count : 0
    for index in 0..<hiding { draw(index) }
    if effects.changesPicture {
      let frame = layout.frame
      effects.drawUnderCaptions(
        on: PixelBuffer(
          image, x: frame.pictureX, y: frame.pictureY, width: frame.pictureWidth, height: frame.pictureHeight)
      )
    }
    // Filling a caption at export size touches millions of pixels; the bands never overlap, so
    // each is drawn on its own core (unless the picture is so low that they share a row).
    let rest = Array(drawings[hiding...])
    if rest.shareRows(in: image) {
      for index in rest.indices { draw(hiding + index) }
    } else {
      DispatchQueue.concurrentPerform(iterations: rest.count) { draw(hiding + $0) }
    }
    effects.drawOverCaptions(on: PixelBuffer(image))
    // A bubble cut out of the picture leaves transparent pixels: a JPEG flattens them on white.
    if layout.cutsOutOfPicture { image.hasAlpha = true }
    image.markDirty()
  }
}
