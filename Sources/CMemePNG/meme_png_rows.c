// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_png_rows.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meme_downscale.h"

// The data libpng reads from, and where its error message goes.
typedef struct {
  const uint8_t *data;
  size_t size, offset;
  char *reason;
  size_t reason_size;
} png_source;

static void read_data(png_structp png, png_bytep out, size_t length) {
  png_source *source = png_get_io_ptr(png);
  if (length > source->size - source->offset) png_error(png, "file is truncated");
  memcpy(out, source->data + source->offset, length);
  source->offset += length;
}

static void on_error(png_structp png, png_const_charp message) {
  png_source *source = png_get_error_ptr(png);
  snprintf(source->reason, source->reason_size, "%s", message);
  png_longjmp(png, 1);
}

// Warnings (an unknown chunk, a bad profile) leave a usable picture, as gdk-pixbuf's loader does.
static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

// Straight 8-bit RGBA as libpng wrote it (in Cairo's byte order) to premultiplied, in place; returns
// whether a pixel of the row is not opaque.
static int premultiply_row(uint8_t *row, int width) {
  int translucent = 0;
  for (int x = 0; x < width; x++) {
    uint32_t word;
    memcpy(&word, row + (size_t)x * 4, 4);
    uint32_t alpha = word >> 24;
    if (alpha == 255) continue;
    translucent = 1;
    uint32_t result = alpha << 24;
    for (int shift = 0; shift < 24; shift += 8) {
      uint32_t product = ((word >> shift) & 0xFF) * alpha + 128;
      result |= ((product + (product >> 8)) >> 8) << shift;
    }
    memcpy(row + (size_t)x * 4, &result, 4);
  }
  return translucent;
}

meme_png_status meme_png_decode_reduced(const void *data, size_t size, int target_width,
                                        int target_height, uint8_t *target, int target_stride,
                                        int *translucent, int (*stop)(void *context), void *stop_context,
                                        char *reason, size_t reason_size) {
  png_source source = {data, size, 0, reason, reason_size};
  if (reason_size > 0) reason[0] = 0;
  *translucent = 0;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
  if (!png) return MEME_PNG_NO_MEMORY;
  png_infop info = png_create_info_struct(png);
  // Everything the jump back must free or report is volatile: libpng may longjmp from any call.
  meme_downscale_axis *volatile columns = NULL;
  meme_downscale_axis *volatile rows = NULL;
  meme_downscale_stream *volatile stream = NULL;
  uint8_t *volatile row = NULL;
  volatile meme_png_status status = MEME_PNG_FAILED;
  volatile int seen_translucent = 0;
  if (!info) {
    status = MEME_PNG_NO_MEMORY;
    goto done;
  }
  if (setjmp(png_jmpbuf(png))) goto done;
  png_set_read_fn(png, &source, read_data);
  png_read_info(png, info);
  const png_uint_32 width = png_get_image_width(png, info);
  const png_uint_32 height = png_get_image_height(png, info);
  if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
    status = MEME_PNG_INTERLACED;
    goto done;
  }
  if (target_width < 1 || target_height < 1 || (png_uint_32)target_width > width ||
      (png_uint_32)target_height > height) {
    snprintf(reason, reason_size, "cannot average %ux%u down to %dx%d", width, height, target_width,
             target_height);
    goto done;
  }
  const int colour = png_get_color_type(png, info);
  png_set_expand(png);
  if (png_get_bit_depth(png, info) == 16) png_set_scale_16(png);
  if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // Cairo's ARGB32 word is stored B, G, R, A on little-endian machines.
  png_set_bgr(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
#else
  png_set_swap_alpha(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_BEFORE);
#endif
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 4) {
    snprintf(reason, reason_size, "unexpected row layout");
    goto done;
  }
  columns = meme_downscale_axis_new((int)width, target_width);
  rows = meme_downscale_axis_new((int)height, target_height);
  row = malloc((size_t)width * 4);
  stream = columns && rows ? meme_downscale_stream_new(columns, rows, target, target_stride) : NULL;
  if (!columns || !rows || !row || !stream) {
    status = MEME_PNG_NO_MEMORY;
    goto done;
  }
  for (png_uint_32 y = 0; y < height; y++) {
    if (stop && stop(stop_context)) {
      status = MEME_PNG_CANCELLED;
      goto done;
    }
    png_read_row(png, row, NULL);
    if (premultiply_row(row, (int)width)) seen_translucent = 1;
    meme_downscale_stream_push(stream, row);
  }
  png_read_end(png, NULL);
  status = MEME_PNG_OK;
done:
  *translucent = seen_translucent;
  meme_downscale_stream_free(stream);
  meme_downscale_axis_free(columns);
  meme_downscale_axis_free(rows);
  free(row);
  png_destroy_read_struct(&png, info ? &info : NULL, NULL);
  return status;
}
