// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeAnimation
import Foundation

/// Writes an animation one frame at a time, handing its bytes on as soon as they exist.
final class AnimationEncoder {
  private enum Coder {
    case gif(OpaquePointer)
    case webp(OpaquePointer)
  }

  /// How far (per channel, 0...255) a GIF pixel may be from what the previous frames show and be left
  /// as it is: under the palette's own error, so no drift is visible, and enough to leave a
  /// re-dithered but unchanged background out of the file.
  static let gifTolerance: Int32 = 3

  /// Threads that quantise GIF frames beside the one decoding, drawing and writing them: one more
  /// than the processors (a frame is then ready whenever a processor is free; 6% quicker than one a
  /// processor on the animation benchmark's large clip, two cores), up to four, and no more than
  /// keeps their frames within 128 MB (each holds a frame's RGBA and indices); none on one processor.
  static func gifWorkers(width: Int, height: Int) -> Int {
    let processors = ProcessInfo.processInfo.activeProcessorCount
    guard processors > 1 else { return 0 }
    let framesInMemory = max(1, 128 << 20 / max(1, width * height * 5))
    return max(0, min(processors + 1, 4, framesInMemory - 1))
  }

  /// The memory `gifWorkers(width:height:)` workers hold: a frame each (straight RGBA and a palette
  /// index a pixel) and libimagequant's working memory for it (its image, histogram, and the
  /// dithering's error rows and remapped pixels), 24 bytes a pixel in all, above what noise takes.
  static func gifWorkerBytes(width: Int, height: Int) -> Int {
    gifWorkers(width: width, height: height) * width * height * 24
  }

  /// The most plays a WebP can say (a 16-bit count); a GIF that repeats 65,535 times plays 65,536.
  static let maximumWebPPlayCount = 65535

  private let coder: Coder
  private let name: String

  /// An encoder of `width` × `height` frames. `transparent` says whether a frame may have transparent
  /// pixels (a GIF then writes every frame whole). `description`, when it has text, goes into the
  /// file as its alt text (see `DescriptionMetadata`). `gifQuality` is libimagequant's highest
  /// quality for a GIF's palettes (below 100, fewer colours; see `AnimationFitter`), and
  /// `gifPalettes` how they are made. `gifWorkers` overrides `gifWorkers(width:height:)`.
  init(
    format: AnimationFormat, width: Int, height: Int, playCount: Int, transparent: Bool,
    description: String? = nil, gifQuality: Int = 100, gifPalettes: GIFPalettes = .smooth,
    gifWorkers: Int? = nil, name: String
  ) throws(ImageError) {
    self.name = name
    var error: Int32 = 0
    switch format {
    case .gif:
      guard
        let gif = meme_gif_encoder_new(
          Int32(width), Int32(height), Int32(clamping: playCount), transparent ? 1 : 0, Self.gifTolerance,
          gifPalettes.dithering, gifPalettes.speed, Int32(clamping: gifQuality),
          Int32(gifWorkers ?? Self.gifWorkers(width: width, height: height)),
          &error)
      else { throw Self.failure(Int(error), name: name) }
      coder = .gif(gif)
    case .webp(let lossless, let quality):
      guard
        let webp = meme_webp_encoder_new(
          Int32(width), Int32(height), Int32(min(playCount, Self.maximumWebPPlayCount)), lossless ? 1 : 0,
          Float(quality), &error)
      else { throw Self.failure(Int(error), name: name) }
      coder = .webp(webp)
    }
    if let packet = DescriptionMetadata.xmpPacket(description) {
      let status =
        switch coder {
        case .gif(let gif): meme_gif_encoder_add_xmp(gif, packet, packet.count)
        case .webp(let webp): meme_webp_encoder_set_xmp(webp, packet, packet.count)
        }
      guard Int(status) == MEME_ANIMATION_OK else { throw Self.failure(Int(status), name: name) }
    }
  }

  deinit {
    switch coder {
    case .gif(let gif): meme_gif_encoder_free(gif)
    case .webp(let webp): meme_webp_encoder_free(webp)
    }
  }

  /// Encodes `frame`, shown for `delay` milliseconds, and passes on the bytes written so far.
  func add(_ frame: RasterImage, delay: Int, to sink: inout some ByteSink) throws(ImageError) {
    frame.flush()
    let status: Int32
    switch coder {
    case .gif(let gif):
      // GIF counts in hundredths of a second.
      let centiseconds = Int32(clamping: (max(0, delay) + 5) / 10)
      status = meme_gif_encoder_add(gif, frame.pixels, Int32(frame.stride), min(centiseconds, 65535))
    case .webp(let webp):
      status = meme_webp_encoder_add(webp, frame.pixels, Int32(frame.stride), Int32(clamping: max(0, delay)))
    }
    guard Int(status) == MEME_ANIMATION_OK else { throw Self.failure(Int(status), name: name) }
    try drain(to: &sink)
  }

  /// Ends the file and passes on its last bytes (all of them, for WebP, assembled at the end).
  func finish(to sink: inout some ByteSink) throws(ImageError) {
    switch coder {
    case .gif(let gif):
      let status = meme_gif_encoder_finish(gif)
      guard Int(status) == MEME_ANIMATION_OK else { throw Self.failure(Int(status), name: name) }
      try drain(to: &sink)
    case .webp(let webp):
      var bytes: UnsafePointer<UInt8>?
      var count = 0
      let status = meme_webp_encoder_finish(webp, &bytes, &count)
      guard Int(status) == MEME_ANIMATION_OK else { throw Self.failure(Int(status), name: name) }
      try sink.write(UnsafeRawBufferPointer(start: bytes, count: count))
    }
  }

  private func drain(to sink: inout some ByteSink) throws(ImageError) {
    guard case .gif(let gif) = coder else { return }
    var count = 0
    let bytes = meme_gif_encoder_take(gif, &count)
    if count > 0 { try sink.write(UnsafeRawBufferPointer(start: bytes, count: count)) }
  }

  static func failure(_ status: Int, name: String) -> ImageError {
    status == MEME_ANIMATION_NO_MEMORY
      ? ImageError(path: name, kind: .outOfMemory, reason: localized("not enough memory for the animation"))
      : ImageError(path: name, kind: .writeFailed, reason: localized("the animation could not be encoded"))
  }
}
