// SPDX-License-Identifier: GPL-3.0-or-later
// Pixel comparisons for the rendering tests, in C so that comparing megapixel images stays fast in
// debug builds.
#ifndef MEMEME_PIXEL_COMPARE_H
#define MEMEME_PIXEL_COMPARE_H

#include <stdint.h>

typedef struct {
  // Pixels in the compared rectangle whose largest channel difference exceeds the threshold.
  int64_t differing;
  int64_t compared;
  // The largest channel difference seen (0 to 255).
  int largest;
} pixel_difference;

// Compares two ARGB32 buffers of the same size and stride over the rectangle [x0, x1) × [y0, y1).
// A pixel differs when, in some channel, the pixel of `a` lies more than `threshold` outside the
// range that channel spans among the pixels of `b` within `radius` pixels (a square), or the pixel
// of `b` outside that of `a`'s. So an edge placed up to `radius` pixels apart, or blended to any
// value between its two sides, matches (Cairo 1.16 puts rasterised glyphs on whole pixels, and
// fills paths where they belong); a missing glyph does not: the other image has ink where its
// neighbourhood has none.
pixel_difference pixel_compare(const uint8_t *a, const uint8_t *b, int width, int height, int stride,
                               int x0, int y0, int x1, int y1, int threshold, int radius);

// The leftmost and rightmost columns in [x0, x1) of rows [y0, y1) where `image` differs from
// `background` (same stride) by more than `threshold` in some channel; -1 for both when none does.
void pixel_changed_span(const uint8_t *image, const uint8_t *background, int stride, int x0, int y0,
                        int x1, int y1, int threshold, int *first, int *last);

#endif
