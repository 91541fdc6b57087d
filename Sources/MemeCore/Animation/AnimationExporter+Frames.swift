// SPDX-License-Identifier: GPL-3.0-or-later

extension AnimationExporter {
  /// Writes frames another module makes (a video's, captioned by the same `FrameCaptioner`) to
  /// `destination` as a GIF or WebP, through the one path every animated export takes (`write`):
  /// the same encoders, the same size limit (`AnimationFitter`, whose fit is returned, nil without a
  /// limit) and the same atomic write. `frames` hands each finished, opaque frame of `width` ×
  /// `height` with its delay in milliseconds to its body, in order; `frameCount` is how many it
  /// will hand (at most), for the size limit's memory. The file plays `playCount` times (0: for ever).
  public static func export(
    frames: ((RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) -> Void, width: Int,
    height: Int,
    frameCount: Int, playCount: Int, drawing captions: MemeCaptions, to destination: ImageDestination,
    as format: AnimationFormat, limits: AnimationLimits = AnimationLimits(), description: String? = nil,
    sizeLimit: Int? = nil, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationFit? {
    try ImageWriter.checkDestination(destination)
    return try write(
      frames, width: width, height: height, frameCount: frameCount, playCount: playCount, transparent: false,
      as: format, palettes: GIFPalettes(drawing: captions.effects), to: destination, limits: limits,
      description: description, sizeLimit: sizeLimit, cancellation: cancellation)
  }
}
