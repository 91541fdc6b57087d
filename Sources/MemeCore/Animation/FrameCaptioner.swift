// SPDX-License-Identifier: GPL-3.0-or-later

/// Makes the meme of each frame of a moving picture, an animation or a video: the frame cut and
/// turned, framed and captioned by the one drawing path. The captions are laid out and traced once
/// (`PreparedCaptions`) and drawn onto every frame; animated layers (stickers) are laid out again
/// at each frame's moment.
public struct FrameCaptioner {
  let transform: PictureTransform
  /// The picture's size in the output (after the transform and any width asked for).
  let pictureSize: (width: Int, height: Int)
  private let prepared: PreparedCaptions
  private var drawn: PreparedCaptions
  private let animatesLayers: Bool

  /// For frames of `pictureSize` once `transform` has cut and turned them; `animatesLayers` when an
  /// animated layer is drawn at each frame's moment.
  init(
    _ captions: MemeCaptions, pictureSize: (width: Int, height: Int), transform: PictureTransform,
    animatesLayers: Bool
  ) {
    self.transform = transform
    self.pictureSize = pictureSize
    prepared = PreparedCaptions(captions, imageWidth: pictureSize.width, imageHeight: pictureSize.height)
    drawn = prepared
    self.animatesLayers = animatesLayers
  }

  /// For the frames of a video of `sourceWidth` × `sourceHeight`: `transform` applies to each, then
  /// the picture is scaled to `width` pixels wide when given (a GIF of a video); the animated layers
  /// play along. A bubble cut out of the picture is filled white, since a video has no transparency.
  public init(
    _ captions: MemeCaptions, sourceWidth: Int, sourceHeight: Int, transform: PictureTransform = .identity,
    width: Int? = nil
  ) {
    var size = transform.outputSize(sourceWidth: sourceWidth, sourceHeight: sourceHeight)
    if let width, width != size.width {
      size = (
        width, max(1, Int(saturating: (Double(width) * Double(size.height) / Double(size.width)).rounded()))
      )
    }
    self.init(
      captions.withCutOutsFilledWhite, pictureSize: size, transform: transform,
      animatesLayers: captions.hasAnimatedLayers)
  }

  /// The meme's layout (the first frame's, for the animated layers).
  public var layout: MemeLayout { prepared.layout }
  /// The output's size, which the picture's size and the layout make.
  public var outputWidth: Int { prepared.layout.frame.width }
  public var outputHeight: Int { prepared.layout.frame.height }

  /// The meme of `source` (a frame at the source's size) as at `time` milliseconds into the moving
  /// picture; nil when out of memory. With `drawingOnSource`, a frame the transform leaves as it is
  /// is captioned in place (a video's decoded frame, which nothing else reads); otherwise `source`
  /// stays as it was (an animation's canvas, over which the next frame is decoded).
  public mutating func caption(_ source: RasterImage, at time: Int, drawingOnSource: Bool = false)
    -> RasterImage?
  {
    let inPlace =
      drawingOnSource && transform.isIdentity && source.width == pictureSize.width
      && source.height == pictureSize.height
    guard
      let picture = inPlace
        ? source : transform.render(source, outputWidth: pictureSize.width, outputHeight: pictureSize.height),
      let output = prepared.layout.frame.compose(picture)
    else { return nil }
    if animatesLayers { drawn = drawn.at(time: time) }
    drawn.draw(onto: output)
    return output
  }

  /// The meme as one picture to lay over every frame, drawn once: its captions and layers on a
  /// transparent picture, when they draw over the picture without reading it (Classic, the picture
  /// neither cut nor turned, no effects, nothing hidden, no animated layer). Nil otherwise: each
  /// frame is then captioned whole (`caption(_:at:)`). Laid over a frame, it gives the pixels
  /// `caption(_:at:)` would, drawn by the same code.
  public func overlay() -> RasterImage? {
    let layout = prepared.layout
    guard layout.frame.isPictureOnly, transform.isIdentity, !animatesLayers,
      !layout.captions.effects.changesPicture, !layout.layers.contains(where: \.changesPicture),
      let overlay = RasterImage(width: pictureSize.width, height: pictureSize.height, hasAlpha: true)
    else { return nil }
    prepared.draw(onto: overlay)
    return overlay
  }
}
