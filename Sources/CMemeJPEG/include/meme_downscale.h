// SPDX-License-Identifier: GPL-3.0-or-later
// A picture made smaller by averaging areas (a box filter with exact fractional coverage): each
// pixel of the result is the mean of the part of the source it covers. For the size fitter, which
// tries a few smaller sizes of one rendered meme: in C (compiled with the engine's other pixel loops)
// because a 48-megapixel picture is read whole for every size tried.
#ifndef MEMEME_DOWNSCALE_H
#define MEMEME_DOWNSCALE_H

#include <stdint.h>

// How the columns (or rows) of a source `source_size` long map onto `target_size` (at most
// `source_size`, at least 1): made once per size, shared by every band.
typedef struct meme_downscale_axis meme_downscale_axis;

meme_downscale_axis *meme_downscale_axis_new(int source_size, int target_size);
void meme_downscale_axis_free(meme_downscale_axis *axis);

// Writes rows [first_row, end_row) of the smaller picture (`columns`' target size wide, `rows'`
// target size high) to `target`, row `first_row` first: `target` points at where that row goes. The
// source is `columns`' and `rows`' source sizes; both are 4-byte pixels (Cairo's premultiplied
// ARGB32, averaged channel by channel, which is right for premultiplied colour). Only the source rows
// those rows cover are read. Bands of rows may be written on several threads at once. Returns 0, or
// -1 without memory.
int meme_downscale_rows(const uint8_t *source, int source_stride, uint8_t *target, int target_stride,
                        const meme_downscale_axis *columns, const meme_downscale_axis *rows, int first_row,
                        int end_row);

// The same averaging for a picture whose rows arrive one by one, top to bottom, and are not kept (a
// decoder's output that must never be held whole): each row of the smaller picture is written to
// `target` as soon as the last source row it covers has been pushed. Holds two rows of sums.
typedef struct meme_downscale_stream meme_downscale_stream;

// `columns` and `rows` must outlive the stream; `target` is the smaller picture's first row.
meme_downscale_stream *meme_downscale_stream_new(const meme_downscale_axis *columns,
                                                 const meme_downscale_axis *rows, uint8_t *target,
                                                 int target_stride);
void meme_downscale_stream_free(meme_downscale_stream *stream);

// Adds the next source row (`columns`' source size of 4-byte premultiplied pixels).
void meme_downscale_stream_push(meme_downscale_stream *stream, const uint8_t *row);

#endif
