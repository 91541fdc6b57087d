// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Glibc

/// An encoded file held in the buffer its encoder produced, so that writing it to disk needs no
/// second copy of a (possibly large) compressed image.
final class EncodedBytes {
  enum Allocator {
    /// From turbojpeg's own allocator (`tjFree`).
    case turbojpeg
    /// From `malloc`.
    case system
  }

  private let base: UnsafeMutablePointer<UInt8>
  let count: Int
  private let allocator: Allocator

  /// Takes ownership of `base`, which `allocator` allocated and which holds `count` bytes.
  init(adopting base: UnsafeMutablePointer<UInt8>, count: Int, allocator: Allocator) {
    self.base = base
    self.count = count
    self.allocator = allocator
  }

  deinit {
    switch allocator {
    case .turbojpeg: tjFree(base)
    case .system: free(base)
    }
  }

  func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  var array: [UInt8] { withBytes { Array($0) } }
}
