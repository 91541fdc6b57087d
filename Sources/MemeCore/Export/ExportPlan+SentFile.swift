// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A sent meme's file shared again (Sent Memes' Detail): the file itself when it is what was asked
/// for and fits the size limit, else made again from it under the plan. Its captions are in its
/// pixels already, so nothing is drawn.
extension ExportPlan {
  /// A still file already made (a sent meme's, which Detail shares again) under the limit: the file
  /// itself when it fits or there is no limit (`fit` then says so, or is nil), else the largest JPEG
  /// of its pixels (under `keepFormat`, a PNG stays a smaller PNG), decoded once.
  public func refit(fileAt url: URL, cancellation: Cancellation = Cancellation()) throws(ImageError) -> (
    bytes: [UInt8], fit: SizeFit?
  ) {
    let bytes: [UInt8]
    do { bytes = [UInt8](try Data(contentsOf: url)) } catch {
      throw ImageError(path: url.path, kind: .unreadable, reason: error.localizedDescription)
    }
    guard let sizeLimit else { return (bytes, nil) }
    let loader = ImageLoader()
    let size = try loader.pixelSize(ofImageAt: url)
    let format = ImageFormat(fileExtension: url.pathExtension) ?? .png
    if bytes.count <= sizeLimit {
      return (
        bytes,
        keptFit(
          format: format, width: size.width, height: size.height, byteCount: bytes.count, encodeCount: 0,
          keptBlocks: format != .png)
      )
    }
    try cancellation.check(name: url.path)
    let image = try loader.load(data: bytes, name: url.path)
    let fitted: FittedImage
    if strategy == .keepFormat, format == .png {
      fitted = try SizeFitter.encodeKeepingFormat(
        image, as: format, limit: sizeLimit, description: description, name: url.path, earlierEncodes: 1,
        cancellation: cancellation)
    } else {
      fitted = try SizeFitter.fitJPEG(
        image, limit: sizeLimit, description: description, requestedFormat: format, name: url.path,
        cancellation: cancellation)
    }
    return (fitted.bytes, fitted.fit)
  }

  /// The sent file at `url` as a still `format`. An animation gives its first frame in `format`,
  /// under the size limit as the editor's share of it would be (a PNG over it becomes the largest
  /// JPEG that fits, or under `keepFormat` a smaller PNG). A still file is `refit(fileAt:)`'s when
  /// the limit changed it or it is a JPEG asked for as JPEG, else its pixels in `format`.
  public func still(
    ofSentFileAt url: URL, as format: ImageFormat, cancellation: Cancellation = Cancellation()
  )
    throws(ImageError) -> (bytes: [UInt8], fit: SizeFit?)
  {
    if AnimationFormat(fileExtension: url.pathExtension) != nil {
      try cancellation.check(name: url.path)
      let firstFrame = try ImageLoader().load(contentsOf: url)
      return try encode(firstFrame, as: format, name: url.path, cancellation: cancellation)
    }
    let file = try refit(fileAt: url, cancellation: cancellation)
    if let fit = file.fit, !fit.isNormalExport { return file }
    if case .jpeg = format, case .jpeg = ImageFormat(fileExtension: url.pathExtension) { return file }
    let image = try ImageLoader().load(data: file.bytes, name: url.path)
    return (try ImageWriter.encode(image, as: format, description: description), nil)
  }

  /// The sent animation at `source` written to `url` in `format`: the sent file itself when it is
  /// of that kind and within the size limit, else every frame written again under the limit (see
  /// `exportAnimation`), which the result describes (nil when nothing was changed).
  @discardableResult
  public func animation(
    ofSentFileAt source: URL, as format: AnimationFormat, to url: URL,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> AnimationFit? {
    if AnimationFormat(fileExtension: source.pathExtension)?.fileExtension == format.fileExtension {
      let bytes = try ExportPlan(description: description).refit(fileAt: source).bytes
      if accepts(byteCount: bytes.count) {
        try ImageWriter.write(encoded: Data(bytes), to: url)
        return nil
      }
    }
    return try exportAnimation(
      MemeCaptions(top: "", bottom: ""), imageAt: source, to: .file(url), as: format,
      cancellation: cancellation
    ).fit
  }
}
