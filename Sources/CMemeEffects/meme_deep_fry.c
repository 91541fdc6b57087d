// SPDX-License-Identifier: GPL-3.0-or-later
// Deep-fry: saturation, contrast and warmth, then sharpening and noise, a row at a time in one pass.
// The loops are written so the compiler can work on many pixels at once (no branch a pixel, 32-bit
// arithmetic), and built for AVX2 beside the baseline where the processor has it.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "meme_effects.h"

// Not under a sanitizer: the clone is chosen by a resolver that runs while the program is being
// loaded, before the sanitizer's runtime is ready, and an instrumented resolver crashes there.
#if defined(__x86_64__) && defined(__has_attribute) && defined(__has_feature)
#if __has_attribute(target_clones) && !__has_feature(thread_sanitizer) && !__has_feature(address_sanitizer)
#define MEME_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef MEME_VECTOR_CLONES
#define MEME_VECTOR_CLONES
#endif

typedef struct {
  // out = own·c + mixed·grey + offset, per channel: own and the offsets in 16.16 fixed point, mixed
  // in 12.12 against a grey in 8.8 (their product shifted to 16.16), so every product fits 32 bits.
  int32_t own, mixed, offset[3];
  // For translucent pixels, the same sums in floating point on the unpremultiplied colour.
  double own_exact, mixed_exact, offset_exact[3];
  // The unsharp mask, c + amount · (c − mean of the four neighbours), amount in 8.8.
  int32_t amount;
  // The grain's reach either side of zero, in channel steps.
  int32_t noise;
  uint32_t seed;
} fry_settings;

static fry_settings settings_for(double strength, uint32_t seed) {
  fry_settings s;
  double saturation = 1 + 2.5 * strength, contrast = 1 + 0.8 * strength, warmth = 24 * strength;
  s.own_exact = contrast * saturation;
  s.mixed_exact = contrast * (1 - saturation);
  double base = 128 * (1 - contrast);
  s.offset_exact[0] = base + warmth;
  s.offset_exact[1] = base;
  s.offset_exact[2] = base - warmth;
  s.own = (int32_t)lround(s.own_exact * 65536);
  s.mixed = (int32_t)lround(s.mixed_exact * 4096);
  // Half a step added, so the shift at the end rounds.
  for (int channel = 0; channel < 3; channel++) s.offset[channel] = (int32_t)lround(s.offset_exact[channel] * 65536) + 32768;
  s.amount = (int32_t)lround((1 + 2 * strength) * 256);
  s.noise = (int32_t)lround(48 * strength);
  s.seed = seed;
  return s;
}

static inline int32_t clamp_to(int32_t value, int32_t high) { return value < 0 ? 0 : (value > high ? high : value); }

