// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// Thumbnail textures for the List and the Grid.
///
/// Files are decoded off the main thread (newest request first, so the rows on screen come before
/// rows scrolled past) and the textures kept in a small least-recently-used cache: scrolling never
/// waits for a file, and memory stays bounded with thousands of memes. A meme whose thumbnail file
/// is missing gets a new one made from its rendered image; with neither, it shows a placeholder.
final class ThumbnailCache {
  enum Thumbnail {
    /// `GdkTexture *`, owned by the cache (a picture showing it takes its own reference).
    case texture(OpaquePointer)
    case missing
  }

  let capacity: Int
  private let loader: ThumbnailLoader
  private var cached: [Int64: (thumbnail: Thumbnail, lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0
  private var waiters: [Int64: [ObjectIdentifier: (Thumbnail) -> Void]] = [:]
  /// Called when a thumbnail file was made again, with the meme's new details.
  var onThumbnailReplaced: (SentMeme) -> Void = { _ in }

  /// - Parameter pixelWidth: how wide textures are made: the largest frame's width in pixels.
  init(store: SentMemeStore, pixelWidth: Int, capacity: Int = 400) {
    self.capacity = capacity
    loader = ThumbnailLoader(store: store, pixelWidth: pixelWidth)
  }

  isolated deinit {
    for entry in cached.values {
      if case .texture(let texture) = entry.thumbnail { g_object_unref(texture.raw) }
    }
  }

  var cachedCount: Int { cached.count }

  /// Calls `deliver` with the meme's thumbnail: at once when cached, otherwise once loaded (unless
  /// `cancel` is called first). One request per `client` at a time.
  func request(_ meme: SentMeme, for client: AnyObject, deliver: @escaping (Thumbnail) -> Void) {
    if let entry = cached[meme.id] {
      clock += 1
      cached[meme.id]?.lastUse = clock
      deliver(entry.thumbnail)
      return
    }
    let isFirst = waiters[meme.id] == nil
    waiters[meme.id, default: [:]][ObjectIdentifier(client)] = deliver
    guard isFirst else { return }
    loader.enqueue(meme) { [weak self] result in self?.finish(result) }
  }

  /// Forgets `client`'s request (its row was recycled); the file is not read if nobody wants it.
  func cancel(_ id: Int64, for client: AnyObject) {
    guard var clients = waiters[id] else { return }
    clients[ObjectIdentifier(client)] = nil
    if clients.isEmpty {
      waiters[id] = nil
      loader.dequeue(id)
    } else {
      waiters[id] = clients
    }
  }

  private func finish(_ result: ThumbnailLoader.Result) {
    let thumbnail: Thumbnail =
      result.textureAddress.flatMap { OpaquePointer(bitPattern: $0) }.map { .texture($0) } ?? .missing
    if let replaced = result.replacedMeme { onThumbnailReplaced(replaced) }
    clock += 1
    if case .texture(let old) = cached[result.id]?.thumbnail { g_object_unref(old.raw) }
    cached[result.id] = (thumbnail, clock)
    evictIfNeeded()
    let clients = waiters.removeValue(forKey: result.id) ?? [:]
    for deliver in clients.values { deliver(thumbnail) }
  }

  private func evictIfNeeded() {
    while cached.count > capacity, let oldest = cached.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      if case .texture(let texture) = oldest.value.thumbnail { g_object_unref(texture.raw) }
      cached[oldest.key] = nil
    }
  }
}

/// The background side of `ThumbnailCache`: a stack of wanted thumbnails and one worker thread that
/// decodes them, newest first. One worker leaves the other core to the UI.
nonisolated final class ThumbnailLoader: @unchecked Sendable {
  struct Result: Sendable {
    let id: Int64
    /// A `GdkTexture *` (one reference, for the cache), or nil when no thumbnail could be had.
    let textureAddress: UInt?
    let replacedMeme: SentMeme?
  }

  private struct Job {
    let meme: SentMeme
    let completion: @Sendable @MainActor (Result) -> Void
  }

  private let store: SentMemeStore
  private let pixelWidth: Int
  // Guards `jobs` and `isRunning`; the worker never holds it while decoding.
  private let lock = NSLock()
  private var jobs: [Job] = []
  private var isRunning = false

  init(store: SentMemeStore, pixelWidth: Int) {
    self.store = store
    self.pixelWidth = pixelWidth
  }

  func enqueue(_ meme: SentMeme, completion: @escaping @Sendable @MainActor (Result) -> Void) {
    let start = lock.withLock {
      jobs.append(Job(meme: meme, completion: completion))
      defer { isRunning = true }
      return !isRunning
    }
    if start { DispatchQueue.global(qos: .userInitiated).async { self.work() } }
  }

  func dequeue(_ id: Int64) {
    lock.withLock { jobs.removeAll { $0.meme.id == id } }
  }

  private func work() {
    while let job = lock.withLock({ () -> Job? in
      guard let job = jobs.popLast() else {
        isRunning = false
        return nil
      }
      return job
    }) {
      let result = load(job.meme)
      let completion = job.completion
      MainLoop.post { completion(result) }
    }
  }

  private func load(_ meme: SentMeme) -> Result {
    if let texture = texture(at: meme.thumbnailURL) {
      return Result(id: meme.id, textureAddress: texture, replacedMeme: nil)
    }
    // The thumbnail file is gone or unreadable: make a new one from the rendered meme.
    guard let png = try? SentMemeDraftMaker.thumbnailPNG(ofImageAt: meme.renderedImageURL),
      let replaced = try? store.replaceThumbnail(id: meme.id, with: .png(Data(png))),
      let texture = texture(at: replaced.thumbnailURL)
    else { return Result(id: meme.id, textureAddress: nil, replacedMeme: nil) }
    return Result(id: meme.id, textureAddress: texture, replacedMeme: replaced)
  }

  /// Decodes a small image file into a texture of the frames' shape, `pixelWidth` wide, with the
  /// whole meme fitted and centred in it (GdkTextures are immutable, so one made on this thread can
  /// be drawn on the main thread).
  ///
  /// Every thumbnail having the frames' shape keeps rows and tiles the same size whatever the
  /// memes' shapes (a picture asks for its paintable's aspect ratio), and a texture at the tile's
  /// own pixel size is drawn without resampling, which keeps scrolling cheap. The meme is fitted,
  /// never cropped: its captions sit at its top and bottom edges, the first thing a crop would cut.
  private func texture(at url: URL) -> UInt? {
    guard let image = try? ImageLoader().load(contentsOf: url) else { return nil }
    let width = pixelWidth
    let height = max(1, Int((Double(width) / ThumbnailShape.aspectRatio).rounded()))
    let fitted = ThumbnailShape.fittedRect(width: image.width, height: image.height, inFrameWidth: width)
    guard let small = RasterImage(width: width, height: height, hasAlpha: true) else { return nil }
    let context = cairo_create(small.surface)!
    cairo_translate(context, fitted.x, fitted.y)
    cairo_scale(context, fitted.width / Double(image.width), fitted.height / Double(image.height))
    cairo_set_source_surface(context, image.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(small.surface)
    let bytes = g_bytes_new(small.pixels, gsize(small.stride * height))
    defer { g_bytes_unref(bytes) }
    // Cairo's ARGB32 (premultiplied, native byte order) as GDK names it.
    #if _endian(little)
      let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
      let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif
    let texture = gdk_memory_texture_new(Int32(width), Int32(height), format, bytes, gsize(small.stride))
    return texture.map { UInt(bitPattern: $0) }
  }
}

/// The shape of the List's and the Grid's thumbnail frames (4:3, like most photos).
nonisolated enum ThumbnailShape {
  static let aspectRatio = 4.0 / 3.0

  /// Where a `width` × `height` image lies, scaled to fit and centred, in a frame `frameWidth`
  /// pixels wide with the frames' shape.
  static func fittedRect(width: Int, height: Int, inFrameWidth frameWidth: Int)
    -> (x: Double, y: Double, width: Double, height: Double)
  {
    let frameHeight = Double(frameWidth) / aspectRatio
    let scale = min(Double(frameWidth) / Double(width), frameHeight / Double(height))
    let fittedWidth = Double(width) * scale
    let fittedHeight = Double(height) * scale
    return (
      (Double(frameWidth) - fittedWidth) / 2, (frameHeight - fittedHeight) / 2, fittedWidth, fittedHeight
    )
  }
}
