// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads images into `RasterImage`s: JPEG through libjpeg-turbo; GIF and WebP (their first frame)
/// through the animation reader's decoders, under its limits; PNG, BMP and TIFF through gdk-pixbuf;
/// upright as their EXIF orientation says.
///
/// Every failure is an `ImageError` naming the file and the reason in one line. Sizes are checked
/// from the header before any pixel memory is allocated, and nothing ever blocks on a FIFO.
public struct ImageLoader: Sendable {
  public static let defaultMaxPixels = 100_000_000
  /// The longest side an image can have, read or made (Cairo's limit for image surfaces).
  public static let maximumSide = 32767
  /// Images with more pixels than this are refused from their header, or (JPEG and PNG up to
  /// `largestFittedMultiple` times as many) opened smaller, within it.
  public var maxPixels: Int
  /// How many times `maxPixels` a JPEG or PNG may have and still open smaller (see
  /// `ImageLimits+Fitting`).
  public static let largestFittedMultiple = 16
  /// What a GIF or WebP may hold, checked before its first frame is decoded, as for the whole
  /// animation.
  public var animationLimits: AnimationLimits

  public init(
    maxPixels: Int = ImageLoader.defaultMaxPixels, animationLimits: AnimationLimits = AnimationLimits()
  ) {
    self.maxPixels = maxPixels
    self.animationLimits = animationLimits
  }

  /// The usual file extension of the format `bytes` start with (`jpg`, `png`…), or nil for none
  /// MemeMe reads.
  public static func fileExtension(sniffing bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { ImageContainer(sniffing: $0) }?.fileExtensions.first
  }

  public static let supportedMimeTypes: [String] = ImageContainer.allCases.flatMap(\.mimeTypes)
  public static let supportedFileExtensions: [String] = ImageContainer.allCases.flatMap(\.fileExtensions)

  /// Decodes the file and applies its EXIF orientation. With `targetWidth`, the result is exactly
  /// that wide (the height keeps the aspect ratio, and the result keeps within `maxPixels`); JPEGs are then decoded at a reduced size by
  /// libjpeg's DCT scaling when that is still at least as wide.
  ///
  /// A JPEG or PNG over `maxPixels` (up to `ImageLimits.largestFittedMultiple` times it) opens
  /// smaller, within the limit, its `sizeInFile` saying so; never decoded at full size first.
  ///
  /// Once `cancellation` is set, a JPEG's decoding (or a PNG's opened smaller) stops within a few
  /// rows and throws `.cancelled` (other formats are decoded whole first; see `PixbufDecoder`).
  public func load(contentsOf url: URL, targetWidth: Int? = nil, cancellation: Cancellation? = nil)
    throws(ImageError) -> RasterImage
  {
    try load(contentsOf: url, targetWidth: targetWidth, resamplesToTarget: true, cancellation: cancellation)
  }

  /// Decodes the file as `load(contentsOf:)` does, but as small as decoding itself can make it while
  /// staying at least `minimumWidth` wide (a JPEG by libjpeg's DCT scaling; other formats at their
  /// own size), never resampled: for a picture that is drawn smaller anyway (a panel's cell), which
  /// is then resampled once, from the most pixels decoding gave.
  public func load(contentsOf url: URL, atLeastWidth minimumWidth: Int, cancellation: Cancellation? = nil)
    throws(ImageError) -> RasterImage
  {
    try load(
      contentsOf: url, targetWidth: max(1, minimumWidth), resamplesToTarget: false, cancellation: cancellation
    )
  }

  private func load(
    contentsOf url: URL, targetWidth: Int?, resamplesToTarget: Bool, cancellation: Cancellation?
  ) throws(ImageError) -> RasterImage {
    let path = url.path
    let file = try ImageFile(path: path)
    // A big file that is not an image (a video renamed .jpg) is refused before it is read.
    if file.size > 0, try file.prefix(16).withUnsafeBytes({ ImageContainer(sniffing: $0) }) == nil {
      throw Self.notAnImage(path)
    }
    let contents = try file.readAll(limit: fileSizeLimit)
    try cancellation?.check(name: path)
    return try decode(
      contents.bytes, name: path, targetWidth: targetWidth, resamplesToTarget: resamplesToTarget,
      cancellation: cancellation)
  }

  /// Decodes image data that is not a file (clipboard, drag and drop); `name` is used in errors.
  public func load(data: [UInt8], name: String, targetWidth: Int? = nil) throws(ImageError) -> RasterImage {
    guard !data.isEmpty else {
      throw ImageError(path: name, kind: .empty, reason: localized("no image data"))
    }
    let result = data.withUnsafeBytes { bytes -> Result<RasterImage, ImageError> in
      Result { () throws(ImageError) in try decode(bytes, name: name, targetWidth: targetWidth) }
    }
    return try result.get()
  }

