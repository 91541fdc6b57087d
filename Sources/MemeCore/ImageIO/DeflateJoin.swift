// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Lets independently compressed raw deflate streams be concatenated into one stream, the way
/// zlib's gzjoin example does, so that pieces of an image can be compressed on different cores
/// by libdeflate (which only compresses whole buffers into complete streams).
///
/// A complete stream ends with a block marked final, then zero padding up to a byte boundary.
/// zlib's inflate, stopping after each block (Z_BLOCK), reports where every block ends to the
/// bit, and so where the final block's header and the stream's end lie. Clearing the final flag and appending an empty
/// stored block (which is byte-aligned by definition) lets the next stream follow at a byte.
enum DeflateJoin {
  /// Bytes `makeJoinable` may add after `count`.
  static let extraCapacity = 5

  /// Rewrites the complete raw deflate stream in `data[0..<count]` to end non-final and
  /// byte-aligned; returns its new length, or `nil` when the stream cannot be parsed. `data` must
  /// have room for `extraCapacity` more bytes; `scratch` receives (and discards) inflated output.
  static func makeJoinable(
    _ data: UnsafeMutablePointer<UInt8>, count: Int, scratch: UnsafeMutableRawBufferPointer
  ) -> Int? {
    var stream = z_stream()
    guard meme_inflate_init_raw(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    stream.next_in = data
    stream.avail_in = uInt(count)
    var lastHeaderBit = 0  // the first block's header starts the stream
    while true {
      stream.next_out = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self)
      stream.avail_out = uInt(scratch.count)
      let status = inflate(&stream, Z_BLOCK)
      guard status == Z_OK else { return nil }  // even the final block ends with a stop (below)
      guard stream.data_type & 128 != 0 else { continue }  // the output space ran out mid-block
      // Stopped after a block's end-of-block code. data_type & 7 counts the bits of the last byte
      // read that are still unused; 64 says the block just ended was the final one.
      let position = (count - Int(stream.avail_in)) * 8 - Int(stream.data_type & 7)
      if stream.data_type & 64 != 0 {
        return rewrite(data, finalHeaderBit: lastHeaderBit, endBit: position)
      }
      lastHeaderBit = position  // the next block's header starts here
    }
  }

  private static func rewrite(_ data: UnsafeMutablePointer<UInt8>, finalHeaderBit: Int, endBit: Int) -> Int {
    // Deflate packs bits from the least significant end; BFINAL is a block header's first bit.
    data[finalHeaderBit / 8] &= ~(1 << UInt8(finalHeaderBit % 8))
    var length = (endBit + 7) / 8
    let usedBits = endBit % 8
    if usedBits != 0 {
      data[length - 1] &= UInt8((1 << usedBits) - 1)  // the padding must read as zero bits
    }
    // An empty stored block: 3 header bits (not final, type 00) after the last block, zero
    // padding to the byte boundary, then LEN = 0 and NLEN = ~0. The header bits are zeros, so
    // they fit in the padding unless fewer than 3 padding bits are left.
    if usedBits == 0 || usedBits > 5 {
      data[length] = 0
      length += 1
    }
    (data + length).update(from: [0x00, 0x00, 0xFF, 0xFF], count: 4)
    return length + 4
  }
}
