// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Any bytes as an image file: the header-only size query, a full decode and a decode straight to
/// a width must each give a picture within the limits or one `ImageError`, never a crash.
enum ImageLoadingTarget {
  /// Low enough that a forged header within it cannot exhaust the fuzzer's memory limit; the
  /// checks against it are the same code as against the real limit.
  static let maxPixels = 4_000_000

  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    let loader = ImageLoader(maxPixels: maxPixels)
    let file = ScratchFolder.url.appendingPathComponent("input")
    guard (try? Data(bytes).write(to: file)) != nil else { return }
    _ = try? loader.pixelSize(ofImageAt: file)
    let data = Array(bytes)
    guard !data.isEmpty else { return }
    if let image = try? loader.load(data: data, name: "input") {
      try check(image, maxPixels: maxPixels)
    }
    // A reduced decode (DCT scaling for JPEG, resampling otherwise) to a width taken from the data,
    // so different inputs ask for different widths.
    let targetWidth = 1 + Int(data.reduce(0) { ($0 &* 31) &+ UInt32($1) } % 600)
    if let image = try? loader.load(data: data, name: "input", targetWidth: targetWidth) {
      try check(image, maxPixels: maxPixels)
      guard image.width == targetWidth else {
        throw FuzzFinding("asked for \(targetWidth) pixels wide, got \(image.width)×\(image.height)")
      }
    }
  }

  private static func check(_ image: RasterImage, maxPixels: Int) throws(FuzzFinding) {
    guard image.width > 0, image.height > 0, image.width <= 32767, image.height <= 32767 else {
      throw FuzzFinding("decoded to an impossible size \(image.width)×\(image.height)")
    }
    // Orientation and scaling may move pixels about but never add any beyond the limit.
    guard image.width * image.height <= maxPixels else {
      throw FuzzFinding("decoded \(image.width)×\(image.height), more than the \(maxPixels)-pixel limit")
    }
    // Every pixel must be readable: this touches the first and last row of the buffer.
    _ = image.color(atX: 0, y: 0)
    _ = image.color(atX: image.width - 1, y: image.height - 1)
  }
}
