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
