// SPDX-License-Identifier: GPL-3.0-or-later
// Laying the meme over a video's frames as decoded, in I420: its captions and layers are drawn once
// (by the engine, on a transparent picture) and GStreamer's overlay composition blends them over
// each frame. Every other pixel stays the decoder's, with no round trip through RGB, and no frame
// is captioned anew: the cost is the blend over the rectangles that hold something.
#include "meme_video_pipeline.h"

#include <gst/video/video.h>
#include <string.h>

struct MemeVideoOverlay {
  GstVideoOverlayComposition *composition;
};

// Whether row `y` of the picture has a pixel that is not transparent (alpha is byte 3 in BGRA).
static bool row_is_drawn(const uint8_t *pixels, int stride, int width, int y) {
  const uint8_t *row = pixels + (size_t)y * (size_t)stride;
  for (int x = 0; x < width; x++)
    if (row[x * 4 + 3] != 0) return true;
  return false;
}

// The rectangle of rows `top` to `bottom` (excluded), narrowed to its drawn columns.
static GstVideoOverlayRectangle *rectangle(const uint8_t *pixels, int stride, int width, int top, int bottom) {
  int left = width, right = 0;
  for (int y = top; y < bottom; y++) {
    const uint8_t *row = pixels + (size_t)y * (size_t)stride;
    for (int x = 0; x < width; x++) {
      if (row[x * 4 + 3] == 0) continue;
      if (x < left) left = x;
      if (x + 1 > right) right = x + 1;
    }
  }
  const int columns = right - left, rows = bottom - top;
  GstBuffer *buffer = gst_buffer_new_allocate(NULL, (gsize)columns * (gsize)rows * 4, NULL);
  GstMapInfo map;
  if (buffer == NULL || !gst_buffer_map(buffer, &map, GST_MAP_WRITE)) {
    if (buffer != NULL) gst_buffer_unref(buffer);
    return NULL;
  }
  for (int y = 0; y < rows; y++)
    memcpy(map.data + (size_t)y * (size_t)columns * 4, pixels + (size_t)(top + y) * (size_t)stride + (size_t)left * 4,
           (size_t)columns * 4);
  gst_buffer_unmap(buffer, &map);
  gst_buffer_add_video_meta(buffer, GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_OVERLAY_COMPOSITION_FORMAT_RGB,
                            (guint)columns, (guint)rows);
  GstVideoOverlayRectangle *rectangle = gst_video_overlay_rectangle_new_raw(
      buffer, left, top, (guint)columns, (guint)rows, GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA);
  gst_buffer_unref(buffer);
  return rectangle;
}

MemeVideoOverlay *meme_video_overlay_new(const uint8_t *pixels, int stride, int width, int height) {
  if (!meme_video_initialize()) return NULL;
  GstVideoOverlayComposition *composition = NULL;
  // One rectangle a run of drawn rows (the top caption's band, the bottom one's, a sticker's), so
  // that the transparent rows between them are not blended.
  for (int y = 0; y < height;) {
    if (!row_is_drawn(pixels, stride, width, y)) {
      y++;
      continue;
    }
    int bottom = y + 1;
    while (bottom < height && row_is_drawn(pixels, stride, width, bottom)) bottom++;
    GstVideoOverlayRectangle *band = rectangle(pixels, stride, width, y, bottom);
    if (band != NULL) {
      if (composition == NULL) composition = gst_video_overlay_composition_new(band);
      else gst_video_overlay_composition_add_rectangle(composition, band);
      gst_mini_object_unref(GST_MINI_OBJECT(band));
    }
    y = bottom;
  }
  if (composition == NULL) return NULL;
  MemeVideoOverlay *overlay = g_new0(MemeVideoOverlay, 1);
  overlay->composition = composition;
  return overlay;
}

void meme_video_overlay_free(MemeVideoOverlay *overlay) {
  if (overlay == NULL) return;
  gst_mini_object_unref(GST_MINI_OBJECT(overlay->composition));
  g_free(overlay);
}

bool meme_video_overlay_blend(const MemeVideoOverlay *overlay, GstBuffer *buffer, GstCaps *caps) {
  GstVideoInfo info;
  GstVideoFrame frame;
  if (!gst_video_info_from_caps(&info, caps) || !gst_video_frame_map(&frame, &info, buffer, GST_MAP_READWRITE))
    return false;
  bool blended = gst_video_overlay_composition_blend(overlay->composition, &frame);
  gst_video_frame_unmap(&frame);
  return blended;
}
