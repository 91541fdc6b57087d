// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a size limit made of a file's size, whatever the file: the limit, the pixels it kept, its
/// bytes and the whole encodes that found it. A still file's `SizeFit` and an animated one's
/// `AnimationFit` each hold one beside what they say of their format, and read its fields as their
/// own (`fit.width`).
public struct FittedSize: Sendable, Hashable {
  /// The limit, in bytes.
  public let limit: Int
  /// The file's pixel size (an animation's frames'), and the meme's own (they differ when it had
  /// to be made smaller).
  public let width: Int
  public let height: Int
  public let originalWidth: Int
  public let originalHeight: Int
  /// The file's size in bytes, metadata included: at most `limit`.
  public let byteCount: Int
  /// How many files were encoded whole to find it (each a whole animation), the normal export's
  /// included.
  public let encodeCount: Int
  /// Whether the file is the normal export (it fit): nothing was changed for the limit.
  public let isNormalExport: Bool

  public init(
    limit: Int, width: Int, height: Int, originalWidth: Int, originalHeight: Int, byteCount: Int,
    encodeCount: Int, isNormalExport: Bool
  ) {
    self.limit = limit
    self.width = width
    self.height = height
    self.originalWidth = originalWidth
    self.originalHeight = originalHeight
    self.byteCount = byteCount
    self.encodeCount = encodeCount
    self.isNormalExport = isNormalExport
  }

  /// Whether the picture had to be made smaller than the meme.
  public var isScaled: Bool { width != originalWidth || height != originalHeight }

  /// The byte count as a share of the limit, as `--verbose` prints it: "97.3%".
  public var shareOfLimit: String { String(format: "%.1f%%", Double(byteCount) * 100 / Double(limit)) }

  /// The picture's size with its short side `shortSide` long, keeping the aspect ratio.
  public static func size(shortSide: Int, width: Int, height: Int) -> (width: Int, height: Int) {
    guard shortSide < min(width, height) else { return (width, height) }
    let long = { (side: Int, short: Int) in
      max(1, Int((Double(side) * Double(shortSide) / Double(short)).rounded()))
    }
    return width <= height ? (shortSide, long(height, width)) : (long(width, height), shortSide)
  }
}

/// A fit that holds a `FittedSize` and reads its fields as its own.
@dynamicMemberLookup
public protocol HoldsFittedSize {
  var fitted: FittedSize { get }
}

extension HoldsFittedSize {
  public subscript<Value>(dynamicMember field: KeyPath<FittedSize, Value>) -> Value { fitted[keyPath: field] }
}

/// A file made under a size limit: its bytes and what was done to fit (`SizeFit` for a still
/// file, `AnimationFit` for an animated one).
public struct Fitted<Fit: Sendable>: Sendable {
  public let bytes: [UInt8]
  public let fit: Fit

  public init(bytes: [UInt8], fit: Fit) {
    self.bytes = bytes
    self.fit = fit
  }
}

/// A still file made under a size limit.
public typealias FittedImage = Fitted<SizeFit>
