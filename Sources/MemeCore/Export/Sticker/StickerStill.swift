// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A still sticker's file: a PNG with its alpha when it is within the limit, else a WebP (lossless,
/// then lossy at falling qualities) that is. Asked for a WebP, the WebP's steps alone.
public enum StickerStill {
  public enum Kind: String, Sendable, CaseIterable {
    case png, webp

    /// The kind a file name's extension asks for, nil for another.
    public init?(fileExtension: String) { self.init(rawValue: fileExtension.lowercased()) }
  }

  /// The lossy WebP qualities tried, best first, after the lossless WebP.
  static let webPQualities = [90, 80, 70, 55, 40, 25, 10]

  /// A sticker's encoded file.
  public struct Encoded: Sendable {
    public let bytes: [UInt8]
    public let kind: Kind
    /// The lossy WebP quality, nil for a PNG or a lossless WebP.
    public let quality: Int?
  }

  /// The first of the encodings above within `limit` bytes; `.overSizeLimit` when none is.
  public static func encode(
    _ sticker: RasterImage, preferring kind: Kind, limit: Int = StickerExport.stillByteLimit,
    description: String? = nil, name: String
  ) throws(ImageError) -> Encoded {
    if kind == .png {
      let png = try ImageWriter.encode(sticker, as: .png, description: description)
      if png.count <= limit { return Encoded(bytes: png, kind: .png, quality: nil) }
    }
    for quality in [nil] + webPQualities.map(Optional.some) {
      let webp = try webP(sticker, quality: quality, description: description, name: name)
      if webp.count <= limit { return Encoded(bytes: webp, kind: .webp, quality: quality) }
    }
    throw ImageError(
      path: name, kind: .overSizeLimit,
      reason: String(
        format: localized("even at its lowest quality the sticker is over the limit of %@"),
        ByteSize.limitDescribed(limit)))
  }

  /// `sticker` as a still WebP: lossless with `quality` nil.
  private static func webP(_ sticker: RasterImage, quality: Int?, description: String?, name: String)
    throws(ImageError) -> [UInt8]
  {
    let encoder = try AnimationEncoder(
      format: .webp(lossless: quality == nil, quality: quality ?? 100), width: sticker.width,
      height: sticker.height, playCount: 0, transparent: true, description: description, name: name)
    var sink = ArraySink()
    try encoder.add(sticker, delay: 0, to: &sink)
    try encoder.finish(to: &sink)
    return sink.bytes
  }

  /// Where an encoding of `kind` asked to go to `url` is written: `url`, or, when a PNG became a
  /// WebP, the same name ending in `.webp`.
  public static func fileURL(for url: URL, kind: Kind) -> URL {
    StickerStill.Kind(fileExtension: url.pathExtension) == kind
      ? url : url.deletingPathExtension().appendingPathExtension(kind.rawValue)
  }
}
