// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc

/// Every sticker's picture, decoded once and kept while it is used: a sticker is laid out again for
/// each move of a drag in the editor and for each frame of an animated export, and is read from its
/// file only the first time (or when the file changed since).
///
/// A picture goes through the limits a meme's picture does (`ImageLoader`: the size cap, JPEG's
/// scan limit, the truncation checks; `AnimationLimits` for GIF and WebP; librsvg's own limits for
/// SVG, fed from memory, so it can reach no other file). It is kept no larger than it is ever drawn
/// usefully (`largestSide`), and an animation's frames within `animationBytes`.
public final class StickerPictures: Sendable {
  public static let shared = StickerPictures()

  /// The longest side a still sticker is kept at: larger ones are scaled down once decoded.
  static let largestSide = 4096
  /// The most an animated sticker's frames take together: its frames are kept smaller to fit.
  static let animationBytes = 256 << 20
  /// The most the pictures kept take together: the least recently used ones go first.
  static let keptBytes = 768 << 20

  private struct Key: Hashable {
    let source: StickerSource
    /// The file's size and modification time, so a changed file is read again.
    let size: Int
    let modified: Int
  }

  private struct Entry {
    let result: Result<StickerFrames, ImageError>
    var lastUse: Int
  }

  private let kept = Locked<(entries: [Key: Entry], uses: Int)>(([:], 0))

  /// The picture `source` shows, decoded on first use. An `ImageError` says in one line why it
  /// cannot be shown.
  public func picture(of source: StickerSource) throws(ImageError) -> StickerFrames {
    let key = Self.key(for: source)
    if let found = kept.withLock({ kept -> Result<StickerFrames, ImageError>? in
      kept.uses += 1
      kept.entries[key]?.lastUse = kept.uses
      return kept.entries[key]?.result
    }) {
      return try found.get()
    }
    let result = Result { () throws(ImageError) in try Self.decode(source) }
    kept.withLock { kept in
      kept.uses += 1
      kept.entries[key] = Entry(result: result, lastUse: kept.uses)
      Self.evict(&kept.entries)
    }
    return try result.get()
  }

  private static func key(for source: StickerSource) -> Key {
    guard case .picture(let picture) = source else { return Key(source: source, size: 0, modified: 0) }
    var status = stat()
    guard stat(picture.path, &status) == 0 else { return Key(source: source, size: -1, modified: 0) }
    return Key(
      source: source, size: Int(status.st_size),
      modified: Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec))
  }

  /// Drops the least recently used pictures until the rest take at most `keptBytes` (the one just
  /// added stays, whatever its size).
  private static func evict(_ entries: inout [Key: Entry]) {
    func bytes(_ entry: Entry) -> Int { (try? entry.result.get().byteCount) ?? 0 }
    var total = entries.values.reduce(0) { $0 + bytes($1) }
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }).dropLast()
    where total > keptBytes {
      total -= bytes(entry)
      entries[key] = nil
    }
  }

  private static func decode(_ source: StickerSource) throws(ImageError) -> StickerFrames {
    switch source {
    case .emoji(let emoji):
      return StickerFrames(frames: [try EmojiPicture.render(emoji)], delays: [0])
    case .picture(let picture):
      let url = URL(fileURLWithPath: picture.path)
      if let svg = try SVGSticker.decodeIfSVG(at: url) {
        return StickerFrames(
          frames: [try kept(svg, largestSide: largestSide, name: picture.path)], delays: [0])
      }
      return try frames(at: url)
    }
  }

  /// Every frame of the picture at `url` (one for a still picture), each kept small enough that
  /// all of them fit `animationBytes`.
  private static func frames(at url: URL) throws(ImageError) -> StickerFrames {
    let reader = try AnimationReader(contentsOf: url)
    let info = reader.info
    let side: Int
    if info.isAnimated {
      // Each frame's share of the budget, as a square's side.
      let pixels = animationBytes / 4 / max(1, info.frameCount)
      side = max(16, min(largestSide, Int(Double(pixels).squareRoot())))
    } else {
      side = largestSide
    }
    var frames: [RasterImage] = []
    var delays: [Int] = []
    while let delay = try reader.nextFrame() {
      frames.append(try kept(reader.canvas, largestSide: side, name: url.path, copying: info.isAnimated))
      delays.append(info.isAnimated ? AnimationLimits.playedDelay(delay) : 0)
    }
    guard !frames.isEmpty else {
      throw ImageError(path: url.path, kind: .corrupt, reason: localized("file is truncated"))
    }
    return StickerFrames(frames: frames, delays: delays)
  }

  /// `image` no larger than `largestSide` on its longer side; a copy when `copying` (the reader
  /// draws the next frame over its canvas).
  private static func kept(_ image: RasterImage, largestSide: Int, name: String, copying: Bool = false)
    throws(ImageError) -> RasterImage
  {
    let longer = max(image.width, image.height)
    if longer <= largestSide, !copying { return image }
    let scale = min(1, Double(largestSide) / Double(longer))
    let width = max(1, Int((Double(image.width) * scale).rounded()))
    let height = max(1, Int((Double(image.height) * scale).rounded()))
    guard let scaled = image.scaled(toWidth: width, height: height) else {
      throw ImageLimits.outOfMemory(width: width, height: height, name: name)
    }
    return scaled
  }
}
