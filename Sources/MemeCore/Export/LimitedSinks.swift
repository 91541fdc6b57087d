// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Collects the bytes in memory while they stay within `limit`, then fails (and says so).
struct LimitedSink: ByteSink {
  let limit: Int
  var bytes: [UInt8] = []
  private(set) var exceeded = false

  init(limit: Int) { self.limit = limit }

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
    guard self.bytes.count + bytes.count <= limit else {
      exceeded = true
      throw ImageError(path: "", kind: .overSizeLimit, reason: "over the size limit")
    }
    self.bytes.append(contentsOf: bytes)
  }
}

/// Keeps a file's bytes while they are within `limit`, then only counts them, so a search knows how
/// far over the limit a try was (its next guess depends on it); past four times the limit it stops
/// the encoder: that much is all the search needs to know.
struct MeasuringSink: ByteSink {
  let limit: Int
  private(set) var measured = 0
  private var bytes: [UInt8] = []

  init(limit: Int) { self.limit = limit }

  var bound: Int { limit > Int.max / 4 ? Int.max - 1 : limit * 4 }
  var isPastBound: Bool { measured > bound }
  /// The file, when it is within the limit.
  var fittingBytes: [UInt8]? { measured <= limit ? bytes : nil }

  mutating func write(_ buffer: UnsafeRawBufferPointer) throws(ImageError) {
    measured += buffer.count
    if measured <= limit {
      bytes.append(contentsOf: buffer)
    } else if !bytes.isEmpty {
      bytes = []
    }
    guard !isPastBound else {
      throw ImageError(path: "", kind: .overSizeLimit, reason: "far over the size limit")
    }
  }
}
