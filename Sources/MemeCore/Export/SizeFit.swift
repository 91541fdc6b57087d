// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a size limit made of a still export, for the caller to say ("Saved 7.8 MB: quality 84,
/// 6000×4000") and, when the format changed, to name the file after it (`fileURL(for:)`). Its
/// limit, pixel size, bytes and encodes are `fitted`'s, read as its own (`fit.width`).
public struct SizeFit: HoldsFittedSize, Sendable, Hashable {
  public let fitted: FittedSize
  /// The format asked for.
  public let requestedFormat: ImageFormat
  /// The format of the file made: the one asked for when its normal export fits, else a JPEG at
  /// the quality chosen.
  public let format: ImageFormat
  /// How many samples (every eighth MCU row of a large picture) were encoded to predict sizes.
  public let sampleEncodeCount: Int
  /// Whether that normal export is a JPEG of a quality not chosen here: one that kept a photo's
  /// blocks (it has the photo's quality), or a sent meme's JPEG file as it was.
  public let keptBlocks: Bool

  public init(
    limit: Int, requestedFormat: ImageFormat, format: ImageFormat, width: Int, height: Int,
    originalWidth: Int,
    originalHeight: Int, byteCount: Int, encodeCount: Int, isNormalExport: Bool, keptBlocks: Bool = false,
    sampleEncodeCount: Int = 0
  ) {
    fitted = FittedSize(
      limit: limit, width: width, height: height, originalWidth: originalWidth,
      originalHeight: originalHeight,
      byteCount: byteCount, encodeCount: encodeCount, isNormalExport: isNormalExport)
    self.requestedFormat = requestedFormat
    self.format = format
    self.keptBlocks = keptBlocks
    self.sampleEncodeCount = sampleEncodeCount
  }

  public var formatChanged: Bool {
    if case .png = requestedFormat, case .jpeg = format { return true }
    return false
  }

  /// The JPEG quality the file was encoded at; nil for a PNG, and for a JPEG whose blocks were kept
  /// from the photo (it has the photo's own quality).
  public var quality: Int? {
    guard !keptBlocks, case .jpeg(let quality) = format else { return nil }
    return quality
  }

  /// `url`, or `url` with the extension `.jpg` in place of its own when the format changed (a file
  /// with no extension gets one).
  public func fileURL(for url: URL) -> URL {
    guard formatChanged else { return url }
    let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
    return base.appendingPathExtension(format.fileExtension)
  }

  /// `fileURL(for:)`, but never a file that exists and is not `url` itself: the user chose `url`
  /// (and agreed to replace it), not the `.jpg` beside it, so a file of that name is kept and the
  /// meme goes to "name (2).jpg", "name (3).jpg", … as GNOME names copies. Fails when every name up
  /// to a hundred is taken.
  public func unusedFileURL(for url: URL) throws(ImageError) -> URL {
    let renamed = fileURL(for: url)
    guard renamed != url else { return url }
    // Not following links: a link named so is a file the user has, even when it leads nowhere.
    let exists = { (candidate: URL) in
      (try? FileManager.default.attributesOfItem(atPath: candidate.path)) != nil
    }
    guard exists(renamed) else { return renamed }
    let base = renamed.deletingPathExtension()
    let folder = base.deletingLastPathComponent()
    for number in 2...100 {
      let candidate = folder.appendingPathComponent("\(base.lastPathComponent) (\(number))")
        .appendingPathExtension(format.fileExtension)
      if !exists(candidate) { return candidate }
    }
    throw ImageError(
      path: renamed.path, kind: .writeFailed,
      reason: localized("the JPEG that fits the size limit has no free name beside it"))
  }
}
