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
