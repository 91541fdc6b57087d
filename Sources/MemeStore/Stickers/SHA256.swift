// SPDX-License-Identifier: GPL-3.0-or-later

/// SHA-256 (FIPS 180-4), which names a kept sticker's file by its content. Written out here because
/// Foundation on Linux has no digest, and the few sticker files a save reads do not justify a
/// cryptography package or raw GLib calls in the store.
enum SHA256 {
  /// The digest of `bytes` in lower-case hexadecimal (64 characters).
  static func hexDigest(of bytes: [UInt8]) -> String {
    var state = initialState
    // The message schedule, reused for every block rather than made for each.
    var words = [UInt32](repeating: 0, count: 64)
    let whole = bytes.count / 64 * 64
    for start in stride(from: 0, to: whole, by: 64) { compress(&state, bytes[start..<start + 64], &words) }
    // The padding: a one bit, zeros, then the message's length in bits as 64 big-endian bits.
    var tail = Array(bytes[whole...]) + [0x80]
    tail += [UInt8](repeating: 0, count: (tail.count > 56 ? 120 : 56) - tail.count)
    let bitLength = UInt64(bytes.count) &* 8
    tail += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
    for start in stride(from: 0, to: tail.count, by: 64) {
      compress(&state, tail[start..<start + 64], &words)
    }
    return state.map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }

  /// Whether `text` has the shape `hexDigest` gives: 64 lower-case hexadecimal digits.
  static func isHexDigest(_ text: String) -> Bool {
    text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private static let initialState: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// Mixes one 64-byte block into `state`.
  private static func compress(_ state: inout [UInt32], _ block: ArraySlice<UInt8>, _ words: inout [UInt32]) {
    let base = block.startIndex
    func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
    for index in 0..<16 {
      let at = base + 4 * index
      words[index] =
        UInt32(block[at]) << 24 | UInt32(block[at + 1]) << 16 | UInt32(block[at + 2]) << 8
        | UInt32(block[at + 3])
    }
    for index in 16..<64 {
      let low = words[index - 15]
      let high = words[index - 2]
      let sigma0 = rotate(low, 7) ^ rotate(low, 18) ^ (low >> 3)
      let sigma1 = rotate(high, 17) ^ rotate(high, 19) ^ (high >> 10)
      words[index] = words[index - 16] &+ sigma0 &+ words[index - 7] &+ sigma1
    }
    var (a, b, c, d, e, f, g, h) = (
      state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
    )
    for index in 0..<64 {
      let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temporary1 = h &+ sum1 &+ choice &+ roundConstants[index] &+ words[index]
      let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temporary2 = sum0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
    }
    for (index, value) in [a, b, c, d, e, f, g, h].enumerated() { state[index] &+= value }
  }
}
