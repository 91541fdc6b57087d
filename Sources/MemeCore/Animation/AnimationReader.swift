// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeAnimation
import Foundation

/// An animated GIF or WebP read frame by frame: each `nextFrame()` composes the next frame onto
/// `canvas` (disposal, transparency and offsets applied), which is all the pixel memory it holds.
/// Any other picture the loader reads is an animation of one frame.
///
/// The limits are checked from the file's structure (see `AnimationLimits`) before the canvas is
/// made. Not thread-safe: one reader is used by one thread at a time.
public final class AnimationReader {
  public let info: AnimationInfo
  /// The frame last composed; the next call to `nextFrame()` changes it. Draw on a copy.
  public private(set) var canvas: RasterImage
  /// The file's path, which errors name.
  public let name: String
  private let source: Source
  private var decoder: Decoder
  /// The GIF file's bytes, for a writer that keeps its frames as they are coded (`GIFCutOut`); nil
  /// for any other picture.
  var gifFile: FileBytes? {
    if case .gif(let bytes) = source { bytes } else { nil }
  }
  /// What reading it keeps in memory (nil for a still picture, already decoded).
  let memory: AnimationMemory?
  private var framesRead = 0

  private enum Source {
    case gif(FileBytes)
    case webp(FileBytes)
    case still(RasterImage)
  }

  private enum Decoder {
    case gif(OpaquePointer)
    case webp(OpaquePointer)
    case still(done: Bool)
  }

  /// Opens the picture at `url`, checking it against `limits` and `loader`'s pixel limit.
  public init(
    contentsOf url: URL, loader: ImageLoader = ImageLoader(), limits: AnimationLimits = AnimationLimits()
  )
    throws(ImageError)
  {
    name = url.path
    let file = try ImageFile(path: name)
    let head = try file.prefix(16)
    let container = head.withUnsafeBytes { ImageContainer(sniffing: $0) }
    guard container == .gif || container == .webp else {
      let picture = try loader.load(contentsOf: url)
      info = AnimationInfo(
        width: picture.width, height: picture.height, frameCount: 1, playCount: 1,
        mayHaveTransparency: picture.hasAlpha)
      source = .still(picture)
      decoder = .still(done: false)
      canvas = picture
      memory = nil
      return
    }
    let bytes = try file.readAll(limit: loader.fileSizeLimit)
    let scanned = try Self.scan(bytes.bytes, isGIF: container == .gif, limits: limits, name: name)
    let memory = AnimationMemory.reading(scanned, isGIF: container == .gif)
    try limits.check(scanned, maxPixels: loader.maxPixels, memory: memory, name: name)
    self.memory = memory
    info = scanned
    source = container == .gif ? .gif(bytes) : .webp(bytes)
    guard let canvas = RasterImage(width: scanned.width, height: scanned.height, hasAlpha: true) else {
      throw ImageLimits.outOfMemory(width: scanned.width, height: scanned.height, name: name)
    }
    self.canvas = canvas
    decoder = .still(done: true)
    decoder = try Self.makeDecoder(for: source, info: scanned, name: name)
  }

  deinit { Self.release(decoder) }

  /// The structure of the animated GIF or WebP at `url` (nil for any other picture, or one that
  /// cannot be read): whether a still export leaves frames out.
  public static func info(ofImageAt url: URL, limits: AnimationLimits = AnimationLimits()) -> AnimationInfo? {
    guard let file = try? ImageFile(path: url.path), let head = try? file.prefix(16),
      let container = head.withUnsafeBytes({ ImageContainer(sniffing: $0) }),
      container == .gif || container == .webp,
      let bytes = try? file.readAll(limit: ImageLoader().fileSizeLimit)
    else { return nil }
    return try? scan(bytes.bytes, isGIF: container == .gif, limits: limits, name: url.path)
  }

  /// Composes the next frame onto `canvas` and returns its delay in milliseconds as the file gives
  /// it (see `AnimationLimits.playedDelay`), or nil after the last frame.
  public func nextFrame() throws(ImageError) -> Int? {
    guard framesRead < info.frameCount else { return nil }
    var delay: Int32 = 0
    let status: Int32
    switch decoder {
    case .still(let done):
      guard !done else { return nil }
      decoder = .still(done: true)
      framesRead += 1
      return 0
    case .gif(let gif):
      canvas.flush()
      status = meme_gif_decoder_next(gif, canvas.pixels, Int32(canvas.stride), &delay)
      delay *= 10
    case .webp(let webp):
      canvas.flush()
      status = meme_webp_decoder_next(webp, canvas.pixels, Int32(canvas.stride), &delay)
    }
    canvas.markDirty()
    guard status > 0 else {
      // The walk counted only whole frames, so a decoder that stops early found damaged data.
      throw Self.failure(status == 0 ? MEME_ANIMATION_CORRUPT : -Int(status), name: name)
    }
    framesRead += 1
    return Int(delay)
  }

