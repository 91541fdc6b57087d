// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_effects.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// The first pixel of block `index` along one axis (blocks start at `origin`, `size` apart).
static int block_start(double origin, double size, long index) {
  return (int)lround(origin + (double)index * size);
}

/// The block holding pixel `position`.
static long block_index(double origin, double size, int position) {
  return (long)floor(((double)position + 0.5 - origin) / size);
}

static int clamp_int(int value, int low, int high) { return value < low ? low : (value > high ? high : value); }

void meme_pixelate(uint8_t *pixels, size_t stride, meme_pixel_rect rect, meme_block_grid grid) {
  if (rect.x0 >= rect.x1 || rect.y0 >= rect.y1 || !(grid.block_width > 0) || !(grid.block_height > 0)) return;
  long first_row = block_index(grid.origin_y, grid.block_height, rect.y0);
  long last_row = block_index(grid.origin_y, grid.block_height, rect.y1 - 1);
  long first_column = block_index(grid.origin_x, grid.block_width, rect.x0);
  long last_column = block_index(grid.origin_x, grid.block_width, rect.x1 - 1);
  for (long row = first_row; row <= last_row; row++) {
    int y0 = clamp_int(block_start(grid.origin_y, grid.block_height, row), rect.y0, rect.y1);
    int y1 = clamp_int(block_start(grid.origin_y, grid.block_height, row + 1), rect.y0, rect.y1);
    if (y0 >= y1) continue;
    for (long column = first_column; column <= last_column; column++) {
      int x0 = clamp_int(block_start(grid.origin_x, grid.block_width, column), rect.x0, rect.x1);
      int x1 = clamp_int(block_start(grid.origin_x, grid.block_width, column + 1), rect.x0, rect.x1);
      if (x0 >= x1) continue;
      uint64_t sums[4] = {0, 0, 0, 0};
      for (int y = y0; y < y1; y++) {
        const uint8_t *pixel = pixels + (size_t)y * stride + (size_t)x0 * 4;
        for (int x = x0; x < x1; x++, pixel += 4) {
          sums[0] += pixel[0];
          sums[1] += pixel[1];
          sums[2] += pixel[2];
          sums[3] += pixel[3];
        }
      }
      uint64_t count = (uint64_t)(x1 - x0) * (uint64_t)(y1 - y0);
      uint8_t mean[4];
      for (int channel = 0; channel < 4; channel++) mean[channel] = (uint8_t)((sums[channel] + count / 2) / count);
      for (int y = y0; y < y1; y++) {
        uint8_t *pixel = pixels + (size_t)y * stride + (size_t)x0 * 4;
        for (int x = x0; x < x1; x++, pixel += 4) memcpy(pixel, mean, 4);
      }
    }
  }
}

/// One box blur of `count` pixels `step` bytes apart, `radius` either side, the ends repeated;
/// `line` holds a copy of them.
static void box_blur_line(uint8_t *first, size_t step, int count, int radius, uint8_t *line) {
  for (int index = 0; index < count; index++) memcpy(line + (size_t)index * 4, first + (size_t)index * step, 4);
  uint32_t sums[4] = {0, 0, 0, 0};
  int window = 2 * radius + 1;
  for (int offset = -radius; offset <= radius; offset++) {
    const uint8_t *pixel = line + (size_t)clamp_int(offset, 0, count - 1) * 4;
    for (int channel = 0; channel < 4; channel++) sums[channel] += pixel[channel];
  }
  for (int index = 0; index < count; index++) {
    uint8_t *out = first + (size_t)index * step;
    for (int channel = 0; channel < 4; channel++) out[channel] = (uint8_t)((sums[channel] + (uint32_t)window / 2) / (uint32_t)window);
    const uint8_t *leaving = line + (size_t)clamp_int(index - radius, 0, count - 1) * 4;
    const uint8_t *entering = line + (size_t)clamp_int(index + radius + 1, 0, count - 1) * 4;
    for (int channel = 0; channel < 4; channel++) sums[channel] += (uint32_t)entering[channel] - leaving[channel];
  }
}

int meme_blur_hidden(uint8_t *pixels, size_t stride, meme_pixel_rect rect, meme_block_grid grid) {
  meme_pixelate(pixels, stride, rect, grid);
  int width = rect.x1 - rect.x0, height = rect.y1 - rect.y0;
  if (width <= 0 || height <= 0) return 1;
  int longest = width > height ? width : height;
  uint8_t *line = malloc((size_t)longest * 4);
  if (!line) return 0;
  // Three box blurs come close to a Gaussian; each half a block wide hides the blocks' edges.
  int radius_x = (int)fmax(1, lround(grid.block_width / 2));
  int radius_y = (int)fmax(1, lround(grid.block_height / 2));
  for (int pass = 0; pass < 3; pass++) {
    for (int y = rect.y0; y < rect.y1; y++)
      box_blur_line(pixels + (size_t)y * stride + (size_t)rect.x0 * 4, 4, width, radius_x, line);
    for (int x = rect.x0; x < rect.x1; x++)
      box_blur_line(pixels + (size_t)rect.y0 * stride + (size_t)x * 4, stride, height, radius_y, line);
  }
  free(line);
  return 1;
}

void meme_fill_rect(uint8_t *pixels, size_t stride, meme_pixel_rect rect, uint32_t argb) {
  for (int y = rect.y0; y < rect.y1; y++) {
    uint32_t *row = (uint32_t *)(pixels + (size_t)y * stride);
    for (int x = rect.x0; x < rect.x1; x++) row[x] = argb;
  }
}
