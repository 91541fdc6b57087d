// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import MemeCore

/// `--max-bytes` and `--max-pixels`: how large the file and the pictures may be.
struct LimitOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      """
      Make the file at most SIZE bytes. SIZE is a number of bytes, or one with a unit: K or KB \
      (1,000), M or MB (1,000,000), G or GB (decimal, as "8 MB" is meant), or KiB, MiB, GiB \
      (1,024-based); 8M is 8,000,000 bytes. When the normal file is larger, the largest JPEG that \
      fits is written instead: quality \(SizeFitter.highestQuality) (or --quality) down to \
      \(SizeFitter.lowestQuality), then smaller in pixels, keeping the aspect ratio. A PNG that has to \
      become a JPEG is written to OUTPUT with the extension .jpg (said on standard error); when a file \
      or a symbolic link of that name exists, it is left as it is and the render fails, writing \
      nothing. A limit that not even a \(SizeFitter.minimumShortSide)-pixel-high JPEG meets fails, writing nothing. \
      A GIF or WebP keeps every frame and delay: a GIF is made smaller in pixels, then (at \
      \(SizeFitter.minimumShortSide) pixels) given fewer colours; a WebP goes down in quality to \
      \(AnimationFit.lowestWebPQuality), then smaller in pixels; a limit not even \
      \(SizeFitter.minimumShortSide)-pixel-high frames meet fails, writing nothing.
      """, valueName: "SIZE"))
  var maxBytes: String?

  @Option(
    help: """
      The most pixels an input opens with, and a --width output may have. A JPEG or PNG with more \
      (up to \(ImageLoader.largestFittedMultiple) times as many) opens smaller, within this limit, \
      with a warning; other inputs with more are refused.
      """)
  var maxPixels: Int = ImageLoader.defaultMaxPixels

  /// --max-bytes in bytes, or nil without it.
  func byteLimit() throws -> Int? {
    guard let maxBytes else { return nil }
    guard let bytes = ByteSize.parse(maxBytes) else {
      throw CommandFailure(
        "--max-bytes must be a size such as 8M, 500K or 1500000 (bytes), not \(alwaysQuoted(maxBytes))")
    }
    return bytes
  }
}
