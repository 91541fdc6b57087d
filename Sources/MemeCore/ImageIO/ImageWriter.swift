// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Encodes images and writes them to disk atomically.
public enum ImageWriter {
  /// Encodes `image` and replaces `url` with it atomically: a temporary file in the target folder
  /// is written, flushed to disk and renamed over the target. A failure leaves no stray file and
  /// never harms an existing file.
  public static func write(_ image: RasterImage, to url: URL, as format: ImageFormat) throws(ImageError) {
    try write(image, to: url, as: format, fault: nil)
  }

  /// The bytes of a complete file (for the clipboard, sharing, or tests).
  public static func encode(_ image: RasterImage, as format: ImageFormat) throws(ImageError) -> [UInt8] {
    try encoded(image, as: format, name: "image").array
  }

  /// A PNG compressed with a chosen deflate implementation, for comparing encoders.
  @_spi(Benchmark)
  public static func encodePNG(_ image: RasterImage, deflater: PNGDeflater) throws(ImageError) -> [UInt8] {
    try PNGEncoder.encode(image, deflater: deflater, name: "image").array
  }

  static func write(_ image: RasterImage, to url: URL, as format: ImageFormat, fault: AtomicFile.Fault?)
    throws(ImageError)
  {
    let path = url.path
    let file = try encoded(image, as: format, name: path)
    try file.withBytes { bytes throws(ImageError) in try AtomicFile.write(bytes, to: path, fault: fault) }
  }

  private static func encoded(_ image: RasterImage, as format: ImageFormat, name: String) throws(ImageError)
    -> EncodedBytes
  {
    switch format {
    case .png: try PNGEncoder.encode(image, name: name)
    case .jpeg(let quality): try JPEGCodec.encode(image, quality: quality, name: name)
    }
  }
}
