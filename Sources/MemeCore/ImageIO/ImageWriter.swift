// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where an encoded image goes.
public enum ImageDestination: Sendable, Equatable {
  /// A file, replaced atomically (see `ImageWriter.write(_:to:as:)`).
  case file(URL)
  /// The process's standard output, written as the bytes come.
  case standardOutput

  /// How errors name it.
  public var name: String {
    switch self {
    case .file(let url): ImageWriter.path(of: url)
    case .standardOutput: localized("standard output")
    }
  }
}

/// Encodes images and writes them to disk atomically.
public enum ImageWriter {
  /// Encodes `image` and replaces `url` with it atomically: a temporary file in the target folder
  /// is written, flushed to disk and renamed over the target. A failure leaves no stray file and
  /// never harms an existing file. A symbolic link to a file is followed (the file is replaced, the
  /// link stays); a pipe or a terminal is written to, never replaced; a folder, a name ending in `/`,
  /// a link to nothing and other special files are refused.
  ///
  /// `description`, when it has text, is written into the file as its alt text (see
  /// `DescriptionMetadata`): the only metadata MemeMe writes.
  public static func write(
    _ image: RasterImage, to url: URL, as format: ImageFormat, description: String? = nil
  ) throws(ImageError) {
    try writeFile(image, to: url, as: format, description: description, cancellation: nil)
  }

  /// Encodes `image` to a file or to standard output.
  public static func write(
    _ image: RasterImage, to destination: ImageDestination, as format: ImageFormat, description: String? = nil
  )
    throws(ImageError)
  {
    switch destination {
    case .file(let url):
      try write(image, to: url, as: format, description: description)
    case .standardOutput:
      let name = destination.name
      try AtomicFile.stream(to: STDOUT_FILENO, reportedAs: name) {
        (sink: inout AtomicFile.FileSink) throws(ImageError) in
        try encode(image, as: format, description: description, to: &sink, name: name)
      }
    }
  }

  /// Copies an already encoded image to `url` atomically, byte for byte.
  public static func write(encoded data: Data, to url: URL) throws(ImageError) {
    let result = data.withUnsafeBytes { bytes -> Result<Void, ImageError> in
      Result { () throws(ImageError) in try write(bytes, to: .file(url)) }
    }
    try result.get()
  }

  /// As `write(encoded:to:)`, stopping with a `.cancelled` error, and no file, when `cancellation` is set
  /// by the time the bytes are on disk: a file renamed into place is the user's.
  public static func write(encoded data: Data, to url: URL, cancellation: Cancellation) throws(ImageError) {
    let path = path(of: url)
    let result = data.withUnsafeBytes { bytes -> Result<Void, ImageError> in
      Result { () throws(ImageError) in
        try AtomicFile.write(to: path) { (sink: inout AtomicFile.FileSink) throws(ImageError) in
          try sink.write(bytes)
          try cancellation.check(name: path)
        }
      }
    }
    try result.get()
  }

  /// Writes an already encoded file to `destination` (atomically, when it is a file).
  static func write(_ bytes: UnsafeRawBufferPointer, to destination: ImageDestination) throws(ImageError) {
    let write = { (sink: inout AtomicFile.FileSink) throws(ImageError) in try sink.write(bytes) }
    switch destination {
    case .file(let url): try AtomicFile.write(to: path(of: url), contents: write)
    case .standardOutput:
      try AtomicFile.stream(to: STDOUT_FILENO, reportedAs: destination.name, contents: write)
    }
  }

  /// Writes an already encoded file to a new file at `url`, never replacing anything: when the name
  /// is taken (by a file, or a symbolic link even to nothing) it fails and changes nothing (see
  /// `AtomicFile.create(at:contents:)`; `isExisting` tells that failure apart).
  public static func writeNew(encoded bytes: UnsafeRawBufferPointer, to url: URL) throws(ImageError) {
    try AtomicFile.create(at: path(of: url)) { (sink: inout AtomicFile.FileSink) throws(ImageError) in
      try sink.write(bytes)
    }
  }

  /// As `writeNew(encoded:to:)`, from `Data`.
  public static func writeNew(encoded data: Data, to url: URL) throws(ImageError) {
    let result = data.withUnsafeBytes { bytes -> Result<Void, ImageError> in
      Result { () throws(ImageError) in try writeNew(encoded: bytes, to: url) }
    }
    try result.get()
  }

  /// Whether `error` is `writeNew` finding its name taken.
  public static func isExisting(_ error: ImageError) -> Bool { AtomicFile.isExisting(error) }

  /// Throws the error writing to `destination` would give for what is there now (a folder, a link to
  /// nothing, a block device), so an export can fail before it decodes and renders.
  public static func checkDestination(_ destination: ImageDestination) throws(ImageError) {
    if case .file(let url) = destination { _ = try OutputTarget(path: path(of: url)) }
  }

  /// The path as given, with the `/` that names a folder kept (URL.path drops it).
  static func path(of url: URL) -> String {
    let path = url.path
    return url.hasDirectoryPath && !path.hasSuffix("/") ? path + "/" : path
  }

  /// The bytes of a complete file (for the clipboard, sharing, or tests).
  public static func encode(_ image: RasterImage, as format: ImageFormat, description: String? = nil)
    throws(ImageError) -> [UInt8]
  {
    var sink = ArraySink()
    try encode(image, as: format, description: description, to: &sink, name: "image")
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

  /// As `write(_:to:as:)`, stopping with a `.cancelled` error, and no file, once `cancellation` is set.
  public static func write(
    _ image: RasterImage, to url: URL, as format: ImageFormat, description: String? = nil,
    cancellation: Cancellation
  ) throws(ImageError) {
    try writeFile(image, to: url, as: format, description: description, cancellation: cancellation)
  }

  /// As `encode(_:as:description:)`, stopping with a `.cancelled` error once `cancellation` is set.
  public static func encode(
    _ image: RasterImage, as format: ImageFormat, description: String? = nil, cancellation: Cancellation
  )
    throws(ImageError) -> [UInt8]
  {
    var sink = CancellableSink(base: ArraySink(), cancellation: cancellation, name: "image")
    try encode(image, as: format, description: description, to: &sink, name: "image")
    try cancellation.check(name: "image")
    return sink.base.bytes
  }

  private static func writeFile(
    _ image: RasterImage, to url: URL, as format: ImageFormat, description: String?,
    cancellation: Cancellation?
  ) throws(ImageError) {
    let path = path(of: url)
    try AtomicFile.write(to: path) { (sink: inout AtomicFile.FileSink) throws(ImageError) in
      guard let cancellation else {
        return try encode(image, as: format, description: description, to: &sink, name: path)
      }
      var checked = CancellableSink(base: sink, cancellation: cancellation, name: path)
      try encode(image, as: format, description: description, to: &checked, name: path)
      sink = checked.base
      // The last chance: a file renamed into place is the user's.
      try cancellation.check(name: path)
    }
  }

  static func encode(
    _ image: RasterImage, as format: ImageFormat, description: String?, to sink: inout some ByteSink,
    name: String
  )
    throws(ImageError)
  {
    switch format {
    case .png:
      try PNGEncoder.encode(image, description: description, to: &sink, name: name)
    case .jpeg(let quality):
      let encoded = try JPEGCodec.encode(image, quality: quality, name: name)
      try encoded.withBytes { (bytes) throws(ImageError) in
        try JPEGMetadata.write(bytes, description: description, to: &sink)
      }
    }
  }
}
