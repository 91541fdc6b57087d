// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGLib

/// Digests of file contents through GLib's GChecksum, which names a file by what it holds (the
/// store keeps one copy of each sticker picture under its SHA-256).
public enum ContentDigest {
  /// The SHA-256 of `bytes` in lower-case hexadecimal (64 characters).
  public static func sha256(of bytes: [UInt8]) -> String {
    let digest = bytes.withUnsafeBufferPointer {
      g_compute_checksum_for_data(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count))
    }
    defer { g_free(digest) }
    return digest.map { String(cString: $0) } ?? ""
  }

  /// Whether `text` has the shape `sha256(of:)` gives: 64 lower-case hexadecimal digits.
  public static func isSHA256(_ text: String) -> Bool {
    text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
