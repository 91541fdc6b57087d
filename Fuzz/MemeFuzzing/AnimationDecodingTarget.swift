// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Any bytes as an animated GIF or WebP, decoded frame by frame: each input gives frames on a
/// canvas of the size its structure announced, no more frames than it counted, or one
/// `ImageError`, never a crash. The still path (`ImageLoader`, which decodes the first frame
/// alone) gives the same first frame when both read it.
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
    let loader = ImageLoader(maxPixels: maxPixels, animationLimits: limits)
    let still = try? loader.load(data: data, name: name)
    var frames = 0
    while let delay = try? reader.nextFrame() {
      if frames == 0, let still {
        try checkSameFirstFrame(still, reader.canvas)
      }
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
    if signature.starts(with: Array("GIF".utf8)) { try checkCutOut(file, info: info) }
  }

  /// A reaction bubble cut out of the GIF (its frames kept as coded, `GIFCutOut`) gives a GIF of
  /// the same screen with no more frames than the source counted, or one `ImageError`.
  private static func checkCutOut(_ file: URL, info: AnimationInfo) throws(FuzzFinding) {
    let output = ScratchFolder.url.appendingPathComponent("cut.gif")
    let captions = MemeCaptions(top: "", bottom: "", layers: [.bubble(.reaction(transparent: true))])
    guard
      (try? AnimationExporter.export(
        captions, imageAt: file, to: .file(output), as: .gif, loader: ImageLoader(maxPixels: maxPixels),
        limits: limits)) != nil
    else { return }
    guard
      let cut = try? AnimationReader(
        contentsOf: output, loader: ImageLoader(maxPixels: maxPixels), limits: limits)
    else { throw FuzzFinding("the cut-out GIF cannot be read back") }
    guard cut.info.width == info.width, cut.info.height == info.height, cut.info.frameCount <= info.frameCount
    else {
      throw FuzzFinding(
        "the cut-out is \(cut.info.frameCount) frames of \(cut.info.width)×\(cut.info.height), "
          + "the source \(info.frameCount) of \(info.width)×\(info.height)")
    }
    while (try? cut.nextFrame()) != nil {}
  }

  /// The still path draws the first frame onto a canvas as the reader composes it.
  private static func checkSameFirstFrame(_ still: RasterImage, _ canvas: RasterImage) throws(FuzzFinding) {
    guard still.width == canvas.width, still.height == canvas.height else {
      throw FuzzFinding(
        "the still path's first frame is \(still.width)×\(still.height), the reader's \(canvas.width)×\(canvas.height)"
      )
    }
    still.flush()
    canvas.flush()
    for y in 0..<still.height
    where memcmp(still.pixels + y * still.stride, canvas.pixels + y * canvas.stride, still.width * 4) != 0 {
      throw FuzzFinding("the still path's first frame differs from the reader's in row \(y)")
    }
  }
}
