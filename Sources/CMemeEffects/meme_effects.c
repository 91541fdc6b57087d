// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_effects.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// Pixels are read as 32-bit words (alpha in the top byte), so the code holds on either byte order.

static inline int clamp_channel(double value, int alpha) {
  long rounded = lround(value);
  return rounded < 0 ? 0 : (rounded > alpha ? alpha : (int)rounded);
}

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

/// A well-mixed 32-bit hash of a pixel's place and the seed: the noise is the same wherever and
/// however often the same picture is fried.
static inline uint32_t noise_hash(uint32_t x, uint32_t y, uint32_t seed) {
  uint32_t value = x * 0x9E3779B1u ^ (y + 0x7F4A7C15u) * 0x85EBCA77u ^ seed * 0xC2B2AE3Du;
  value ^= value >> 15;
  value *= 0x2C1B3C6Du;
  value ^= value >> 12;
  value *= 0x297A2D39u;
  value ^= value >> 15;
  return value;
}

/// Saturation, contrast and warmth, one pixel at a time. Each is linear in the pixel's channels and
/// its grey, so the three make one sum per channel, out = a·c + b·grey + c0, kept in 16.16 fixed
/// point for opaque pixels (nearly all of a photo's); translucent ones go through doubles, their
/// colour unpremultiplied first.
static void fry_colours(uint8_t *pixels, size_t stride, int width, int height, double strength) {
  double saturation = 1 + 2.5 * strength, contrast = 1 + 0.8 * strength, warmth = 24 * strength;
  double own = contrast * saturation, mixed = contrast * (1 - saturation);
  double offsets[3] = {128 * (1 - contrast) + warmth, 128 * (1 - contrast), 128 * (1 - contrast) - warmth};
  int32_t own_fixed = (int32_t)lround(own * 65536), mixed_fixed = (int32_t)lround(mixed * 65536);
  int32_t offset_fixed[3];
  for (int channel = 0; channel < 3; channel++) offset_fixed[channel] = (int32_t)lround(offsets[channel] * 65536) + 32768;
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t pixel = row[x];
      int alpha = (int)(pixel >> 24);
      if (alpha == 0) continue;
      int channels[3] = {(int)(pixel >> 16 & 0xFF), (int)(pixel >> 8 & 0xFF), (int)(pixel & 0xFF)};
      int out[3];
      if (alpha == 255) {
        // Rec. 601 grey in 16.16, then each channel's sum, rounded by the offsets' half.
        int64_t grey = (int64_t)19595 * channels[0] + (int64_t)38470 * channels[1] + (int64_t)7471 * channels[2];
        for (int channel = 0; channel < 3; channel++) {
          int64_t value = (int64_t)own_fixed * channels[channel] + ((int64_t)mixed_fixed * grey >> 16) +
                          offset_fixed[channel];
          int rounded = (int)(value >> 16);
          out[channel] = rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded);
        }
      } else {
        double scale = 255.0 / alpha;
        double grey = (0.299 * channels[0] + 0.587 * channels[1] + 0.114 * channels[2]) * scale;
        for (int channel = 0; channel < 3; channel++)
          out[channel] = clamp_channel((own * channels[channel] * scale + mixed * grey + offsets[channel]) / scale, alpha);
      }
      row[x] = (uint32_t)alpha << 24 | (uint32_t)out[0] << 16 | (uint32_t)out[1] << 8 | (uint32_t)out[2];
    }
  }
}

int meme_deep_fry(uint8_t *pixels, size_t stride, int width, int height, double strength, uint32_t seed) {
  if (width <= 0 || height <= 0) return 1;
  strength = fmin(1, fmax(0, strength));
  fry_colours(pixels, stride, width, height, strength);
  // Sharpening reads each pixel's neighbours as they were: three rows are kept aside as they go.
  size_t row_bytes = (size_t)width * 4;
  uint8_t *rows = malloc(row_bytes * 3);
  if (!rows) return 0;
  uint32_t *above = (uint32_t *)rows, *current = (uint32_t *)(rows + row_bytes),
           *below = (uint32_t *)(rows + 2 * row_bytes);
  memcpy(current, pixels, row_bytes);
  memcpy(above, current, row_bytes);
  // The unsharp mask, c + amount · (c − mean of the four neighbours), in 8.8 fixed point.
  int32_t amount = (int32_t)lround((1 + 2 * strength) * 256);
  int noise = (int)lround(48 * strength);
  for (int y = 0; y < height; y++) {
    memcpy(below, pixels + (size_t)(y + 1 < height ? y + 1 : y) * stride, row_bytes);
    uint32_t *row = (uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t pixel = current[x];
      int alpha = (int)(pixel >> 24);
      if (alpha == 0) continue;
      int left = x > 0 ? x - 1 : x, right = x + 1 < width ? x + 1 : x;
      uint32_t hash = noise_hash((uint32_t)x, (uint32_t)y, seed);
      // Mostly grain shared by the three channels, with a little colour of its own in each; on a
      // translucent pixel, premultiplied as its colour is.
      // (Multiplied and shifted rather than divided: a division a channel took most of the time.)
      int grain = (int)((hash & 0xFFFF) * (uint32_t)(2 * noise + 1) >> 16) - noise;
      int out[3];
      for (int channel = 0; channel < 3; channel++) {
        int shift = 16 - 8 * channel;
        int32_t centre = (int32_t)(pixel >> shift & 0xFF);
        int32_t neighbours = (int32_t)(above[x] >> shift & 0xFF) + (int32_t)(below[x] >> shift & 0xFF) +
                             (int32_t)(current[left] >> shift & 0xFF) + (int32_t)(current[right] >> shift & 0xFF);
        int32_t sharpened = centre * 256 + (amount * (centre * 4 - neighbours) >> 2);
        int tint = noise > 0 ? (int)((hash >> (8 + 8 * channel) & 0xFF) * 9 >> 8) - 4 : 0;
        int32_t added = grain + tint;
        if (alpha < 255) added = (added * alpha * 257 + 32768) >> 16;
        int32_t value = (sharpened + 128 >> 8) + added;
        out[channel] = value < 0 ? 0 : (value > alpha ? alpha : value);
      }
      row[x] = (uint32_t)alpha << 24 | (uint32_t)out[0] << 16 | (uint32_t)out[1] << 8 | (uint32_t)out[2];
    }
    uint32_t *spare = above;
    above = current;
    current = below;
    below = spare;
  }
  free(rows);
  return 1;
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
