// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeCore

/// GdkTextures showing engine images (camera frames, thumbnails) without copying their pixels.
enum FrameTexture {
  /// Cairo's ARGB32 (premultiplied, native byte order) as GDK names it.
  private static var format: GdkMemoryFormat {
    #if _endian(little)
      GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
      GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif
  }

  /// A new `GdkTexture *` (one reference, the caller's) over `image`'s pixels.
  ///
  /// The GBytes wraps the image's own buffer and keeps the image alive until GDK drops the texture,
  /// so a 30 fps preview costs no extra copy. The image must not be drawn on afterwards, which holds
  /// for camera frames: each one is a fresh image that nothing writes to once delivered.
  static func make(from image: RasterImage) -> OpaquePointer {
    let bytes = g_bytes_new_with_free_func(
      image.pixels, gsize(image.stride * image.height),
      { data in
        guard let data else { return }
        // Balances the passRetained below, once GDK has released the texture's bytes.
        Unmanaged<RasterImage>.fromOpaque(data).release()
      }, Unmanaged.passRetained(image).toOpaque())
    defer { g_bytes_unref(bytes) }
    return gdk_memory_texture_new(
      Int32(image.width), Int32(image.height), format, bytes, gsize(image.stride))
  }
}
