// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads structured values off the front of a fuzzer's bytes: integers in a range, flags, and
/// the rest as text. Reading past the end yields zeros, so every input, even an empty one, is a
/// valid test case and the mutations of a byte change one value only.
struct FuzzInput {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The bytes not read yet.
  var remaining: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[min(offset, bytes.count)...])
  }

  mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }

  mutating func flag() -> Bool { byte() & 1 == 1 }

  /// A value in `range`, from as many bytes as the range needs (up to four).
  mutating func integer(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    var value: UInt64 = 0
    var covered: UInt64 = 1
    while covered < span, covered < 1 << 32 {
      value = value << 8 | UInt64(byte())
      covered <<= 8
    }
    return range.lowerBound + Int(value % span)
  }

  /// The rest of the bytes as UTF-8 text (invalid sequences become U+FFFD).
  mutating func restAsText() -> String {
    defer { offset = bytes.count }
    return String(decoding: remaining, as: UTF8.self)
  }
}
