// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

/// PNG, BMP and TIFF, through gdk-pixbuf's loaders fed from memory (never by path, so the file
/// checks made before reading cannot be raced by a swapped-in FIFO). JPEG has a decoder of its own,
/// and GIF and WebP go through the animation reader's (`AnimationReader.firstFrame`).
enum PixbufDecoder {
  static func decode(
    _ bytes: UnsafeRawBufferPointer, container: ImageContainer, name: String, maxPixels: Int
  ) throws(ImageError) -> RasterImage {
    let structureProblem: String? =
      switch container {
      case .png: PNGStructure.problem(in: bytes)
      case .bmp: BMPStructure.problem(in: bytes)
      case .tiff: TruncationCheck.problem(in: bytes, container: container)
      default: nil
      }
    if let structureProblem {
      throw ImageError(path: name, kind: .corrupt, reason: structureProblem)
    }
    let session = try LoaderSession(container: container, name: name, maxPixels: maxPixels, headerOnly: false)
    var writeError: String?
    for piece in FirstPicture.pieces(of: bytes, container: container) ?? [bytes] where writeError == nil {
      writeError = session.write(piece)
    }
    let closeError = session.close()
    return try picture(
      of: session, failure: writeError ?? closeError, displayName: container.displayName, name: name)
  }

  /// An SVG drawn by librsvg at the size it states (a sticker, see `SVGSticker`), refused from that
  /// size, before any pixel is allocated, when it is over `maxPixels`.
  static func decodeSVG(_ bytes: UnsafeRawBufferPointer, name: String, maxPixels: Int) throws(ImageError)
    -> RasterImage
  {
    let session = try LoaderSession(
      loaderName: "svg", displayName: "SVG", name: name, maxPixels: maxPixels, headerOnly: false)
    let failure = session.write(bytes) ?? session.close()
    return try picture(of: session, failure: failure, displayName: "SVG", name: name)
  }

  /// What `session` loaded, upright, once its data is written and closed with `failure` (the
  /// loader's complaint, if any): a size over the limit and a complaint fail first.
  private static func picture(of session: LoaderSession, failure: String?, displayName: String, name: String)
    throws(ImageError) -> RasterImage
  {
    if session.probe.pointee.refused != 0 {
      try ImageLimits.check(
        width: Int(session.probe.pointee.width), height: Int(session.probe.pointee.height),
        maxPixels: Int(session.probe.pointee.max_pixels), name: name)
    }
    if let failure {
      throw ImageError(
        path: name, kind: .corrupt,
        reason: String(format: localized("corrupt %@ image: %@"), displayName, failure))
    }
    guard let loaded = gdk_pixbuf_loader_get_pixbuf(session.loader) else {
      throw ImageError(path: name, kind: .corrupt, reason: localized("file is truncated"))
    }
    // The TIFF loader records the orientation tag as an option; this applies it (and gives a
    // reference of its own: the loader keeps its pixbuf).
    guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else {
      throw ImageLimits.outOfMemory(
        width: Int(gdk_pixbuf_get_height(loaded)), height: Int(gdk_pixbuf_get_width(loaded)), name: name)
    }
    return try rasterImage(adopting: upright, name: name)
  }

