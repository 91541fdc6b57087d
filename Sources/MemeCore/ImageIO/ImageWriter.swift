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
    var sink = ArraySink()
    try encode(image, as: format, to: &sink, name: "image")
    return sink.bytes
  }

  /// A PNG compressed with a chosen deflate implementation, for comparing encoders.
  @_spi(Benchmark)
  public static func encodePNG(_ image: RasterImage, deflater: PNGDeflater) throws(ImageError) -> [UInt8] {
    var sink = ArraySink()
    try PNGEncoder.encode(image, deflater: deflater, to: &sink, name: "image")
    return sink.bytes
  }

  /// A PNG whose rows are compressed in strips of about `stripBytes` filtered bytes: small strips cut
  /// even a small image into many pieces, so the joining of their streams is exercised.
  @_spi(Fuzzing)
  public static func encodePNG(_ image: RasterImage, stripBytes: Int) throws(ImageError) -> [UInt8] {
    var sink = ArraySink()
    try PNGEncoder.encode(image, stripBytes: max(1, stripBytes), to: &sink, name: "image")
    return sink.bytes
  }

  static func write(_ image: RasterImage, to url: URL, as format: ImageFormat, fault: AtomicFile.Fault?)
    throws(ImageError)
  {
    let path = url.path
    try AtomicFile.write(to: path, fault: fault) { (sink: inout AtomicFile.FileSink) throws(ImageError) in
      try encode(image, as: format, to: &sink, name: path)
    }
  }

  private static func encode(
    _ image: RasterImage, as format: ImageFormat, to sink: inout some ByteSink, name: String
  )
    throws(ImageError)
  {
    switch format {
    case .png:
      try PNGEncoder.encode(image, to: &sink, name: name)
    case .jpeg(let quality):
      let encoded = try JPEGCodec.encode(image, quality: quality, name: name)
      try encoded.withBytes { (bytes) throws(ImageError) in try sink.write(bytes) }
    }
  }
}
