// SPDX-License-Identifier: GPL-3.0-or-later
//
// What hides part of a picture and the effects memes are made with, on Cairo's ARGB32 pixels
// (premultiplied, one 32-bit word a pixel in native byte order). Plain loops, compiled optimised
// even in debug builds: a 12-megapixel picture is tens of millions of channel operations.
#ifndef MEME_EFFECTS_H
#define MEME_EFFECTS_H

#include <stddef.h>
#include <stdint.h>

/// A rectangle of whole pixels, [x0, x1) × [y0, y1).
typedef struct {
  int x0, y0, x1, y1;
} meme_pixel_rect;

/// A grid of blocks: the corner of its first block and the blocks' size, in pixels (fractions
/// allowed: a block of a picture shown smaller covers part of a screen pixel).
typedef struct {
  double origin_x, origin_y, block_width, block_height;
} meme_block_grid;

/// Every pixel of `rect` becomes the mean of the pixels of its block of `grid` within `rect`: what
/// lay inside a block is gone, only its mean is left.
void meme_pixelate(uint8_t *pixels, size_t stride, meme_pixel_rect rect, meme_block_grid grid);

/// `meme_pixelate`, then the blocks smoothed into one another (three box blurs, each as wide as
/// half a block, within `rect`): looks blurred, and holds no more of what lay beneath than the
/// blocks' means. Returns 0 when out of memory (the pixels are then pixelated only).
int meme_blur_hidden(uint8_t *pixels, size_t stride, meme_pixel_rect rect, meme_block_grid grid);

/// Fills `rect` with `argb` (premultiplied, as Cairo stores it).
void meme_fill_rect(uint8_t *pixels, size_t stride, meme_pixel_rect rect, uint32_t argb);

/// Each pixel's colour becomes its luma (Rec. 601 weights), alpha kept.
void meme_black_and_white(uint8_t *pixels, size_t stride, int width, int height);

/// Deep-fry at `strength` (0 to 1): saturation and contrast raised, warmed, sharpened, then noise
/// from `seed` (the same seed and pixels give the same result). Returns 0 when out of memory.
int meme_deep_fry(uint8_t *pixels, size_t stride, int width, int height, double strength, uint32_t seed);

/// Copies the colour of `from`'s pixels onto `to`'s, each clamped under `to`'s alpha, which stays.
void meme_copy_colour_under_alpha(uint8_t *to, size_t to_stride, const uint8_t *from, size_t from_stride,
                                  int width, int height);

/// A sticker's matte: every pixel outside `kept` (the picture) whose colour is `background`
/// (0xRRGGBB) becomes transparent, the ink over it (text) kept with the part of its colour that
/// differs from the background (colour to alpha), and a halo of the background colour, `halo`
/// pixels wide, laid under that ink so that it reads on any backdrop as it read on the background.
/// Returns 0 when out of memory (the pixels are then unchanged).
int meme_sticker_matte(uint8_t *pixels, size_t stride, int width, int height, meme_pixel_rect kept,
                       uint32_t background, int halo);

#endif
