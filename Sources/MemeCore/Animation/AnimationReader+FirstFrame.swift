// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeAnimation

extension AnimationReader {
  /// The first frame of the GIF or WebP in `bytes` (a still WebP's one picture), for the still
  /// path: an export as PNG or JPEG, thumbnails, icons, a pasted picture.
  ///
  /// It passes the animation reader's own checks (the structure walked, the frame, pixel and memory
  /// limits applied before a pixel is decoded) and is decoded by the same decoders, so a still and
  /// an animated export of a file refuse it, or draw its first frame, alike. Only that frame is
  /// decoded, straight onto one canvas: gdk-pixbuf's loaders, which this replaces, decoded every
  /// frame of an animated WebP into a canvas of its own before any limit (10,000 frames of a 480 KB
  /// file took 24 GB), and were handed every extension block before a GIF's first frame, slower
  /// with each (2,000,000 empty blocks took a minute).
  static func firstFrame(
    of bytes: UnsafeRawBufferPointer, isGIF: Bool, name: String, maxPixels: Int, limits: AnimationLimits
  ) throws(ImageError) -> RasterImage {
    let info = try scan(bytes, isGIF: isGIF, limits: limits, name: name)
    // An animation is held to what reading it takes, as when it is played or exported whole, so that
    // one file is refused or drawn alike on every path; a still picture takes its one canvas.
    let memory: AnimationMemory = info.isAnimated ? .reading(info, isGIF: isGIF) : .firstFrame(info)
    try limits.check(info, maxPixels: maxPixels, memory: memory, name: name)
    guard let canvas = RasterImage(width: info.width, height: info.height, hasAlpha: true) else {
      throw ImageLimits.outOfMemory(width: info.width, height: info.height, name: name)
    }
    canvas.flush()
    let status: Int32
    if isGIF {
      var error: Int32 = 0
      guard let gif = meme_gif_decoder_new(bytes.baseAddress, bytes.count, 1, &error) else {
        throw failure(Int(error), name: name)
      }
      defer { meme_gif_decoder_free(gif) }
      var delay: Int32 = 0
      status = meme_gif_decoder_next(gif, canvas.pixels, Int32(canvas.stride), &delay)
    } else {
      status = meme_webp_first_frame(
        bytes.baseAddress, bytes.count, canvas.pixels, Int32(canvas.stride), Int32(info.width),
        Int32(info.height))
    }
    canvas.markDirty()
    // A still WebP cut short is refused, as a cut JPEG or PNG is: its one picture is not whole. (A
    // GIF's frames are counted only when whole, and an animation cut short keeps those.)
    let cutStill = info.isTruncated && !isGIF && canvasSize(ofHead: bytes, isGIF: false)?.animated == false
    guard status > 0, !cutStill else {
      if info.isTruncated {
        throw ImageError(path: name, kind: .corrupt, reason: localized("file is truncated"))
      }
      throw failure(status == 0 ? MEME_ANIMATION_CORRUPT : -Int(status), name: name)
    }
    let translucent =
      meme_has_transparency(canvas.pixels, Int32(canvas.stride), Int32(canvas.width), Int32(canvas.height))
      != 0
    // An opaque first frame is an opaque picture: a JPEG of it needs no background.
    canvas.hasAlpha = translucent
    // An animation cut after its first frame gives that frame whole: nothing to warn of in a still
    // picture (the animated export says the animation is cut short).
    return canvas
  }

  /// The canvas size of the GIF or WebP whose first bytes are `head` (enough for the WebP's first
  /// chunk), and whether it may be animated (a GIF always may), or nil when they are too few or not
  /// laid out as one.
  static func canvasSize(ofHead head: UnsafeRawBufferPointer, isGIF: Bool) -> (
    width: Int, height: Int, animated: Bool
  )? {
    if isGIF {
      // The logical screen descriptor follows the 6-byte signature: width and height, little-endian.
      guard head.count >= 10 else { return nil }
      return (Int(head[6]) | Int(head[7]) << 8, Int(head[8]) | Int(head[9]) << 8, true)
    }
    var width: Int32 = 0
    var height: Int32 = 0
    var animated: Int32 = 0
    guard meme_webp_features(head.baseAddress, head.count, &width, &height, &animated) == MEME_ANIMATION_OK
    else { return nil }
    return (Int(width), Int(height), animated != 0)
  }
}
