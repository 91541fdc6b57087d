// SPDX-License-Identifier: GPL-3.0-or-later
// One GIF frame on its way through the encoder (meme_gif_encode.c): made ready on the caller's
// thread, quantised and LZW-coded on a worker's (meme_gif_pool.c) or the caller's, and appended to
// the file on the caller's, in frame order. Frames are quantised independently of each other, which is what lets several be
// quantised at once: what a frame writes is decided from the source frames alone, never from how
// an earlier frame came out of the quantiser.
#ifndef MEMEME_GIF_JOB_H
#define MEMEME_GIF_JOB_H

#include <libimagequant.h>
#include <stdint.h>

#include "meme_animation.h"

enum { MEME_GIF_JOB_FREE, MEME_GIF_JOB_WAITING, MEME_GIF_JOB_QUANTISING, MEME_GIF_JOB_DONE };

typedef struct {
  // The whole frame as straight RGBA; only `box` is quantised and written.
  uint8_t *rgba;
  // One palette index a pixel of `box`, row by row.
  uint8_t *indices;
  const unsigned char **rows;
  // x, y, width, height.
  int box[4];
  int delay_cs;
  // GIF's disposal method for the frame.
  int disposal;
  // The palette as RGB triples, and its transparent entry (-1 for none).
  uint8_t colors[256 * 3];
  int color_count;
  int transparent_index;
  // The frame's bytes in the file, coded once it is quantised.
  meme_gif_frame_coder *coder;
  int status;
  int state;
} meme_gif_job;

// Buffers for `width` × `height` frames; 0 when memory runs out.
int meme_gif_job_init(meme_gif_job *job, int width, int height);
void meme_gif_job_release(meme_gif_job *job);

// Quantises the job's rectangle with libimagequant (its palette and indices, dithered) and codes
// the frame's bytes, setting its status.
void meme_gif_job_quantise(meme_gif_job *job, int width, liq_attr *attributes, float dithering);

// Runs libimagequant's OpenMP loops on the calling thread alone (per thread; see the definition).
void meme_gif_quantise_on_this_thread(void);

// Threads that quantise the jobs handed to them, oldest first.
typedef struct meme_gif_pool meme_gif_pool;
// `threads` workers (at least 1) for frames `width` pixels wide, each with a copy of `attributes`;
// at most `capacity` jobs are handed over at a time. NULL when they cannot be started.
meme_gif_pool *meme_gif_pool_new(
    int threads, int capacity, const liq_attr *attributes, float dithering, int width);
void meme_gif_pool_hand_over(meme_gif_pool *pool, meme_gif_job *job);
// Whether the job is quantised, without waiting.
int meme_gif_pool_is_done(meme_gif_pool *pool, meme_gif_job *job);
// Waits until the job is quantised.
void meme_gif_pool_wait(meme_gif_pool *pool, meme_gif_job *job);
// Stops the workers (a job being quantised is finished first) and frees the pool.
void meme_gif_pool_free(meme_gif_pool *pool);

#endif
