// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import MemeCore

/// A picture dropped on the canvas or pasted: a file, or encoded image bytes from another
/// application. It replaces the picture, or (when a picture already shows) goes on it as a sticker.
enum ArrivingPicture {
  case file(URL)
  case bytes([UInt8])

  /// The name the question and a screen reader use: the file's, or "pasted picture".
  var name: String {
    switch self {
    case .file(let url): url.lastPathComponent
    case .bytes: localized("pasted picture")
    }
  }

  /// The picture as a sticker's source. A file is used where it is (the store keeps a copy once
  /// the meme is kept); bytes are written once into `folder`, named by their SHA-256, so that the
  /// sticker has a file to be read from, kept and offered again among the recent ones.
  func stickerSource(keepingBytesIn folder: URL) throws -> StickerSource {
    switch self {
    case .file(let url):
      return .picture(StickerPicture(path: url.path))
    case .bytes(let bytes):
      let hash = ContentDigest.sha256(of: bytes)
      let file = folder.appendingPathComponent("\(hash).\(Self.fileExtension(of: bytes))")
      if !FileManager.default.fileExists(atPath: file.path) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: file, options: .atomic)
      }
      return .picture(StickerPicture(path: file.path, name: name))
    }
  }

  /// The extension of the format the bytes start like (the store keeps a sticker's copy under it);
  /// "img" for bytes no reader takes, which the sticker's decoding then refuses with its reason.
  static func fileExtension(of bytes: [UInt8]) -> String {
    ImageLoader.fileExtension(sniffing: Array(bytes.prefix(16))) ?? "img"
  }
}
