// SPDX-License-Identifier: GPL-3.0-or-later
// A frame's rows made ready for the GIF encoder: Cairo's pixels as straight RGBA, and the pixels
// that changed since they were last written. Branch-free loops over whole rows, so the compiler
// works on several pixels at once; they run on every pixel of every frame.
#include "meme_gif_rows.h"

#include <string.h>

#include "meme_straight_pixel.h"

// Built for AVX2 as well where the compiler can, chosen when the program starts.
// Not under a sanitizer: the clone is chosen by a resolver that runs while the program is being
// loaded, before the sanitizer's runtime is ready, and an instrumented resolver crashes there.
#if defined(__x86_64__) && defined(__has_attribute) && defined(__has_feature)
#if __has_attribute(target_clones) && !__has_feature(thread_sanitizer) && !__has_feature(address_sanitizer)
#define MEME_ROW_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef MEME_ROW_CLONES
#define MEME_ROW_CLONES
#endif

// A pixel of Cairo's as straight RGBA in memory order, with one bit of transparency (all GIF has):
// fully transparent (all zero) or opaque.
static inline uint32_t gif_pixel(uint32_t argb, int transparent) {
  uint8_t bytes[4];
  uint32_t alpha = meme_straight_pixel(argb, bytes);
  if (transparent && alpha < 128) return 0;
  bytes[3] = 255;
  uint32_t word;
  memcpy(&word, bytes, 4);
  return word;
}

static int is_opaque(const uint32_t *argb, int width) {
  uint32_t all = 0xFF000000u;
  for (int x = 0; x < width; x++) all &= argb[x];
  return all == 0xFF000000u;
}

MEME_ROW_CLONES
void meme_gif_row_to_rgba(const uint32_t *argb, uint32_t *rgba, int width, int transparent) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // An opaque row (nearly every row of a photo) needs no division: its red and blue change places.
  if (is_opaque(argb, width)) {
    for (int x = 0; x < width; x++) {
      uint32_t pixel = argb[x];
      rgba[x] = 0xFF000000u | (pixel & 0xFF) << 16 | (pixel & 0xFF00) | (pixel >> 16 & 0xFF);
    }
    return;
  }
#endif
  for (int x = 0; x < width; x++) rgba[x] = gif_pixel(argb[x], transparent);
}

// Whether any channel of `a` is more than `tolerance` from `b`'s.
static inline uint32_t differs(uint32_t a, uint32_t b, int32_t tolerance) {
  uint32_t result = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    int32_t difference = (int32_t)(a >> shift & 0xFF) - (int32_t)(b >> shift & 0xFF);
    result |= (uint32_t)(difference > tolerance) | (uint32_t)(difference < -tolerance);
  }
  return result;
}

MEME_ROW_CLONES
int meme_gif_row_changes(uint32_t *row, uint32_t *written, int width, int tolerance, int *last) {
  int first = width, final = -1;
  for (int x = 0; x < width; x++) {
    uint32_t pixel = row[x], before = written[x];
    uint32_t changed = differs(pixel, before, tolerance);
    row[x] = changed ? pixel : 0;
    written[x] = changed ? pixel : before;
    int at_first = changed ? x : width, at_last = changed ? x : -1;
    first = at_first < first ? at_first : first;
    final = at_last > final ? at_last : final;
  }
  *last = final;
  return first;
}
