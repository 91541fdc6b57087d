// SPDX-License-Identifier: GPL-3.0-or-later

/// A JPEG damaged in its compressed data, the way a bad download or a failing card damages one: the
/// headers are intact, so it opens, but libjpeg warns while decoding and parts come out wrong.
public enum DamagedJPEG {
  /// `jpeg` with a stretch of its entropy-coded data overwritten by fixed pseudo-random bytes
  /// (never 0xFF, so no marker is made or broken). `jpeg` must have some kilobytes of scan data.
  public static func scrambled(_ jpeg: [UInt8]) -> [UInt8] {
    var bytes = jpeg
    guard let scan = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
      return bytes
    }
    let start = min(scan + 600, bytes.count - 2)
    let end = min(start + 400, bytes.count - 2)
    var state: UInt32 = 12345
    for index in start..<end {
      state = state &* 1_103_515_245 &+ 12345
      bytes[index] = UInt8(truncatingIfNeeded: state >> 16) % 0xFF
    }
    return bytes
  }
}