// One row's colours fried into `out` (premultiplied, as it came).
MEME_VECTOR_CLONES
static void fry_row_colours(const uint32_t *restrict in, uint32_t *restrict out, int width, const fry_settings *s) {
  int32_t own = s->own, mixed = s->mixed, offset0 = s->offset[0], offset1 = s->offset[1], offset2 = s->offset[2];
  for (int x = 0; x < width; x++) {
    uint32_t pixel = in[x];
    int32_t red = (int32_t)(pixel >> 16 & 0xFF), green = (int32_t)(pixel >> 8 & 0xFF), blue = (int32_t)(pixel & 0xFF);
    // Rec. 601 grey in 8.8.
    int32_t grey = (19595 * red + 38470 * green + 7471 * blue + 128) >> 8;
    int32_t shared = mixed * grey >> 4;
    int32_t r = clamp_to((own * red + shared + offset0) >> 16, 255);
    int32_t g = clamp_to((own * green + shared + offset1) >> 16, 255);
    int32_t b = clamp_to((own * blue + shared + offset2) >> 16, 255);
    out[x] = (pixel & 0xFF000000u) | (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
  }
  // The few pixels that are not opaque (a photo has none; a sticker's edge has some): through their
  // straight colour, in floating point; a transparent one stays as it is.
  for (int x = 0; x < width; x++) {
    uint32_t pixel = in[x];
    uint32_t alpha = pixel >> 24;
    if (alpha == 255) continue;
    if (alpha == 0) {
      out[x] = pixel;
      continue;
    }
    double scale = 255.0 / alpha;
    double channels[3] = {(pixel >> 16 & 0xFF) * scale, (pixel >> 8 & 0xFF) * scale, (pixel & 0xFF) * scale};
    double grey = 0.299 * channels[0] + 0.587 * channels[1] + 0.114 * channels[2];
    uint32_t word = alpha << 24;
    for (int channel = 0; channel < 3; channel++) {
      long value = lround((s->own_exact * channels[channel] + s->mixed_exact * grey + s->offset_exact[channel]) / scale);
      word |= (uint32_t)(value < 0 ? 0 : (value > (long)alpha ? (long)alpha : value)) << (16 - 8 * channel);
    }
    out[x] = word;
  }
}

// A well-mixed 32-bit hash of a pixel's place and the seed: the noise is the same wherever and
// however often the same picture is fried.
static inline uint32_t noise_hash(uint32_t x, uint32_t y, uint32_t seed) {
  uint32_t value = x * 0x9E3779B1u ^ (y + 0x7F4A7C15u) * 0x85EBCA77u ^ seed * 0xC2B2AE3Du;
  value ^= value >> 15;
  value *= 0x2C1B3C6Du;
  value ^= value >> 12;
  value *= 0x297A2D39u;
  value ^= value >> 15;
  return value;
}

// One channel sharpened, with its noise, clamped under the pixel's alpha.
static inline uint32_t sharpen_channel(uint32_t centre_word, uint32_t above, uint32_t below, uint32_t left,
                                       uint32_t right, int shift, int32_t amount, int32_t added, int32_t alpha) {
  int32_t centre = (int32_t)(centre_word >> shift & 0xFF);
  int32_t neighbours = (int32_t)(above >> shift & 0xFF) + (int32_t)(below >> shift & 0xFF) +
                       (int32_t)(left >> shift & 0xFF) + (int32_t)(right >> shift & 0xFF);
  int32_t sharpened = centre * 256 + (amount * (centre * 4 - neighbours) >> 2);
  return (uint32_t)clamp_to(((sharpened + 128) >> 8) + added, alpha) << shift;
}

// Row `y` sharpened from the fried rows around it (each with its edge pixel repeated one place
// beyond either end, so `current[-1]` and `current[width]` are there), and noise added.
MEME_VECTOR_CLONES
static void sharpen_row(const uint32_t *restrict above, const uint32_t *restrict current, const uint32_t *restrict below,
                        uint32_t *restrict out, int width, uint32_t y, const fry_settings *s) {
  int32_t amount = s->amount, noise = s->noise, spread = 2 * s->noise + 1;
  int32_t tint_reach = noise > 0 ? 4 : 0, tint_scale = noise > 0 ? 9 : 0;
  uint32_t seed = s->seed;
  for (int x = 0; x < width; x++) {
    uint32_t pixel = current[x];
    int32_t alpha = (int32_t)(pixel >> 24);
    uint32_t hash = noise_hash((uint32_t)x, y, seed);
    // Mostly grain shared by the three channels, with a little colour of its own in each; on a
    // translucent pixel, premultiplied as its colour is.
    int32_t grain = (int32_t)((hash & 0xFFFF) * (uint32_t)spread >> 16) - noise;
    int32_t added[3];
    for (int channel = 0; channel < 3; channel++) {
      int32_t tint = ((int32_t)(hash >> (8 + 8 * channel) & 0xFF) * tint_scale >> 8) - tint_reach;
      int32_t value = grain + tint;
      added[channel] = alpha == 255 ? value : (value * alpha * 257 + 32768) >> 16;
    }
    uint32_t word = (uint32_t)alpha << 24 |
                    sharpen_channel(pixel, above[x], below[x], current[x - 1], current[x + 1], 16, amount, added[0], alpha) |
                    sharpen_channel(pixel, above[x], below[x], current[x - 1], current[x + 1], 8, amount, added[1], alpha) |
                    sharpen_channel(pixel, above[x], below[x], current[x - 1], current[x + 1], 0, amount, added[2], alpha);
    out[x] = alpha == 0 ? pixel : word;
  }
}

int meme_deep_fry(uint8_t *pixels, size_t stride, int width, int height, double strength, uint32_t seed) {
  if (width <= 0 || height <= 0) return 1;
  fry_settings settings = settings_for(fmin(1, fmax(0, strength)), seed);
  // Three fried rows at a time (above, current, below), each with room for its edge repeated.
  size_t padded = (size_t)width + 2;
  uint32_t *rows = malloc(padded * 3 * sizeof *rows);
  if (!rows) return 0;
  uint32_t *ring[3] = {rows + 1, rows + padded + 1, rows + 2 * padded + 1};
  for (int y = -1; y < height; y++) {
    // Row y + 1 fried (the last row stands in for the one below it).
    int next = y + 1 < height ? y + 1 : height - 1;
    uint32_t *fried = ring[(y + 2) % 3];
    if (y + 1 < height) {
      fry_row_colours((const uint32_t *)(pixels + (size_t)next * stride), fried, width, &settings);
      fried[-1] = fried[0];
      fried[width] = fried[width - 1];
    } else {
      memcpy(fried - 1, ring[(y + 1) % 3] - 1, padded * sizeof *rows);
    }
    if (y < 0) continue;
    const uint32_t *current = ring[(y + 1) % 3];
    const uint32_t *above = y > 0 ? ring[y % 3] : current;
    sharpen_row(above, current, fried, (uint32_t *)(pixels + (size_t)y * stride), width, (uint32_t)y, &settings);
  }
  free(rows);
  return 1;
}
