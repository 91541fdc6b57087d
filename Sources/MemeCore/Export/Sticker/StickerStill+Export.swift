// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a still sticker export wrote.
public struct StickerStillSummary {
  /// The file written: the one asked for, or its `.webp` sibling when the PNG was over the limit.
  public let output: URL
  public let width: Int
  public let height: Int
  public let bytes: Int
  public let kind: StickerStill.Kind
  public let quality: Int?
  public let layout: MemeLayout
}

extension StickerStill {
  /// Makes the sticker of `captions` on the picture at `input` (its first frame, for an animation),
  /// `transform` applied, and writes it atomically to `output` (`.png` or `.webp`; see
  /// `fileURL(for:kind:)`). Nothing is written when it fails.
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to output: URL, transform: PictureTransform = .identity,
    loader: ImageLoader = ImageLoader(), description: String? = nil,
    limit: Int = StickerExport.stillByteLimit
  ) throws(ImageError) -> StickerStillSummary {
    guard let kind = Kind(fileExtension: output.pathExtension) else {
      throw ImageError(
        path: output.path, kind: .unsupported, reason: localized("a still sticker is a .png or a .webp"))
    }
    try ImageWriter.checkDestination(.file(output))
    let picture = try loader.load(contentsOf: input)
    guard
      let (meme, layout) = MemeRenderer.renderedWithLayout(captions, image: picture, transform: transform),
      let sticker = StickerExport.picture(of: meme, frame: layout.frame)
    else {
      throw ImageError(
        path: input.path, kind: .outOfMemory, reason: localized("not enough memory for the sticker"))
    }
    let encoded = try encode(
      sticker, preferring: kind, limit: limit, description: description, name: output.path)
    let written = fileURL(for: output, kind: encoded.kind)
    try ImageWriter.write(encoded: Data(encoded.bytes), to: written)
    return StickerStillSummary(
      output: written, width: sticker.width, height: sticker.height, bytes: encoded.bytes.count,
      kind: encoded.kind, quality: encoded.quality, layout: layout)
  }
}
