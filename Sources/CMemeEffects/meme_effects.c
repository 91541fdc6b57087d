// SPDX-License-Identifier: GPL-3.0-or-later
// Black & white, and colour copied under another picture's alpha.
#include "meme_effects.h"

// Pixels are read as 32-bit words (alpha in the top byte), so the code holds on either byte order.

void meme_black_and_white(uint8_t *pixels, size_t stride, int width, int height) {
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t pixel = row[x];
      uint32_t red = pixel >> 16 & 0xFF, green = pixel >> 8 & 0xFF, blue = pixel & 0xFF;
      // Rec. 601 luma in 16.16 fixed point; premultiplied stays premultiplied (luma ≤ alpha).
      uint32_t luma = (19595 * red + 38470 * green + 7471 * blue + 32768) >> 16;
      row[x] = (pixel & 0xFF000000u) | luma << 16 | luma << 8 | luma;
    }
  }
}

void meme_copy_colour_under_alpha(uint8_t *to, size_t to_stride, const uint8_t *from, size_t from_stride,
                                  int width, int height) {
  for (int y = 0; y < height; y++) {
    uint32_t *target = (uint32_t *)(to + (size_t)y * to_stride);
    const uint32_t *source = (const uint32_t *)(from + (size_t)y * from_stride);
    for (int x = 0; x < width; x++) {
      uint32_t alpha = target[x] >> 24, word = source[x];
      uint32_t red = word >> 16 & 0xFF, green = word >> 8 & 0xFF, blue = word & 0xFF;
      target[x] = alpha << 24 | (red < alpha ? red : alpha) << 16 | (green < alpha ? green : alpha) << 8 |
                  (blue < alpha ? blue : alpha);
    }
  }
}
