// SPDX-License-Identifier: GPL-3.0-or-later
// Rendered frames to GIF: a palette for each frame from libimagequant, dithered, then giflib's
// LZW coder (meme_gif_writer). An opaque animation is written as the rectangles that change, with
// their unchanged pixels transparent, as ImageMagick's -layers Optimize does; that is what keeps a
// captioned GIF about as small as its source.
//
// Each frame goes through three stages (see meme_gif_job.h): made ready here, on the caller's
// thread (straight RGBA, the rectangle that changed); quantised and LZW-coded, on a worker thread
// when there are workers; and appended here, in frame order, as soon as it is coded. With workers,
// a few frames are quantised and coded at once while the caller decodes and draws the next.
#include "meme_animation.h"

#include <gif_lib.h>
#include <libimagequant.h>
#include <stdlib.h>
#include <string.h>

#include "meme_gif_job.h"
#include "meme_gif_rows.h"

struct meme_gif_encoder {
  meme_gif_writer *writer;
  liq_attr *attributes;
  int width, height;
  int transparent;
  int tolerance;
  float dithering;
  // Frames made ready, and the first error (later calls return it).
  int frames;
  int failure;
  // Opaque animations only: each pixel's colour as last written (before quantising).
  uint8_t *written;
  // A ring of jobs: `in_flight` of them from `oldest` are handed over and not yet written.
  meme_gif_job *jobs;
  int job_count, oldest, in_flight;
  // NULL: every frame is quantised on the caller's thread.
  meme_gif_pool *pool;
};

