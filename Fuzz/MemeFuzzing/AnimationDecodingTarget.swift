// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Any bytes as an animated GIF or WebP, decoded frame by frame: each input gives frames on a
/// canvas of the size its structure announced, no more frames than it counted, or one
/// `ImageError`, never a crash.
enum AnimationDecodingTarget {
  /// Low enough that a forged canvas or frame count within them cannot exhaust the fuzzer's memory
  /// or time; the checks against them are the same code as against the real limits.
  static let maxPixels = 4_000_000
  static let limits = AnimationLimits(maxFrames: 200, maxTotalPixels: 20_000_000)

  /// `signature` is put in front of the bytes when they do not start with it, so that every input
  /// reaches the decoder of its target rather than being refused as another format.
  static func run(_ bytes: UnsafeRawBufferPointer, signature: [UInt8], name: String) throws(FuzzFinding) {
    var data = Array(bytes)
    if !data.starts(with: signature) { data = signature + data }
    let file = ScratchFolder.url.appendingPathComponent(name)
    guard (try? Data(data).write(to: file)) != nil else { return }
    guard
      let reader = try? AnimationReader(
        contentsOf: file, loader: ImageLoader(maxPixels: maxPixels), limits: limits)
    else { return }
    let info = reader.info
    guard info.frameCount >= 1, info.frameCount <= limits.maxFrames, info.width * info.height <= maxPixels
    else {
      throw FuzzFinding(
        "announced \(info.frameCount) frames of \(info.width)×\(info.height), beyond the limits")
    }
    var frames = 0
    while let delay = try? reader.nextFrame() {
      frames += 1
      guard frames <= info.frameCount else {
        throw FuzzFinding("more frames than the \(info.frameCount) counted")
      }
      guard delay >= 0 else { throw FuzzFinding("a negative delay \(delay)") }
      guard reader.canvas.width == info.width, reader.canvas.height == info.height else {
        throw FuzzFinding(
          "a \(reader.canvas.width)×\(reader.canvas.height) frame on a \(info.width)×\(info.height) canvas")
      }
      // Every pixel must be readable: this touches the first and last row of the canvas.
      _ = reader.canvas.color(atX: 0, y: 0)
      _ = reader.canvas.color(atX: info.width - 1, y: info.height - 1)
    }
  }
}
