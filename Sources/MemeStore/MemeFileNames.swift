// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The names of one meme's files in the images folder. Every meme gets fresh, unique names, so files
/// are never overwritten and a resent meme never shares a file with the one it was edited from.
struct MemeFileNames: Hashable {
  var original: String
  var rendered: String
  var thumbnail: String

  init(originalExtension: String, renderedExtension: String, thumbnailExtension: String) {
    let stem = UUID().uuidString.lowercased()
    original = Self.name(stem: stem, role: "original", fileExtension: originalExtension)
    rendered = Self.name(stem: stem, role: "rendered", fileExtension: renderedExtension)
    thumbnail = Self.name(stem: stem, role: "thumbnail", fileExtension: thumbnailExtension)
  }

  /// A unique name for a single replacement file.
  static func fresh(role: String, fileExtension: String) -> String {
    name(stem: UUID().uuidString.lowercased(), role: role, fileExtension: fileExtension)
  }

  /// Only short alphanumeric extensions are kept, so a caller's extension can never add a path
  /// separator, a leading dot or the temporary-file prefix to a name.
  private static func name(stem: String, role: String, fileExtension: String) -> String {
    let clean = fileExtension.lowercased()
    let isSafe =
      !clean.isEmpty && clean.count <= 8 && clean.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return isSafe ? "\(stem)-\(role).\(clean)" : "\(stem)-\(role)"
  }
}
