// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Glibc

/// An image surface of `width` × `height` pixels (both above zero) over memory advised for huge
/// pages (see `meme_big_buffer.h`), which the surface frees when it is destroyed; `nil` without
/// memory. Its pixels are not cleared. For the megabytes an export draws into once: filling them
/// takes one page fault per 2 MiB instead of one per 4 KiB.
func bigImageSurface(_ format: cairo_format_t, width: Int, height: Int) -> OpaquePointer? {
  let stride = Int(cairo_format_stride_for_width(format, Int32(clamping: width)))
  guard width > 0, height > 0, height <= Int(Int32.max), stride > 0,
    let buffer = meme_big_buffer(stride * height)
  else { return nil }
  let surface = cairo_image_surface_create_for_data(
    buffer.assumingMemoryBound(to: UInt8.self), format, Int32(width), Int32(height), Int32(stride))!
  guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
    cairo_surface_set_user_data(surface, BigBufferKey.key, buffer, free) == CAIRO_STATUS_SUCCESS
  else {
    cairo_surface_destroy(surface)
    free(buffer)
    return nil
  }
  return surface
}

/// The key the buffer is attached to its surface with: Cairo tells keys apart by address only.
private enum BigBufferKey {
  nonisolated(unsafe) static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
