// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import Testing

/// Tesseract, a reader that is not MemeMe: what words a picture file shows, read back from its pixels.
public enum TextRecognition {
  static let tesseract = "/usr/bin/tesseract"

  /// The words Tesseract reads in the image file at `path` (PNG or JPEG), lower-cased, one space
  /// between words. Skips the test (or fails it, where tools are required) without Tesseract.
  public static func words(inImageAt path: String) throws -> String {
    try RequiredTools.require(
      FileManager.default.isExecutableFile(atPath: tesseract), "tesseract is not installed (tesseract-ocr)")
    // Page segmentation 3 (the default, automatic): the blocks of text in reading order, top to
    // bottom (a band above the photo, then the band under it).
    let data = try JPEGTools.run("tesseract", [path, "stdout", "--psm", "3"])
    let text = String(decoding: data, as: UTF8.self).lowercased()
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
