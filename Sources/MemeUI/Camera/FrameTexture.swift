// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit
import MemeCore

/// GdkTextures showing engine images (camera frames, thumbnails) without copying their pixels.
enum FrameTexture {
  /// A texture over `image`'s pixels, which keeps the image alive until GDK drops it, so a 30 fps
  /// preview costs no extra copy. The image must not be drawn on afterwards, which holds for camera
  /// frames: each one is a fresh image that nothing writes to once delivered.
  static func make(from image: RasterImage) -> Texture {
    Texture(
      cairoPixels: image.pixels, width: image.width, height: image.height, stride: image.stride,
      keeping: image)
  }
}

extension FrameTexture {
  /// The first frame of the animation in `bytes` (the file MemeMe just wrote), decoded by the
  /// engine under the animation limits, for the clipboard's still picture; nil when it cannot be.
  static func firstFrame(ofAnimation bytes: [UInt8]) -> Texture? {
    guard let picture = try? ImageLoader().load(data: bytes, name: "animation") else { return nil }
    return make(from: picture)
  }
}
