// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_animation.h"

#include <string.h>

void meme_argb_to_rgba(const uint8_t *pixels, int stride, int width, int height, uint8_t *rgba) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    uint8_t *out = rgba + (size_t)y * width * 4;
    for (int x = 0; x < width; x++) {
      uint32_t word = row[x];
      uint32_t alpha = word >> 24;
      uint32_t red = word >> 16 & 0xFF, green = word >> 8 & 0xFF, blue = word & 0xFF;
      if (alpha != 255 && alpha != 0) {
        // Undo Cairo's premultiplication, rounding to the nearest.
        red = (red * 255 + alpha / 2) / alpha;
        green = (green * 255 + alpha / 2) / alpha;
        blue = (blue * 255 + alpha / 2) / alpha;
      }
      out[4 * x] = (uint8_t)(red > 255 ? 255 : red);
      out[4 * x + 1] = (uint8_t)(green > 255 ? 255 : green);
      out[4 * x + 2] = (uint8_t)(blue > 255 ? 255 : blue);
      out[4 * x + 3] = (uint8_t)alpha;
    }
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