  /// Width and height as the header states them (before orientation), reading as little as
  /// possible: `readMore` appends the next piece of the file and returns false at its end.
  static func headerSize(
    container: ImageContainer, name: String, readMore: (inout [UInt8]) throws(ImageError) -> Bool
  ) throws(ImageError) -> (width: Int, height: Int) {
    let session = try LoaderSession(container: container, name: name, maxPixels: .max, headerOnly: true)
    var bytes: [UInt8] = []
    var failure: String?
    while session.probe.pointee.width == 0, failure == nil {
      let written = bytes.count
      guard try readMore(&bytes) else { break }
      // The first piece holds a BMP's headers and palette, which the loader must not see unchecked.
      if written == 0, container == .bmp, let problem = bytes.withUnsafeBytes(BMPStructure.problem(in:)) {
        throw ImageError(path: name, kind: .corrupt, reason: problem)
      }
      failure = bytes.withUnsafeBytes { session.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
    }
    _ = session.close()
    guard session.probe.pointee.width > 0 else {
      let reason =
        failure.map { String(format: localized("corrupt %@ image: %@"), container.displayName, $0) }
        ?? localized("file is truncated")
      throw ImageError(path: name, kind: .corrupt, reason: reason)
    }
    return (Int(session.probe.pointee.width), Int(session.probe.pointee.height))
  }

  /// Converts a pixbuf's straight RGB(A) to premultiplied native-endian ARGB32, consuming the
  /// caller's reference. Four-channel pixbufs are converted in place and drawn on directly (the
  /// surface keeps the pixbuf alive); three-channel ones are copied into a new surface.
  private static func rasterImage(adopting pixbuf: OpaquePointer, name: String)
    throws(ImageError) -> RasterImage
  {
    let width = Int(gdk_pixbuf_get_width(pixbuf))
    let height = Int(gdk_pixbuf_get_height(pixbuf))
    let rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    do throws(ImageError) {
      try ImageLimits.checkSides(width: width, height: height, name: name)
    } catch {
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
      throw error
    }
    // gdk_pixbuf_get_pixels makes the pixels private to this pixbuf if they were shared bytes.
    let source = gdk_pixbuf_get_pixels(pixbuf)!
    guard channels == 4 else {
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      guard let image = RasterImage(width: width, height: height, hasAlpha: false) else {
        throw ImageLimits.outOfMemory(width: width, height: height, name: name)
      }
      for y in 0..<height {
        let from = source + y * rowStride
        // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels; a 3-channel pixbuf row
        // holds 3 × `width` bytes.
        let to = UnsafeMutableRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
          let pixel = from + x * 3
          to[x] = 0xFF00_0000 | UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
        }
      }
      image.markDirty()
      return image
    }
    var translucent = false
    for y in 0..<height {
      // SAFETY: 4-channel pixbuf rows are 4-byte aligned (the rowstride is a multiple of 4).
      let row = UnsafeMutableRawPointer(source + y * rowStride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        // The loaded word holds bytes R, G, B, A; as a little-endian number that is 0xAABBGGRR.
        let word = UInt32(littleEndian: row[x])
        let alpha = word >> 24
        if alpha == 255 {
          row[x] = 0xFF00_0000 | (word & 0xFF) << 16 | (word & 0xFF00) | (word >> 16 & 0xFF)
        } else {
          translucent = true
          row[x] =
            alpha << 24 | premultiply(word & 0xFF, alpha) << 16 | premultiply(word >> 8 & 0xFF, alpha) << 8
            | premultiply(word >> 16 & 0xFF, alpha)
        }
      }
    }
    guard let surface = meme_surface_adopting_pixbuf(pixbuf) else {
      throw ImageLimits.outOfMemory(width: width, height: height, name: name)
    }
    return RasterImage(adopting: surface, hasAlpha: translucent)
  }

  /// round(channel × alpha / 255) without a division.
  @inline(__always)
  private static func premultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt32 {
    let product = channel * alpha + 128
    return (product + (product >> 8)) >> 8
  }
}

/// One GdkPixbufLoader with a size probe attached, for a single image.
private final class LoaderSession {
  let loader: UnsafeMutablePointer<GdkPixbufLoader>
  /// Heap-allocated because the loader's signal handler writes to it until the loader is gone.
  let probe: UnsafeMutablePointer<meme_size_probe>
  private var closed = false

  convenience init(container: ImageContainer, name: String, maxPixels: Int, headerOnly: Bool)
    throws(ImageError)
  {
    try self.init(
      loaderName: container.pixbufLoaderName, displayName: container.displayName, name: name,
      maxPixels: maxPixels, headerOnly: headerOnly)
  }

  init(loaderName: String, displayName: String, name: String, maxPixels: Int, headerOnly: Bool)
    throws(ImageError)
  {
    var error: UnsafeMutablePointer<GError>?
    guard let loader = gdk_pixbuf_loader_new_with_type(loaderName, &error) else {
      g_clear_error(&error)
      throw ImageError(
        path: name, kind: .unsupported,
        reason: String(
          format: localized("%@ images cannot be read: the gdk-pixbuf loader is not installed"), displayName))
    }
    self.loader = loader
    probe = .allocate(capacity: 1)
    probe.initialize(
      to: meme_size_probe(
        width: 0, height: 0, max_pixels: Int64(maxPixels), header_only: headerOnly ? 1 : 0, refused: 0))
    meme_pixbuf_loader_watch_size(loader, probe)
  }

  deinit {
    _ = close()
    g_object_unref(loader)
    probe.deallocate()
  }

  /// Feeds data; returns the loader's complaint, if any.
  func write(_ bytes: UnsafeRawBufferPointer) -> String? {
    guard !bytes.isEmpty else { return nil }
    var error: UnsafeMutablePointer<GError>?
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if gdk_pixbuf_loader_write(loader, base, gsize(bytes.count), &error) != 0 { return nil }
    return LoaderSession.consume(&error)
  }

  /// Ends the data; returns the loader's complaint (e.g. about truncated data), if any.
  func close() -> String? {
    guard !closed else { return nil }
    closed = true
    var error: UnsafeMutablePointer<GError>?
    if gdk_pixbuf_loader_close(loader, &error) != 0 { return nil }
    return LoaderSession.consume(&error)
  }

  private static func consume(_ error: inout UnsafeMutablePointer<GError>?) -> String {
    defer { g_clear_error(&error) }
    guard let message = error?.pointee.message else { return localized("unknown error") }
    // Errors are shown as one line.
    return String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
