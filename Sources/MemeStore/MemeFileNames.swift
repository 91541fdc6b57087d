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
    original = Self.name(stem: stem, role: .original, fileExtension: originalExtension)
    rendered = Self.name(stem: stem, role: .rendered, fileExtension: renderedExtension)
    thumbnail = Self.name(stem: stem, role: .thumbnail, fileExtension: thumbnailExtension)
  }

  /// Names found on disk (when rebuilding a meme from its files).
  init(original: String, rendered: String, thumbnail: String) {
    self.original = original
    self.rendered = rendered
    self.thumbnail = thumbnail
  }

  /// A unique name for a single replacement file.
  static func fresh(role: Role, fileExtension: String) -> String {
    name(stem: UUID().uuidString.lowercased(), role: role, fileExtension: fileExtension)
  }

  /// The meme a file name belongs to and the file's role in it, when the name has the store's own
  /// shape (`<uuid>-<role>` with an optional extension), for rebuilding memes from their files.
  static func parse(_ name: String) -> (stem: String, role: Role)? {
    let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
    guard let dash = base.lastIndex(of: "-"),
      let role = Role(rawValue: String(base[base.index(after: dash)...]))
    else { return nil }
    let stem = String(base[..<dash])
    guard UUID(uuidString: stem) != nil else { return nil }
    return (stem, role)
  }

  enum Role: String, CaseIterable {
    case original, rendered, thumbnail
  }

  /// Only short alphanumeric extensions are kept, so a caller's extension can never add a path
  /// separator, a leading dot or the temporary-file prefix to a name.
  private static func name(stem: String, role: Role, fileExtension: String) -> String {
    withSafeExtension("\(stem)-\(role.rawValue)", fileExtension)
  }

  /// `base` with `fileExtension` when it is a safe one, else `base` alone.
  static func withSafeExtension(_ base: String, _ fileExtension: String) -> String {
    let clean = fileExtension.lowercased()
    let isSafe =
      !clean.isEmpty && clean.count <= 8 && clean.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return isSafe ? "\(base).\(clean)" : base
  }
}
