// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_animation.h"

#include <string.h>

#include "meme_straight_pixel.h"

void meme_argb_to_rgba(const uint8_t *pixels, int stride, int width, int height, uint8_t *rgba) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    uint8_t *out = rgba + (size_t)y * width * 4;
    for (int x = 0; x < width; x++) out[4 * x + 3] = (uint8_t)meme_straight_pixel(row[x], out + 4 * x);
  }
}

int meme_has_transparency(const uint8_t *pixels, int stride, int width, int height) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      if (row[x] >> 24 != 255) return 1;
    }
  }
  return 0;
}
