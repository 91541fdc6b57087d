// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The check every file name read from the database passes before the store opens, copies or removes
/// anything by it. The database is only a file in the user's folder: a copied, restored or edited one
/// may name `../../something` or `/etc/passwd`, and a store that followed such a name would remove or
/// show files outside its folder.
enum StoredFileName {
  /// The longest file name Linux file systems accept, in bytes.
  static let maximumLength = 255

  /// SQL that reads a file name column as raw bytes: read as text, SQLite stops at a NUL byte and a
  /// name such as `a\0/../../x` would look plain.
  static func bytes(of column: String) -> String { "CAST(\(column) AS BLOB)" }

  /// The name, if it is a plain name inside the images folder: UTF-8, 1 to 255 bytes, no `/`, no NUL,
  /// and not starting with a dot (which rules out `.`, `..` and the store's own temporary files).
  static func plainName(_ bytes: Data?) -> String? {
    guard let bytes, isPlain(bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `plainName` would return a name, without making it: listing tens of thousands of memes
  /// checks every row's names. The bytes are scanned in place (Data's own iterator is slow).
  static func isPlain(_ bytes: Data?) -> Bool {
    guard let bytes, (1...maximumLength).contains(bytes.count) else { return false }
    return bytes.withUnsafeBytes { buffer in
      guard buffer[0] != UInt8(ascii: "."), !buffer.contains(0), !buffer.contains(UInt8(ascii: "/")) else {
        return false
      }
      // ASCII, as every name the store makes, is UTF-8 as it is.
      return buffer.allSatisfy { $0 < 0x80 } || String(validating: buffer, as: UTF8.self) != nil
    }
  }
}
