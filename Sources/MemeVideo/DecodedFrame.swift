// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import MemeCore

/// A frame as the decoder gave it, held until it is encoded or copied.
final class DecodedFrame {
  var frame: MemeVideoFrame
  let path: String

  init(_ frame: MemeVideoFrame, path: String) {
    self.frame = frame
    self.path = path
  }

  deinit { meme_video_frame_release(&frame) }

  /// The frame's time and duration in seconds, as the video has them (nil when it does not say).
  var time: Double { Double(max(0, frame.time)) / 1e9 }
  var duration: Double? { frame.duration >= 0 ? Double(frame.duration) / 1e9 : nil }

  /// The BGRA frame's pixels in an image of their own, to draw on.
  func image() throws(ImageError) -> RasterImage {
    let width = Int(frame.width)
    let height = Int(frame.height)
    guard let image = RasterImage(width: width, height: height, hasAlpha: false) else {
      throw ImageError(path: path, kind: .outOfMemory, reason: localized("not enough memory for the video"))
    }
    let rowBytes = width * 4
    for row in 0..<height {
      (image.pixels + row * image.stride).update(
        from: frame.pixels + row * Int(frame.stride), count: rowBytes)
    }
    image.markDirty()
    return image
  }
}
