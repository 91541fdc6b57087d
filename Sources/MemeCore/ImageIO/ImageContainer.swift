// SPDX-License-Identifier: GPL-3.0-or-later

/// The file formats MemeMe reads, recognised by their first bytes (never by the file name, which
/// is often wrong for downloaded memes).
enum ImageContainer: Sendable, CaseIterable {
  case jpeg, png, webp, gif, bmp, tiff

  /// The container whose signature `bytes` starts with, or `nil` for anything else.
  init?(sniffing bytes: UnsafeRawBufferPointer) {
    func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
      guard bytes.count >= offset + signature.count else { return false }
      return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
    }
    if starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
      self = .gif
    } else if starts(with: Array("BM".utf8)) {
      self = .bmp
    } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      self = .tiff
    } else {
      return nil
    }
  }

  /// The gdk-pixbuf loader that decodes this container (JPEG never goes through gdk-pixbuf).
  var pixbufLoaderName: String {
    switch self {
    case .jpeg: "jpeg"
    case .png: "png"
    case .webp: "webp"
    case .gif: "gif"
    case .bmp: "bmp"
    case .tiff: "tiff"
    }
  }

  var displayName: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .webp: "WebP"
    case .gif: "GIF"
    case .bmp: "BMP"
    case .tiff: "TIFF"
    }
  }

  var mimeTypes: [String] {
    switch self {
    case .jpeg: ["image/jpeg"]
    case .png: ["image/png"]
    case .webp: ["image/webp"]
    case .gif: ["image/gif"]
    case .bmp: ["image/bmp"]
    case .tiff: ["image/tiff"]
    }
  }

  var fileExtensions: [String] {
    switch self {
    case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
    case .png: ["png"]
    case .webp: ["webp"]
    case .gif: ["gif"]
    case .bmp: ["bmp"]
    case .tiff: ["tif", "tiff"]
    }
  }
}
