// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_downscale.h"
#include "meme_downscale_axis.h"

#include <stdlib.h>
#include <string.h>


meme_downscale_axis *meme_downscale_axis_new(int source_size, int target_size) {
  if (source_size < 1 || target_size < 1 || target_size > source_size) return NULL;
  meme_downscale_axis *axis = calloc(1, sizeof *axis);
  if (!axis) return NULL;
  axis->source_size = source_size;
  axis->target_size = target_size;
  // A target pixel spans source_size / target_size source pixels, touching at most one more.
  axis->max_taps = (source_size + target_size - 1) / target_size + 1;
  axis->first = malloc(sizeof(int) * (size_t)target_size);
  axis->count = malloc(sizeof(int) * (size_t)target_size);
  axis->weights = calloc((size_t)target_size * (size_t)axis->max_taps, sizeof(float));
  if (!axis->first || !axis->count || !axis->weights) {
    meme_downscale_axis_free(axis);
    return NULL;
  }
  // In units of 1 / target_size source pixels: target pixel i covers [i * source, (i + 1) * source),
  // source pixel j covers [j * target, (j + 1) * target). Exact in 64-bit integers.
  const long long source = source_size, target = target_size;
  for (int i = 0; i < target_size; i++) {
    long long start = i * source, end = (i + 1) * source;
    int first = (int)(start / target);
    int last = (int)((end - 1) / target);
    axis->first[i] = first;
    axis->count[i] = last - first + 1;
    for (int j = first; j <= last; j++) {
      long long low = j * target > start ? j * target : start;
      long long high = (j + 1) * target < end ? (j + 1) * target : end;
      axis->weights[(size_t)i * (size_t)axis->max_taps + (size_t)(j - first)] = (float)(high - low) / (float)source;
    }
  }
  return axis;
}

void meme_downscale_axis_free(meme_downscale_axis *axis) {
  if (!axis) return;
  free(axis->first);
  free(axis->count);
  free(axis->weights);
  free(axis);
}

// Four channels at once: clang turns the sums below into vector instructions.
typedef float channels __attribute__((vector_size(16)));

void meme_downscale_reduce_row(const uint8_t *row, const meme_downscale_axis *columns, float *out) {
  for (int i = 0; i < columns->target_size; i++) {
    const uint8_t *pixel = row + (size_t)columns->first[i] * 4;
    const float *weight = columns->weights + (size_t)i * (size_t)columns->max_taps;
    channels sum = {0, 0, 0, 0};
    for (int k = 0; k < columns->count[i]; k++, pixel += 4) {
      channels value = {pixel[0], pixel[1], pixel[2], pixel[3]};
      sum += weight[k] * value;
    }
    memcpy(out + (size_t)i * 4, &sum, sizeof sum);
  }
}

int meme_downscale_rows(const uint8_t *source, int source_stride, uint8_t *target, int target_stride,
                        const meme_downscale_axis *columns, const meme_downscale_axis *rows, int first_row,
                        int end_row) {
  const size_t width = (size_t)columns->target_size * 4;
  float *sum = malloc(sizeof(float) * width);
  float *reduced = malloc(sizeof(float) * width);
  if (!sum || !reduced) {
    free(sum);
    free(reduced);
    return -1;
  }
  // Neighbouring target rows share the source row between them: it is averaged across once.
  int reduced_row = -1;
  for (int y = first_row; y < end_row; y++) {
    memset(sum, 0, sizeof(float) * width);
    const float *weight = rows->weights + (size_t)y * (size_t)rows->max_taps;
    for (int k = 0; k < rows->count[y]; k++) {
      int source_row = rows->first[y] + k;
      if (source_row != reduced_row) {
        meme_downscale_reduce_row(source + (size_t)source_row * (size_t)source_stride, columns, reduced);
        reduced_row = source_row;
      }
      for (size_t c = 0; c < width; c++) sum[c] += weight[k] * reduced[c];
    }
    uint8_t *out = target + (size_t)(y - first_row) * (size_t)target_stride;
    for (size_t c = 0; c < width; c++) {
      float value = sum[c] + 0.5f;
      out[c] = value >= 255.0f ? 255 : (uint8_t)value;
    }
  }
  free(sum);
  free(reduced);
  return 0;
}
