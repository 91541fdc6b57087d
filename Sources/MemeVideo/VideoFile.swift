// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Tells a video file from a picture by its first bytes, as pictures are told apart: an ISO media
/// file (MP4, QuickTime, `ftyp` or `moov` at offset 4) or an EBML one (Matroska, WebM). A name's
/// extension is not trusted: a GIF named `.mp4` is a GIF.
public enum VideoFile {
  /// The extensions the file choosers offer for videos.
  public static let extensions = ["mp4", "m4v", "mov", "webm", "mkv"]
  /// Their MIME types, for drops and the chooser's filter.
  public static let mimeTypes = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"]

  public static func isVideo(_ url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    return isVideo(head: [UInt8]((try? handle.read(upToCount: 12)) ?? Data()))
  }

  /// Whether `head`, a file's first 12 bytes or more, starts a video.
  public static func isVideo(head: [UInt8]) -> Bool {
    if head.count >= 4, head[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] { return true }
    guard head.count >= 8 else { return false }
    let box = String(decoding: head[4..<8], as: UTF8.self)
    return ["ftyp", "moov", "mdat", "wide", "free"].contains(box)
      && !(box == "ftyp" && head.count >= 12
        && ["avif", "heic", "heix", "mif1"].contains(
          String(decoding: head[8..<12], as: UTF8.self)))
  }
}
