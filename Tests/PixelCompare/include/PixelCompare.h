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

// MARK: JPEG block-path tests (packed 8-bit samples, `channels` per pixel, rows `width * channels` long)

// Fills `samples` (RGB, 3 per pixel) with a photo-like picture: smooth colour fields, edges and
// fine grain, so JPEG coding gives every block real work. The same seed gives the same picture.
void pixel_fill_photo(uint8_t *samples, int width, int height, uint32_t seed);

// Sets rows[y] to 1 for every row where `a` and `b` differ in any sample, 0 elsewhere.
void pixel_rows_differing(const uint8_t *a, const uint8_t *b, int width, int height, int channels,
                          uint8_t *rows);

typedef struct {
  int64_t samples;
  int64_t identical_pixels;
  double mean_absolute;
  double squared_error;
  int largest;
} sample_difference;

// Compares rows [y0, y1) of two pictures sample by sample.
sample_difference pixel_sample_difference(const uint8_t *a, const uint8_t *b, int width, int channels,
                                          int y0, int y1);

#endif
