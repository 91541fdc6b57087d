// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A JPEG held in the buffer TurboJPEG wrote it to, so that writing it out needs no second copy.
final class TurboJPEGBuffer {
  private let base: UnsafeMutablePointer<UInt8>
  let count: Int

  /// Takes ownership of `base`, allocated by `tjAlloc`, which holds `count` bytes.
  init(adoptingTurboJPEGBuffer base: UnsafeMutablePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  deinit {
    tjFree(base)
  }

  func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }
}
