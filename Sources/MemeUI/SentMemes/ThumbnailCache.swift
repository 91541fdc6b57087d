// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// Thumbnail images for the List and the Grid.
///
/// Files are decoded off the main thread (newest request first, so the rows on screen come before
/// rows scrolled past) into images of the exact pixel size they are drawn at, and kept in a small
/// least-recently-used cache: scrolling never waits for a file, never scales or converts pixels,
/// and memory stays bounded with thousands of memes. A meme whose thumbnail file is missing gets a
/// new one made from its rendered image; with neither, it shows a placeholder.
package final class ThumbnailCache {
  enum Thumbnail {
    /// Pixels of the frames' shape, as wide as asked. Drawn as they are: an image that lives across
    /// frames is uploaded to the display once, where a GdkTexture is converted at every frame by
    /// GTK 4.8's cairo renderer.
    case image(RasterImage)
    case missing

    var byteCount: Int {
      // A missing thumbnail costs its entry, so many of them are evicted too.
      if case .image(let image) = self { image.stride * image.height } else { 64 }
    }
  }

  /// A meme's thumbnail at one width in pixels (the List's and the Grid's frames differ).
  nonisolated struct Key: Hashable, Sendable {
    let id: Int64
    let pixelWidth: Int
  }

  /// How many bytes of pixels the cache keeps beyond those on screen.
  let byteBudget: Int
  private let loader: ThumbnailLoader
  private var cached: [Key: (thumbnail: Thumbnail, lastUse: UInt64)] = [:]
  private var cachedBytes = 0
  private var clock: UInt64 = 0
  private var waiters: [Key: [ObjectIdentifier: (Thumbnail) -> Void]] = [:]
  /// Called when a thumbnail file was made again, with the meme's new details.
  var onThumbnailReplaced: (SentMeme) -> Void = { _ in }

  init(store: SentMemeStore, byteBudget: Int = 16 << 20) {
    self.byteBudget = byteBudget
    loader = ThumbnailLoader(store: store)
  }

  package var cachedCount: Int { cached.count }

  /// Calls `deliver` with the meme's thumbnail `pixelWidth` pixels wide: at once when cached,
  /// otherwise once loaded (unless `cancel` is called first). One request per `client` at a time.
  func request(
    _ meme: SentMeme, pixelWidth: Int, for client: AnyObject, deliver: @escaping (Thumbnail) -> Void
  ) {
    let key = Key(id: meme.id, pixelWidth: pixelWidth)
    if let entry = cached[key] {
      clock += 1
      cached[key]?.lastUse = clock
      deliver(entry.thumbnail)
      return
    }
    let isFirst = waiters[key] == nil
    waiters[key, default: [:]][ObjectIdentifier(client)] = deliver
    guard isFirst else { return }
    loader.enqueue(meme, pixelWidth: pixelWidth) { [weak self] result in self?.finish(result) }
  }

  /// Forgets `client`'s request (its row was recycled); the file is not read if nobody wants it.
  func cancel(_ key: Key, for client: AnyObject) {
    guard var clients = waiters[key] else { return }
    clients[ObjectIdentifier(client)] = nil
    if clients.isEmpty {
      waiters[key] = nil
      loader.dequeue(key)
    } else {
      waiters[key] = clients
    }
  }

  private func finish(_ result: ThumbnailLoader.Result) {
    let thumbnail: Thumbnail = result.image.map { .image($0) } ?? .missing
    if let replaced = result.replacedMeme { onThumbnailReplaced(replaced) }
    clock += 1
    cachedBytes -= cached[result.key]?.thumbnail.byteCount ?? 0
    cached[result.key] = (thumbnail, clock)
    cachedBytes += thumbnail.byteCount
    evictIfNeeded()
    let clients = waiters.removeValue(forKey: result.key) ?? [:]
    for deliver in clients.values { deliver(thumbnail) }
  }

  private func evictIfNeeded() {
    guard cachedBytes > byteBudget else { return }
    // Oldest first, down to three quarters of the budget, so eviction runs rarely.
    let oldestFirst = cached.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldestFirst {
      guard cachedBytes > byteBudget * 3 / 4 else { break }
      cachedBytes -= entry.thumbnail.byteCount
      cached[key] = nil
    }
  }
}

