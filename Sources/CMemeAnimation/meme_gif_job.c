// SPDX-License-Identifier: GPL-3.0-or-later
// A GIF frame's buffers, and its quantising by libimagequant.
#include "meme_gif_job.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "meme_animation.h"

int meme_gif_job_init(meme_gif_job *job, int width, int height) {
  size_t pixels = (size_t)width * height;
  job->rgba = malloc(pixels * 4);
  job->indices = malloc(pixels);
  job->rows = malloc(sizeof(unsigned char *) * (size_t)height);
  job->coder = meme_gif_frame_coder_new();
  job->state = MEME_GIF_JOB_FREE;
  return job->rgba != NULL && job->indices != NULL && job->rows != NULL && job->coder != NULL;
}

void meme_gif_job_release(meme_gif_job *job) {
  free(job->rgba);
  free(job->indices);
  free((void *)job->rows);
  meme_gif_frame_coder_free(job->coder);
}

// A frame is small work: OpenMP's threads wait for it by spinning, which on a busy machine takes
// the processor from the work itself (the remapping took six times as long at a load of 5 on two
// cores); frames are spread over threads by the encoder instead. One thread also keeps the
// quantising the same from machine to machine. libgomp is there only when libimagequant was built
// with OpenMP, so it is looked up rather than linked; the setting is the calling thread's.
void meme_gif_quantise_on_this_thread(void) {
  void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
  if (set_threads != NULL) set_threads(1);
}

void meme_gif_job_quantise(meme_gif_job *job, int width, liq_attr *attributes, float dithering) {
  const int *box = job->box;
  job->color_count = 0;
  job->transparent_index = -1;
  for (int y = 0; y < box[3]; y++) job->rows[y] = job->rgba + ((size_t)(box[1] + y) * width + box[0]) * 4;
  liq_image *image = liq_image_create_rgba_rows(attributes, (void **)job->rows, box[2], box[3], 0);
  if (image == NULL) {
    job->status = MEME_ANIMATION_NO_MEMORY;
    return;
  }
  liq_result *result = NULL;
  if (liq_image_quantize(image, attributes, &result) != LIQ_OK) {
    liq_image_destroy(image);
    job->status = MEME_ANIMATION_ENCODER_FAILED;
    return;
  }
  liq_set_dithering_level(result, dithering);
  int status = liq_write_remapped_image(result, image, job->indices, (size_t)box[2] * box[3]) == LIQ_OK
                   ? MEME_ANIMATION_OK
                   : MEME_ANIMATION_ENCODER_FAILED;
  // Read after remapping, which may refine the palette.
  const liq_palette *palette = liq_get_palette(result);
  for (unsigned i = 0; i < palette->count; i++) {
    job->colors[3 * i] = palette->entries[i].r;
    job->colors[3 * i + 1] = palette->entries[i].g;
    job->colors[3 * i + 2] = palette->entries[i].b;
    if (job->transparent_index < 0 && palette->entries[i].a < 128) job->transparent_index = (int)i;
  }
  job->color_count = (int)palette->count;
  liq_result_destroy(result);
  liq_image_destroy(image);
  if (status == MEME_ANIMATION_OK) {
    meme_gif_frame frame = {box[0], box[1], box[2], box[3], job->colors, job->color_count, job->indices,
                            job->disposal, job->transparent_index, job->delay_cs, 0};
    status = meme_gif_frame_coder_code(job->coder, &frame);
  }
  job->status = status;
}
