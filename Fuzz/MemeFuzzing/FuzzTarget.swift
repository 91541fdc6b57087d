// SPDX-License-Identifier: GPL-3.0-or-later

/// Something a fuzz target found wrong without crashing: a broken promise of the code under test.
/// The fuzzer turns it into a crash so the input is kept; the regression tests report it.
public struct FuzzFinding: Error, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// The fuzz targets: each takes arbitrary bytes, drives one part of the engine with them and checks
/// what the engine promises about the result.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Image bytes of any format through `ImageLoader` (decoding and orientation).
  case imageLoading = "image-loading"
  /// The EXIF, JPEG marker and PNG chunk parsers on their own.
  case headers
  /// Caption text and a picture size through `MemeLayout`, drawn into a small surface.
  case captions
  /// Pixels and a size through the PNG encoder and back through gdk-pixbuf.
  case pngRoundTrip = "png-round-trip"
  /// A damaged database file through the store's opening and row decoding.
  case storeDecoding = "store-decoding"
  /// A JPEG photo through the block path (the walk of its Huffman-coded data) with a caption.
  case jpegBlocks = "jpeg-blocks"
  /// Bytes as an animated GIF, composed frame by frame (disposal, transparency, offsets).
  case gifDecoding = "gif-decoding"
  /// Bytes as an animated WebP, through libwebp's animation decoder frame by frame.
  case webpDecoding = "webp-decoding"
  /// Bytes as a video file, through GStreamer's probe and the first frames' decoding.
  case videoProbe = "video-probe"

  /// Runs one input; throws what it found wrong. A crash inside is a finding too.
  public func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    switch self {
    case .imageLoading: try ImageLoadingTarget.run(bytes)
    case .headers: try HeadersTarget.run(bytes)
    case .captions: try CaptionsTarget.run(bytes)
    case .pngRoundTrip: try PNGRoundTripTarget.run(bytes)
    case .storeDecoding: try StoreDecodingTarget.run(bytes)
    case .jpegBlocks: try JPEGBlocksTarget.run(bytes)
    case .gifDecoding:
      try AnimationDecodingTarget.run(bytes, signature: Array("GIF89a".utf8), name: "input.gif")
    case .webpDecoding:
      try AnimationDecodingTarget.run(bytes, signature: Array("RIFF".utf8), name: "input.webp")
    case .videoProbe: try VideoProbeTarget.run(bytes)
    }
  }
}