/// The background side of `ThumbnailCache`: a stack of wanted thumbnails and one worker thread that
/// decodes them, newest first. One worker leaves the other core to the UI.
nonisolated final class ThumbnailLoader: @unchecked Sendable {
  typealias Key = ThumbnailCache.Key

  struct Result: @unchecked Sendable {
    let key: Key
    /// The thumbnail, or nil when none could be had. Made on the worker and only read afterwards.
    let image: RasterImage?
    let replacedMeme: SentMeme?
  }

  private struct Job {
    let meme: SentMeme
    let completion: @Sendable @MainActor (Result) -> Void
  }

  /// Wanted thumbnails by key, and their keys oldest first. A dequeued key stays in `order` until
  /// the worker reaches it, so cancelling (every recycled row does it) costs no search.
  private struct Queue {
    var jobs: [Key: Job] = [:]
    var order: [Key] = []
    var isRunning = false
  }

  private let store: SentMemeStore
  // The worker never holds the lock while decoding.
  private let queue = Locked(Queue())

  init(store: SentMemeStore) {
    self.store = store
  }

  func enqueue(
    _ meme: SentMeme, pixelWidth: Int, completion: @escaping @Sendable @MainActor (Result) -> Void
  ) {
    let key = Key(id: meme.id, pixelWidth: pixelWidth)
    let start = queue.withLock { queue in
      if queue.jobs.updateValue(Job(meme: meme, completion: completion), forKey: key) == nil {
        queue.order.append(key)
      }
      defer { queue.isRunning = true }
      return !queue.isRunning
    }
    if start { DispatchQueue.global(qos: .userInitiated).async { self.work() } }
  }

  func dequeue(_ key: Key) {
    queue.withLock { $0.jobs[key] = nil }
  }

  private func work() {
    while let (key, job) = queue.withLock({ queue -> (Key, Job)? in
      while let key = queue.order.popLast() {
        if let job = queue.jobs.removeValue(forKey: key) { return (key, job) }
      }
      queue.isRunning = false
      return nil
    }) {
      let result = load(job.meme, key: key)
      let completion = job.completion
      // After frames: a search's results are drawn first, their thumbnails as they come.
      MainLoop.post(.afterFrames) { completion(result) }
    }
  }

  private func load(_ meme: SentMeme, key: Key) -> Result {
    if let image = Self.thumbnail(at: meme.thumbnailURL, pixelWidth: key.pixelWidth) {
      return Result(key: key, image: image, replacedMeme: nil)
    }
    // The thumbnail file is gone or unreadable: make a new one from the rendered meme.
    guard let png = try? SentMemeDraftMaker.thumbnailPNG(ofImageAt: meme.renderedImageURL),
      let replaced = try? store.replaceThumbnail(id: meme.id, with: .png(Data(png))),
      let image = Self.thumbnail(at: replaced.thumbnailURL, pixelWidth: key.pixelWidth)
    else { return Result(key: key, image: nil, replacedMeme: nil) }
    return Result(key: key, image: image, replacedMeme: replaced)
  }

  /// Decodes a small image file into an image of the frames' shape, `pixelWidth` wide, with the
  /// whole meme fitted and centred in it.
  ///
  /// Every thumbnail having the frames' shape keeps rows and tiles the same size whatever the
  /// memes' shapes, and an image at the frame's own pixel size is drawn without resampling, which
  /// keeps scrolling cheap. The meme is fitted, never cropped: its captions sit at its top and
  /// bottom edges, the first thing a crop would cut.
  static func thumbnail(at url: URL, pixelWidth width: Int) -> RasterImage? {
    guard let image = try? ImageLoader().load(contentsOf: url) else { return nil }
    let height = ThumbnailShape.pixelHeight(forWidth: width)
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
    return small
  }
}

/// The shape of the List's and the Grid's thumbnail frames (4:3, like most photos).
nonisolated enum ThumbnailShape {
  static let aspectRatio = 4.0 / 3.0

  /// A frame's height for its width (both in pixels, or both in logical pixels).
  static func pixelHeight(forWidth width: Int) -> Int {
    max(1, Int((Double(width) / aspectRatio).rounded()))
  }

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
