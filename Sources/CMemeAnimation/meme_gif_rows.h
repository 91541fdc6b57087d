// SPDX-License-Identifier: GPL-3.0-or-later
// Rows of a frame made ready for the GIF encoder (meme_gif_encode.c).
#ifndef MEMEME_GIF_ROWS_H
#define MEMEME_GIF_ROWS_H

#include <stdint.h>

// Cairo's pixels (premultiplied ARGB32, native order) as straight RGBA in memory order, opaque,
// or, when `transparent`, all zero where alpha is under half.
void meme_gif_row_to_rgba(const uint32_t *argb, uint32_t *rgba, int width, int transparent);

// Compares a row of straight RGBA with the colours last written there. A pixel more than
// `tolerance` off in any channel is written (`written` takes it); any other becomes 0 (transparent)
// in `row`. Returns the first changed pixel's x (`width` when none) and sets `*last` to the last's
// (-1 when none).
int meme_gif_row_changes(uint32_t *row, uint32_t *written, int width, int tolerance, int *last);

#endif
