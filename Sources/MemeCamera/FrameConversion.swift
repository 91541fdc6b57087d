// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Turns app-sink samples into engine images.
nonisolated enum FrameConversion {
  /// The raw format the pipeline asks for: the bytes of Cairo's ARGB32 in native byte order, with
  /// the alpha byte left unspecified ("x"), so videoconvert never spends time on alpha.
  static var caps: String {
    #if _endian(little)
      "video/x-raw,format=BGRx"
    #else
      "video/x-raw,format=xRGB"
    #endif
  }

  /// A copy of the sample's picture as an opaque `RasterImage`, or nil when the sample carries no
  /// mappable video frame or memory runs out.
  static func image(from sample: OpaquePointer) -> RasterImage? {
    guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else {
      return nil
    }
    var info = GstVideoInfo()
    guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
    var frame = GstVideoFrame()
    // gst_video_frame_map honours the buffer's video meta (padding, custom strides), unlike a plain
    // gst_buffer_map with the strides from the caps.
    guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
    defer { gst_video_frame_unmap(&frame) }
    let width = Int(frame.info.width)
    let height = Int(frame.info.height)
    guard let source = frame.data.0,
      let image = RasterImage(width: width, height: height, hasAlpha: false)
    else { return nil }
    copyOpaque(
      from: UnsafeRawPointer(source), sourceStride: Int(frame.info.stride.0), to: image, width: width,
      height: height)
    return image
  }

  /// Copies `width` × `height` 32-bit pixels and sets every alpha byte to 255, because Cairo reads
  /// ARGB32 as premultiplied: an unspecified alpha would make the picture translucent or garbled.
  static func copyOpaque(
    from source: UnsafeRawPointer, sourceStride: Int, to image: RasterImage, width: Int, height: Int
  ) {
    let destination = UnsafeMutableRawPointer(image.pixels)
    let destinationStride = image.stride
    for row in 0..<height {
      // Both strides are multiples of 4 (32-bit formats), so the rows are UInt32-aligned.
      let from = (source + row * sourceStride).assumingMemoryBound(to: UInt32.self)
      let to = (destination + row * destinationStride).assumingMemoryBound(to: UInt32.self)
      for column in 0..<width {
        to[column] = from[column] | 0xFF00_0000
      }
    }
    image.markDirty()
  }
}
