// SPDX-License-Identifier: GPL-3.0-or-later
// A PNG too large to hold, read through libpng one row at a time and averaged down as its rows
// arrive (meme_downscale.h's streaming averaging): a picture over the pixel limit opens at a size
// within it, and its full-size pixels never exist. libpng reports errors by longjmp, so this is C.
#ifndef MEMEME_PNG_ROWS_H
#define MEMEME_PNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  MEME_PNG_OK = 0,
  MEME_PNG_FAILED,
  MEME_PNG_CANCELLED,
  MEME_PNG_NO_MEMORY,
  // An interlaced (Adam7) PNG's rows are only whole after its last pass: it cannot be read by rows.
  MEME_PNG_INTERLACED,
} meme_png_status;

// Decodes the PNG in `data` to `target_width` × `target_height` (each at most the PNG's own side,
// at least 1) into `target`: Cairo's premultiplied native-endian ARGB32, `target_stride` bytes a
// row. Every colour type and depth is read as 8-bit RGBA (16-bit samples are scaled, a palette and
// tRNS expanded). `*translucent` says whether any pixel is not opaque. `stop` (may be NULL) is asked
// at every row; when it returns nonzero the decoding ends with MEME_PNG_CANCELLED. On failure
// `reason` holds libpng's message.
meme_png_status meme_png_decode_reduced(const void *data, size_t size, int target_width,
                                        int target_height, uint8_t *target, int target_stride,
                                        int *translucent, int (*stop)(void *context), void *stop_context,
                                        char *reason, size_t reason_size);

#endif
