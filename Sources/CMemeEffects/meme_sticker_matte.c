// SPDX-License-Identifier: GPL-3.0-or-later
// A sticker's transparent surroundings (see StickerMatte.swift for when they are made).
#include "meme_effects.h"

#include <math.h>
#include <stdlib.h>

static int inside(meme_pixel_rect rect, int x, int y) {
  return x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1;
}

// The least alpha with which some colour over `background` gives `value` (0 to 255, one channel):
// the channel's distance from the background over the most it could be.
static double channel_alpha(double value, double background) {
  if (value > background) return (value - background) / (255 - background);
  if (value < background) return (background - value) / background;
  return 0;
}

int meme_sticker_matte(uint8_t *pixels, size_t stride, int width, int height, meme_pixel_rect kept,
                       uint32_t background, int halo) {
  // Cairo's ARGB32 on a little-endian machine: blue, green, red, alpha, premultiplied.
  const double back[3] = {background & 0xff, (background >> 8) & 0xff, (background >> 16) & 0xff};
  float *ink = calloc((size_t)width * (size_t)height, sizeof *ink);
  if (ink == NULL) return 0;
  // First the ink: each surrounding pixel as the least-alpha colour that gives it over the background.
  for (int y = 0; y < height; y++) {
    uint8_t *row = pixels + (size_t)y * stride;
    for (int x = 0; x < width; x++) {
      if (inside(kept, x, y)) continue;
      uint8_t *pixel = row + 4 * x;
      double coverage = pixel[3] / 255.0;
      if (coverage == 0) continue;
      double straight[3], alpha = 0;
      for (int channel = 0; channel < 3; channel++) {
        straight[channel] = fmin(255, pixel[channel] / coverage);
        alpha = fmax(alpha, channel_alpha(straight[channel], back[channel]));
      }
      // Premultiplied, the ink is what the pixel holds beyond the background's share.
      for (int channel = 0; channel < 3; channel++) {
        double value = straight[channel] - back[channel] * (1 - alpha);
        pixel[channel] = (uint8_t)lround(fmax(0, fmin(255 * alpha, value)) * coverage);
      }
      alpha *= coverage;
      pixel[3] = (uint8_t)lround(alpha * 255);
      ink[(size_t)y * width + x] = (float)alpha;
    }
  }
  // Then the halo under it: the most ink within `halo` pixels, in the background's colour.
  for (int y = 0; y < height; y++) {
    uint8_t *row = pixels + (size_t)y * stride;
    for (int x = 0; x < width; x++) {
      if (inside(kept, x, y)) continue;
      double near = 0;
      for (int dy = -halo; dy <= halo && near < 1; dy++) {
        int yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (int dx = -halo; dx <= halo; dx++) {
          int xx = x + dx;
          if (xx < 0 || xx >= width || dx * dx + dy * dy > halo * halo + halo) continue;
          if (ink[(size_t)yy * width + xx] > near) near = ink[(size_t)yy * width + xx];
        }
      }
      uint8_t *pixel = row + 4 * x;
      double alpha = pixel[3] / 255.0, under = near * (1 - alpha);
      for (int channel = 0; channel < 3; channel++)
        pixel[channel] = (uint8_t)lround(fmin(255, pixel[channel] + back[channel] * under));
      pixel[3] = (uint8_t)lround(fmin(1, alpha + under) * 255);
    }
  }
  free(ink);
  return 1;
}