  /// The upright pixel size the picture opens at, read from the header only (for progress and UI
  /// decisions): a JPEG or PNG over the pixel limit opens smaller (see `ImageLimits.fitted`) and
  /// reports that size. An image that cannot be opened within the limit still reports its own size
  /// here; loading it is what fails.
  public func pixelSize(ofImageAt url: URL) throws(ImageError) -> (width: Int, height: Int) {
    let path = url.path
    let file = try ImageFile(path: path)
    guard file.size > 0 else {
      throw ImageError(path: path, kind: .empty, reason: localized("file is empty"))
    }
    var bytes: [UInt8] = []
    try file.read(into: &bytes, upTo: 64 * 1024)
    let sniffed = bytes.withUnsafeBytes { ImageContainer(sniffing: $0) }
    guard let container = sniffed else { throw Self.notAnImage(path) }
    switch container {
    case .jpeg:
      while true {
        switch bytes.withUnsafeBytes({ JPEGHeader.scan($0) }) {
        case .header(let header):
          let size = JPEGCodec.openedSize(width: header.width, height: header.height, maxPixels: maxPixels)
          return header.orientation.swapsAxes ? (size.height, size.width) : size
        case .corrupt(let reason):
          throw ImageError(
            path: path, kind: .corrupt, reason: String(format: localized("corrupt JPEG: %@"), reason))
        case .needsMoreData:
          let before = bytes.count
          try file.read(into: &bytes, upTo: bytes.count * 2)
          if bytes.count == before {
            throw ImageError(path: path, kind: .corrupt, reason: localized("file is truncated"))
          }
        }
      }
    case .tiff:
      // The orientation tag may sit anywhere in a TIFF file, often after the pixel data.
      try file.read(into: &bytes, upTo: min(file.size, fileSizeLimit))
      // The loader would walk every directory (see `FirstPicture`): it is shown the first alone.
      if let link = bytes.withUnsafeBytes(FirstPicture.tiffNextDirectoryLink) {
        bytes.replaceSubrange(link..<link + 4, with: [0, 0, 0, 0])
      }
      let size = try PixbufDecoder.headerSize(container: container, name: path) { (more: inout [UInt8]) in
        guard more.isEmpty else { return false }
        more = bytes
        return true
      }
      let orientation = bytes.withUnsafeBytes { ExifOrientation(tiff: $0) } ?? .upright
      return orientation.swapsAxes ? (size.height, size.width) : size
    case .gif, .webp:
      // Read from the header as the animation reader reads it; no loader is handed the file.
      guard
        let size = bytes.withUnsafeBytes({ AnimationReader.canvasSize(ofHead: $0, isGIF: container == .gif) })
      else {
        throw ImageError(path: path, kind: .corrupt, reason: localized("file is truncated"))
      }
      return (size.width, size.height)
    case .png where bytes.withUnsafeBytes({ PNGRows.opensSmaller($0, maxPixels: maxPixels) }):
      let header = bytes.withUnsafeBytes { PNGRows.header(of: $0) }!
      return ImageLimits.fitted(width: header.width, height: header.height, maxPixels: maxPixels)
    case .png, .bmp:
      // These loaders do not apply an orientation, so the header size is the upright size.
      return try PixbufDecoder.headerSize(container: container, name: path) {
        (more: inout [UInt8]) throws(ImageError) in
        if more.isEmpty {
          more = bytes
        } else {
          let before = more.count
          try file.read(into: &more, upTo: more.count * 2)
          if more.count == before { return false }
        }
        return true
      }
    }
  }

  /// No image needs more than 8 bytes a pixel (16-bit RGBA) plus metadata, so larger files are
  /// refused without being read into memory.
  public var fileSizeLimit: Int {
    let (product, overflow) = max(maxPixels, 1).multipliedReportingOverflow(by: 8)
    return overflow ? .max : product + 64 * 1024 * 1024
  }

  private func decode(
    _ bytes: UnsafeRawBufferPointer, name: String, targetWidth: Int?, resamplesToTarget: Bool = true,
    cancellation: Cancellation? = nil
  ) throws(ImageError) -> RasterImage {
    if let targetWidth, targetWidth <= 0 {
      throw ImageError(
        path: name, kind: .unsupported,
        reason: String(format: localized("cannot scale to a width of %ld pixels"), targetWidth))
    }
    guard let container = ImageContainer(sniffing: bytes) else { throw Self.notAnImage(name) }
    let image: RasterImage
    switch container {
    case .jpeg:
      return try JPEGCodec.decode(
        bytes, name: name, maxPixels: maxPixels, targetWidth: targetWidth,
        resamplesToTarget: resamplesToTarget,
        cancellation: cancellation)
    case .gif, .webp:
      image = try AnimationReader.firstFrame(
        of: bytes, isGIF: container == .gif, name: name, maxPixels: maxPixels, limits: animationLimits)
    case .png where PNGRows.opensSmaller(bytes, maxPixels: maxPixels):
      if let problem = PNGStructure.problem(in: bytes) {
        throw ImageError(path: name, kind: .corrupt, reason: problem)
      }
      image = try PNGRows.decodeFitted(bytes, name: name, maxPixels: maxPixels, cancellation: cancellation)
    case .png, .bmp, .tiff:
      image = try PixbufDecoder.decode(bytes, container: container, name: name, maxPixels: maxPixels)
    }
    guard resamplesToTarget else { return image }
    return try ImageLimits.resized(image, toWidth: targetWidth, maxPixels: maxPixels, name: name)
  }

  private static func notAnImage(_ name: String) -> ImageError {
    ImageError(
      path: name, kind: .unsupported,
      reason: localized("not an image file (MemeMe reads JPEG, PNG, WebP, GIF, BMP and TIFF)"))
  }
}
