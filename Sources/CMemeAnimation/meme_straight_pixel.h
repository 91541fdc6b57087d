// SPDX-License-Identifier: GPL-3.0-or-later
// One of Cairo's pixels (premultiplied ARGB32, native order) as straight colour: the conversion
// every encoder of animations makes, inline because it runs once a pixel.
#ifndef MEMEME_STRAIGHT_PIXEL_H
#define MEMEME_STRAIGHT_PIXEL_H

#include <stdint.h>

// Writes red, green and blue undone from Cairo's premultiplication (rounded to the nearest) into
// `rgb`, and returns the alpha.
static inline uint32_t meme_straight_pixel(uint32_t argb, uint8_t *rgb) {
  uint32_t alpha = argb >> 24;
  uint32_t red = argb >> 16 & 0xFF, green = argb >> 8 & 0xFF, blue = argb & 0xFF;
  if (alpha != 255 && alpha != 0) {
    red = (red * 255 + alpha / 2) / alpha;
    green = (green * 255 + alpha / 2) / alpha;
    blue = (blue * 255 + alpha / 2) / alpha;
  }
  rgb[0] = (uint8_t)(red > 255 ? 255 : red);
  rgb[1] = (uint8_t)(green > 255 ? 255 : green);
  rgb[2] = (uint8_t)(blue > 255 ? 255 : blue);
  return alpha;
}

#endif
