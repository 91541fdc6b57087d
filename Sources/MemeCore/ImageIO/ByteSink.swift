// SPDX-License-Identifier: GPL-3.0-or-later

/// Where an encoder sends a file's bytes, in order: a file being written or an array in memory.
/// Encoders stream into it, so a large image's output never has to exist twice.
protocol ByteSink {
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ImageError)
}

extension ByteSink {
  mutating func write(_ bytes: [UInt8]) throws(ImageError) {
    let result = bytes.withUnsafeBytes { buffer -> Result<Void, ImageError> in
      Result { () throws(ImageError) in try write(buffer) }
    }
    try result.get()
  }
}

/// Collects the bytes in memory.
struct ArraySink: ByteSink {
  var bytes: [UInt8] = []

  mutating func write(_ bytes: UnsafeRawBufferPointer) {
    self.bytes.append(contentsOf: bytes)
  }
}
