// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a sticker shows: a picture file, or an emoji drawn from the colour emoji font.
public enum StickerSource: Sendable, Hashable {
  case picture(StickerPicture)
  /// One emoji (a single character, which may be a sequence of scalars: 👍🏽, 🏳️‍🌈).
  case emoji(String)

  /// Its name as the meme's description and a screen reader say it: the picture's file name, or
  /// the emoji's Unicode name ("smiling face with sunglasses").
  public var name: String {
    switch self {
    case .picture(let picture): picture.name
    case .emoji(let emoji): Self.name(ofEmoji: emoji)
    }
  }

  /// The names of the emoji's scalars that carry meaning (not the joiners, variation selectors and
  /// skin tones that shape it), in lower case; the emoji itself when Unicode names none of them.
  static func name(ofEmoji emoji: String) -> String {
    let names = emoji.unicodeScalars.filter {
      $0.value != 0x200D && !(0xFE00...0xFE0F).contains($0.value) && !(0x1F3FB...0x1F3FF).contains($0.value)
        && !(0xE0020...0xE007F).contains($0.value)
    }.compactMap { $0.properties.name?.lowercased() }
    return names.isEmpty ? emoji : names.joined(separator: " ")
  }
}

/// A sticker's picture file.
///
/// The file is read from `path`: the file the user chose, until the meme is kept in Sent Memes, whose
/// store keeps one copy of each picture by `contentHash` and points `path` at it, so that the
/// sticker still opens once the chosen file is gone; `name` stays the chosen file's name.
public struct StickerPicture: Sendable, Hashable, Codable {
  public var path: String
  /// The chosen file's name without its folder.
  public var name: String
  /// The SHA-256 of the file's bytes in lower-case hexadecimal, once the store has kept its copy.
  public var contentHash: String?

  public init(path: String, name: String? = nil, contentHash: String? = nil) {
    self.path = path
    self.name = name ?? URL(fileURLWithPath: path).lastPathComponent
    self.contentHash = contentHash
  }

  private enum CodingKeys: String, CodingKey {
    case path, name
    case contentHash = "sha256"
  }
}

/// Stored as `{"picture": {"path": …, "name": …, "sha256": …}}` or `{"emoji": "😎"}`.
extension StickerSource: Codable {
  private enum CodingKeys: String, CodingKey {
    case picture, emoji
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let emoji = try container.decodeIfPresent(String.self, forKey: .emoji) {
      self = .emoji(emoji)
    } else {
      self = .picture(try container.decode(StickerPicture.self, forKey: .picture))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .picture(let picture): try container.encode(picture, forKey: .picture)
    case .emoji(let emoji): try container.encode(emoji, forKey: .emoji)
    }
  }
}
