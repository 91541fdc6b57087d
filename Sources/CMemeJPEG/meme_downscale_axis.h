// SPDX-License-Identifier: GPL-3.0-or-later
// What the whole-picture and the streaming downscales share (meme_downscale.c, meme_downscale_stream.c).
#ifndef MEMEME_DOWNSCALE_AXIS_H
#define MEMEME_DOWNSCALE_AXIS_H

#include <stdint.h>

#include "meme_downscale.h"

// Per target pixel: the first source pixel it covers, how many, and each one's share (summing to 1).
struct meme_downscale_axis {
  int source_size, target_size, max_taps;
  int *first, *count;
  float *weights;  // target_size × max_taps
};

// One source row averaged across: `out` gets 4 floats per target column.
void meme_downscale_reduce_row(const uint8_t *row, const meme_downscale_axis *columns, float *out);

#endif
