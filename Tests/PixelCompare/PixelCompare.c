// SPDX-License-Identifier: GPL-3.0-or-later
#include "PixelCompare.h"

#include <stdlib.h>

static int largest_channel_difference(const uint8_t *p, const uint8_t *q) {
  int largest = 0;
  for (int channel = 0; channel < 4; channel++) {
    int difference = abs((int)p[channel] - (int)q[channel]);
    if (difference > largest) largest = difference;
  }
  return largest;
}

// How far, in its farthest channel, `pixel` lies outside the range the pixels of `image` within
// `radius` of (x, y) span.
static int distance_outside_neighbourhood(const uint8_t *pixel, const uint8_t *image, int width,
                                          int height, int stride, int x, int y, int radius) {
  int lowest[4] = {255, 255, 255, 255};
  int highest[4] = {0, 0, 0, 0};
  for (int ny = y - radius; ny <= y + radius; ny++) {
    if (ny < 0 || ny >= height) continue;
    for (int nx = x - radius; nx <= x + radius; nx++) {
      if (nx < 0 || nx >= width) continue;
      const uint8_t *neighbour = image + (int64_t)ny * stride + (int64_t)nx * 4;
      for (int channel = 0; channel < 4; channel++) {
        if (neighbour[channel] < lowest[channel]) lowest[channel] = neighbour[channel];
        if (neighbour[channel] > highest[channel]) highest[channel] = neighbour[channel];
      }
    }
  }
  int distance = 0;
  for (int channel = 0; channel < 4; channel++) {
    int outside = pixel[channel] < lowest[channel]    ? lowest[channel] - pixel[channel]
                  : pixel[channel] > highest[channel] ? pixel[channel] - highest[channel]
                                                      : 0;
    if (outside > distance) distance = outside;
  }
  return distance;
}

pixel_difference pixel_compare(const uint8_t *a, const uint8_t *b, int width, int height, int stride,
                               int x0, int y0, int x1, int y1, int threshold, int radius) {
  pixel_difference result = {0, 0, 0};
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      int64_t offset = (int64_t)y * stride + (int64_t)x * 4;
      int difference =
          distance_outside_neighbourhood(a + offset, b, width, height, stride, x, y, radius);
      int reverse = distance_outside_neighbourhood(b + offset, a, width, height, stride, x, y, radius);
      if (reverse > difference) difference = reverse;
      result.compared++;
      if (difference > threshold) result.differing++;
      if (difference > result.largest) result.largest = difference;
    }
  }
  return result;
}

void pixel_changed_span(const uint8_t *image, const uint8_t *background, int stride, int x0, int y0,
                        int x1, int y1, int threshold, int *first, int *last) {
  *first = -1;
  *last = -1;
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      int64_t offset = (int64_t)y * stride + (int64_t)x * 4;
      if (largest_channel_difference(image + offset, background + offset) <= threshold) continue;
      if (*first < 0 || x < *first) *first = x;
      if (x > *last) *last = x;
    }
  }
}

// MARK: JPEG block-path tests

static uint32_t next_random(uint32_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

void pixel_fill_photo(uint8_t *samples, int width, int height, uint32_t seed) {
  uint32_t state = seed ? seed : 1;
  // Colour fields that change over about a tenth of the picture, a few hard edges (a "horizon" and
  // diagonal bands) and grain of a few levels: blocks neither flat nor pure noise.
  double fx = 6.28318 / (width / 7.0 + 1), fy = 6.28318 / (height / 5.0 + 1);
  for (int y = 0; y < height; y++) {
    uint8_t *row = samples + (int64_t)y * width * 3;
    for (int x = 0; x < width; x++) {
      int horizon = y > height * 3 / 5;
      int band = ((x + y) / (width / 9 + 1)) & 1;
      double r = 120 + 60 * __builtin_sin(x * fx) + (horizon ? -40 : 30) + band * 20;
      double g = 110 + 50 * __builtin_cos(y * fy + x * fx * 0.5) + (horizon ? 30 : 0);
      double b = 140 + 70 * __builtin_sin((x + y) * fx * 0.7) + (horizon ? -50 : 40) - band * 25;
      int grain = (int)(next_random(&state) % 13) - 6;
      double values[3] = {r + grain, g + grain, b + grain};
      for (int c = 0; c < 3; c++) {
        double v = values[c];
        row[x * 3 + c] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
      }
    }
  }
}

void pixel_rows_differing(const uint8_t *a, const uint8_t *b, int width, int height, int channels,
                          uint8_t *rows) {
  int64_t length = (int64_t)width * channels;
  for (int y = 0; y < height; y++) {
    const uint8_t *p = a + y * length, *q = b + y * length;
    rows[y] = 0;
    for (int64_t i = 0; i < length; i++) {
      if (p[i] != q[i]) {
        rows[y] = 1;
        break;
      }
    }
  }
}

sample_difference pixel_sample_difference(const uint8_t *a, const uint8_t *b, int width, int channels,
                                          int y0, int y1) {
  sample_difference result = {0, 0, 0, 0, 0};
  int64_t total = 0;
  double squared = 0;
  int64_t length = (int64_t)width * channels;
  for (int y = y0; y < y1; y++) {
    const uint8_t *p = a + y * length, *q = b + y * length;
    for (int x = 0; x < width; x++) {
      int same = 1;
      for (int c = 0; c < channels; c++) {
        int d = abs((int)p[x * channels + c] - (int)q[x * channels + c]);
        total += d;
        squared += (double)d * d;
        if (d > result.largest) result.largest = d;
        if (d) same = 0;
      }
      result.identical_pixels += same;
    }
  }
  result.samples = (int64_t)(y1 - y0) * length;
  result.mean_absolute = result.samples ? (double)total / (double)result.samples : 0;
  result.squared_error = squared;
  return result;
}