  /// Starts again from the first frame, on a cleared canvas.
  public func rewind() throws(ImageError) {
    framesRead = 0
    if case .still(let picture) = source {
      decoder = .still(done: false)
      canvas = picture
      return
    }
    let old = decoder
    decoder = .still(done: true)
    Self.release(old)
    guard let cleared = RasterImage(width: info.width, height: info.height, hasAlpha: true) else {
      throw ImageLimits.outOfMemory(width: info.width, height: info.height, name: name)
    }
    canvas = cleared
    decoder = try Self.makeDecoder(for: source, info: info, name: name)
  }

  /// Whether any frame has a pixel that is not opaque, found by decoding the frames (only when the
  /// structure allows one, and only until the canvas is opaque when nothing later can change that);
  /// the reader is rewound afterwards. Stops between frames once `cancellation` is set.
  public func hasTransparentPixels(cancellation: Cancellation? = nil) throws(ImageError) -> Bool {
    guard info.mayHaveTransparency else { return false }
    defer { try? rewind() }
    try rewind()
    while try nextFrame() != nil {
      try cancellation?.check(name: name)
      canvas.flush()
      if meme_has_transparency(canvas.pixels, Int32(canvas.stride), Int32(canvas.width), Int32(canvas.height))
        != 0
      {
        return true
      }
      if info.opaqueStaysOpaque { return false }
    }
    return false
  }

  static func scan(
    _ bytes: UnsafeRawBufferPointer, isGIF: Bool, limits: AnimationLimits, name: String
  )
    throws(ImageError) -> AnimationInfo
  {
    var scanned = meme_animation_info()
    let base = bytes.baseAddress
    let maxFrames = Int32(clamping: limits.maxFrames)
    let status = Int(
      isGIF
        ? meme_gif_scan(base, bytes.count, maxFrames, &scanned)
        : meme_webp_scan(base, bytes.count, maxFrames, &scanned))
    guard status == MEME_ANIMATION_OK else {
      if status == MEME_ANIMATION_TOO_MANY_FRAMES {
        throw AnimationLimits.tooManyFrames(limits.maxFrames, name: name)
      }
      throw failure(status, name: name)
    }
    return AnimationInfo(
      width: Int(scanned.width), height: Int(scanned.height), frameCount: Int(scanned.frame_count),
      playCount: Int(scanned.play_count), decodedPixels: Int(clamping: scanned.frame_pixels),
      mayHaveTransparency: scanned.may_have_transparency != 0,
      opaqueStaysOpaque: scanned.opaque_stays_opaque != 0, isTruncated: scanned.truncated != 0)
  }

  private static func makeDecoder(for source: Source, info: AnimationInfo, name: String) throws(ImageError)
    -> Decoder
  {
    var error: Int32 = 0
    switch source {
    case .still: return .still(done: false)
    case .gif(let bytes):
      let base = bytes.bytes.baseAddress
      guard let gif = meme_gif_decoder_new(base, bytes.bytes.count, Int32(info.frameCount), &error) else {
        throw failure(Int(error), name: name)
      }
      return .gif(gif)
    case .webp(let bytes):
      let base = bytes.bytes.baseAddress
      guard
        let webp = meme_webp_decoder_new(
          base, bytes.bytes.count, Int32(info.width), Int32(info.height), Int32(info.frameCount), &error)
      else {
        throw failure(Int(error), name: name)
      }
      return .webp(webp)
    }
  }

  private static func release(_ decoder: Decoder) {
    switch decoder {
    case .gif(let gif): meme_gif_decoder_free(gif)
    case .webp(let webp): meme_webp_decoder_free(webp)
    case .still: break
    }
  }

  static func failure(_ status: Int, name: String) -> ImageError {
    switch status {
    case MEME_ANIMATION_NO_MEMORY:
      ImageError(path: name, kind: .outOfMemory, reason: localized("not enough memory for the animation"))
    case MEME_ANIMATION_NOT_RECOGNISED:
      ImageError(
        path: name, kind: .corrupt, reason: localized("the animation's header is damaged or cut short"))
    default:
      ImageError(
        path: name, kind: .corrupt, reason: localized("the animation is damaged or has no whole frame"))
    }
  }
}
