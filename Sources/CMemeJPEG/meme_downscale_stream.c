// SPDX-License-Identifier: GPL-3.0-or-later
// Area averaging for rows that arrive one at a time (see meme_downscale.h): the picture too large to
// be held is never held; only two rows of sums are.
#include <stdlib.h>
#include <string.h>

#include "meme_downscale.h"
#include "meme_downscale_axis.h"

struct meme_downscale_stream {
  const meme_downscale_axis *columns, *rows;
  uint8_t *target;
  int target_stride;
  // The next source row to come, and the target row being summed (the one after it may be too: a
  // source row that straddles two target rows adds its share to each).
  int source_row, target_row;
  float *reduced, *sum, *next;
};

meme_downscale_stream *meme_downscale_stream_new(const meme_downscale_axis *columns,
                                                 const meme_downscale_axis *rows, uint8_t *target,
                                                 int target_stride) {
  meme_downscale_stream *stream = calloc(1, sizeof *stream);
  if (!stream) return NULL;
  const size_t width = (size_t)columns->target_size * 4;
  stream->columns = columns;
  stream->rows = rows;
  stream->target = target;
  stream->target_stride = target_stride;
  stream->reduced = malloc(sizeof(float) * width);
  stream->sum = calloc(width, sizeof(float));
  stream->next = calloc(width, sizeof(float));
  if (!stream->reduced || !stream->sum || !stream->next) {
    meme_downscale_stream_free(stream);
    return NULL;
  }
  return stream;
}

void meme_downscale_stream_free(meme_downscale_stream *stream) {
  if (!stream) return;
  free(stream->reduced);
  free(stream->sum);
  free(stream->next);
  free(stream);
}

// Adds source row `y`'s share to target row `i`'s sums, when it covers that row.
static void add_share(const meme_downscale_stream *stream, int i, int y, float *sum) {
  const meme_downscale_axis *rows = stream->rows;
  if (i >= rows->target_size || y < rows->first[i] || y >= rows->first[i] + rows->count[i]) return;
  const float weight = rows->weights[(size_t)i * (size_t)rows->max_taps + (size_t)(y - rows->first[i])];
  const size_t width = (size_t)stream->columns->target_size * 4;
  for (size_t c = 0; c < width; c++) sum[c] += weight * stream->reduced[c];
}

void meme_downscale_stream_push(meme_downscale_stream *stream, const uint8_t *row) {
  const meme_downscale_axis *rows = stream->rows;
  const int y = stream->source_row++;
  if (stream->target_row >= rows->target_size) return;
  meme_downscale_reduce_row(row, stream->columns, stream->reduced);
  add_share(stream, stream->target_row, y, stream->sum);
  add_share(stream, stream->target_row + 1, y, stream->next);
  const int i = stream->target_row;
  if (y != rows->first[i] + rows->count[i] - 1) return;
  // Target row `i` has all its source rows: written, and the next one's sums take its place.
  const size_t width = (size_t)stream->columns->target_size * 4;
  uint8_t *out = stream->target + (size_t)i * (size_t)stream->target_stride;
  for (size_t c = 0; c < width; c++) {
    float value = stream->sum[c] + 0.5f;
    out[c] = value >= 255.0f ? 255 : (uint8_t)value;
  }
  float *written = stream->sum;
  stream->sum = stream->next;
  stream->next = written;
  memset(stream->next, 0, sizeof(float) * width);
  stream->target_row++;
}
