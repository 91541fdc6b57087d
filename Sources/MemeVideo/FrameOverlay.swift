// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import MemeCore

/// The meme drawn once (`FrameCaptioner.overlay()`), kept as its non-transparent rectangles, made
/// YUV in the frames' colours on first use, to blend over every I420 frame (`meme_video_overlay.c`).
final class FrameOverlay {
  let overlay: OpaquePointer

  /// Nil when `image` is transparent throughout.
  init?(_ image: RasterImage) {
    image.flush()
    guard
      let overlay = meme_video_overlay_new(
        image.pixels, Int32(image.stride), Int32(image.width), Int32(image.height))
    else { return nil }
    self.overlay = overlay
  }

  deinit { meme_video_overlay_free(overlay) }
}