meme_gif_encoder *meme_gif_encoder_new(
    int width, int height, int play_count, int transparent, int tolerance, float dithering, int speed,
    int quality, int workers, int *error) {
  meme_gif_encoder *encoder = calloc(1, sizeof *encoder);
  if (encoder == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  size_t pixels = (size_t)width * height;
  encoder->width = width;
  encoder->height = height;
  encoder->transparent = transparent;
  encoder->tolerance = tolerance;
  encoder->dithering = dithering;
  if (!transparent) {
    encoder->written = calloc(pixels, 4);
  }
  // One frame being made ready or written, and one for each worker.
  encoder->job_count = workers > 0 ? workers + 1 : 1;
  encoder->jobs = calloc((size_t)encoder->job_count, sizeof *encoder->jobs);
  encoder->attributes = liq_attr_create();
  int ready =
      encoder->jobs != NULL && encoder->attributes != NULL && (transparent || encoder->written != NULL);
  for (int i = 0; ready && i < encoder->job_count; i++) {
    ready = meme_gif_job_init(&encoder->jobs[i], width, height);
  }
  if (!ready) {
    meme_gif_encoder_free(encoder);
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  liq_set_max_colors(encoder->attributes, 256);
  meme_gif_quantise_on_this_thread();
  liq_set_speed(encoder->attributes, speed);
  // Set only below the full quality: libimagequant's own default (0 to 100) stays untouched, so a
  // normal export is the file it always was. Before the pool copies the attributes.
  if (quality < 100) liq_set_quality(encoder->attributes, 0, quality < 0 ? 0 : quality);
  if (workers > 0) {
    encoder->pool = meme_gif_pool_new(workers, encoder->job_count, encoder->attributes, dithering, width);
    if (encoder->pool == NULL) {
      meme_gif_encoder_free(encoder);
      *error = MEME_ANIMATION_NO_MEMORY;
      return NULL;
    }
  }
  // One play: no loop extension at all. Otherwise the extension counts repeats after the first.
  int loop_value = play_count == 1 ? -1 : (play_count == 0 ? 0 : play_count - 1);
  if (loop_value > 65535) loop_value = 65535;
  encoder->writer = meme_gif_writer_new(width, height, loop_value, error);
  if (encoder->writer == NULL) {
    meme_gif_encoder_free(encoder);
    return NULL;
  }
  return encoder;
}

// The first stage, in one pass over the frame: the frame as straight RGBA in `job`, and the
// rectangle to write. In an opaque animation after the first frame, a pixel is written when it is
// off by more than the tolerance from the colour it was last written with (the source's colour, not
// the quantiser's); the others are made transparent. A pixel the frames do not change is never
// written again, so the first frame's dithering is not redone where nothing moves; a pixel that
// creeps is written again once it is off by more than the tolerance, so errors do not add up.
static void make_ready(meme_gif_encoder *encoder, meme_gif_job *job, const uint8_t *pixels, int stride) {
  int width = encoder->width, height = encoder->height, transparent = encoder->transparent;
  int partial = !transparent && encoder->frames > 0;
  int left = width, top = height, right = -1, bottom = -1;
  for (int y = 0; y < height; y++) {
    uint32_t *rgba = (uint32_t *)job->rgba + (size_t)y * width;
    meme_gif_row_to_rgba((const uint32_t *)(pixels + (size_t)y * stride), rgba, width, transparent);
    if (transparent) continue;
    uint32_t *written = (uint32_t *)encoder->written + (size_t)y * width;
    if (!partial) {
      memcpy(written, rgba, (size_t)width * 4);
      continue;
    }
    int last;
    int first = meme_gif_row_changes(rgba, written, width, encoder->tolerance, &last);
    if (last < 0) continue;
    if (first < left) left = first;
    if (last > right) right = last;
    if (top == height) top = y;
    bottom = y;
  }
  int *box = job->box;
  box[0] = box[1] = 0;
  box[2] = width;
  box[3] = height;
  if (partial && right < 0) {
    // Nothing changed: one transparent pixel (all are) keeps the frame and its delay.
    box[2] = box[3] = 1;
  } else if (partial) {
    box[0] = left;
    box[1] = top;
    box[2] = right - left + 1;
    box[3] = bottom - top + 1;
  }
}

// The last stage: the quantised and coded frame into the file.
static int write_job(meme_gif_encoder *encoder, meme_gif_job *job) {
  int status = job->status;
  if (status == MEME_ANIMATION_OK) status = meme_gif_writer_append(encoder->writer, job->coder);
  job->state = MEME_GIF_JOB_FREE;
  return status;
}

// Writes the handed-over frames that are quantised, oldest first; with `wait_for`, waits until at
// most that many are still out.
static int write_quantised(meme_gif_encoder *encoder, int wait_for) {
  while (encoder->in_flight > 0) {
    meme_gif_job *job = &encoder->jobs[encoder->oldest];
    if (encoder->in_flight <= wait_for && !meme_gif_pool_is_done(encoder->pool, job)) break;
    meme_gif_pool_wait(encoder->pool, job);
    int status = write_job(encoder, job);
    encoder->oldest = (encoder->oldest + 1) % encoder->job_count;
    encoder->in_flight -= 1;
    if (status != MEME_ANIMATION_OK) return status;
  }
  return MEME_ANIMATION_OK;
}

int meme_gif_encoder_add(meme_gif_encoder *encoder, const uint8_t *pixels, int stride, int delay_cs) {
  if (encoder->failure != MEME_ANIMATION_OK) return encoder->failure;
  meme_gif_job *job = &encoder->jobs[(encoder->oldest + encoder->in_flight) % encoder->job_count];
  make_ready(encoder, job, pixels, stride);
  job->delay_cs = delay_cs;
  // A transparent animation's frames stand alone: each is cleared once it has been shown.
  job->disposal = encoder->transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
  encoder->frames += 1;
  int status;
  if (encoder->pool == NULL) {
    meme_gif_quantise_on_this_thread();
    meme_gif_job_quantise(job, encoder->width, encoder->attributes, encoder->dithering);
    status = write_job(encoder, job);
  } else {
    meme_gif_pool_hand_over(encoder->pool, job);
    encoder->in_flight += 1;
    // Every job is out: the oldest must be written before the next frame has one.
    status = write_quantised(encoder, encoder->job_count - 1);
  }
  encoder->failure = status;
  return status;
}

int meme_gif_encoder_add_xmp(meme_gif_encoder *encoder, const uint8_t *packet, size_t size) {
  if (encoder->frames > 0) return MEME_ANIMATION_ENCODER_FAILED;
  return meme_gif_writer_add_xmp(encoder->writer, packet, size);
}

int meme_gif_encoder_finish(meme_gif_encoder *encoder) {
  if (encoder->failure != MEME_ANIMATION_OK) return encoder->failure;
  int status = encoder->pool == NULL ? MEME_ANIMATION_OK : write_quantised(encoder, 0);
  if (status != MEME_ANIMATION_OK) return encoder->failure = status;
  return meme_gif_writer_finish(encoder->writer);
}

const uint8_t *meme_gif_encoder_take(meme_gif_encoder *encoder, size_t *size) {
  return meme_gif_writer_take(encoder->writer, size);
}

void meme_gif_encoder_free(meme_gif_encoder *encoder) {
  if (encoder == NULL) return;
  // The workers stop before the jobs they may be quantising are freed.
  meme_gif_pool_free(encoder->pool);
  meme_gif_writer_free(encoder->writer);
  if (encoder->attributes != NULL) liq_attr_destroy(encoder->attributes);
  for (int i = 0; encoder->jobs != NULL && i < encoder->job_count; i++) {
    meme_gif_job_release(&encoder->jobs[i]);
  }
  free(encoder->jobs);
  free(encoder->written);
  free(encoder);
}
