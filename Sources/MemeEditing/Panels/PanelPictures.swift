// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The cell pictures the editor decoded, kept for the grid's next change: panning, zooming, swapping
/// or a caption draws the sheet again from them without reading a file, and a new picture is decoded
/// once, only as large as its cell needs (a 12-megapixel JPEG by libjpeg's DCT scaling).
public nonisolated final class PanelPictures: Sendable {
  /// One decoded picture, and the width of the file's own upright picture it was decoded from.
  private struct Decoded {
    let image: RasterImage
    let fullWidth: Int
  }

  /// What reads the files: the pixel and file-size limits of any picture apply to cell pictures.
  public let loader: ImageLoader
  private let decoded = Locked<[URL: Decoded]>([:])

  public init(loader: ImageLoader = ImageLoader()) {
    self.loader = loader
  }

  /// `url`'s upright picture at least `width` pixels wide (or whole): the one kept when it is large
  /// enough, else decoded now (slow: off the main thread) and kept in its place.
  public func picture(at url: URL, atLeastWidth width: Int, cancellation: Cancellation? = nil)
    throws(ImageError) -> RasterImage
  {
    if let kept = decoded.withLock({ $0[url] }), kept.image.width >= min(width, kept.fullWidth) {
      return kept.image
    }
    let fullWidth = try loader.pixelSize(ofImageAt: url).width
    let image = try loader.load(contentsOf: url, atLeastWidth: width, cancellation: cancellation)
    decoded.withLock { $0[url] = Decoded(image: image, fullWidth: fullWidth) }
    return image
  }

  /// Whether `url` is decoded and kept.
  public func holds(_ url: URL) -> Bool {
    decoded.withLock { $0[url] != nil }
  }

  /// Forgets every picture but those of `urls` (the grid shown and the ones undo may bring back
  /// are decoded again when needed), so that memory holds what the editor shows.
  public func keepOnly(_ urls: Set<URL>) {
    decoded.withLock { pictures in pictures = pictures.filter { urls.contains($0.key) } }
  }
}
