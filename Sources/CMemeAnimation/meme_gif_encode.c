// SPDX-License-Identifier: GPL-3.0-or-later
// Rendered frames to GIF: a palette for each frame from libimagequant, dithered, then giflib's
// LZW coder (meme_gif_writer). An opaque animation is written as the rectangles that change, with
// their unchanged pixels transparent, as ImageMagick's -layers Optimize does; that is what keeps a
// captioned GIF about as small as its source.
#include "meme_animation.h"

#include <dlfcn.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include <stdlib.h>
#include <string.h>

struct meme_gif_encoder {
  meme_gif_writer *writer;
  liq_attr *attributes;
  int width, height;
  int transparent;
  int tolerance;
  float dithering;
  int frames;
  // This frame as straight RGBA, then with its unchanged pixels made transparent.
  uint8_t *rgba;
  // What a viewer shows after the frames so far (straight RGBA; opaque animations only).
  uint8_t *shown;
  // The previous frame as given, before quantising, and room for this one (opaque animations only).
  uint8_t *previous, *spare;
  uint8_t *indices;
  const unsigned char **rows;
};

// Runs libimagequant's OpenMP loops on the calling thread alone. A frame is small work: OpenMP's
// threads wait for it by spinning, which on a busy machine takes the processor from the work itself
// (the remapping took six times as long at a load of 5 on two cores). One thread also keeps the
// quantising the same from machine to machine. libgomp is there only when libimagequant was built
// with OpenMP, so it is looked up rather than linked; the setting is per thread.
static void quantise_on_this_thread(void) {
  void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
  if (set_threads != NULL) set_threads(1);
}

meme_gif_encoder *meme_gif_encoder_new(
    int width, int height, int play_count, int transparent, int tolerance, float dithering, int *error) {
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
  encoder->rgba = malloc(pixels * 4);
  encoder->shown = transparent ? NULL : calloc(pixels, 4);
  encoder->previous = transparent ? NULL : calloc(pixels, 4);
  encoder->spare = transparent ? NULL : malloc(pixels * 4);
  encoder->indices = malloc(pixels);
  encoder->rows = malloc(sizeof(unsigned char *) * (size_t)height);
  encoder->attributes = liq_attr_create();
  int opaque_buffers =
      transparent || (encoder->shown != NULL && encoder->previous != NULL && encoder->spare != NULL);
  if (encoder->rgba == NULL || !opaque_buffers || encoder->indices == NULL || encoder->rows == NULL ||
      encoder->attributes == NULL) {
    meme_gif_encoder_free(encoder);
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  liq_set_max_colors(encoder->attributes, 256);
  quantise_on_this_thread();
  // Speed 6 of libimagequant's 1-10 (4 is its default), on one thread, leaves out the dither map (a
  // remapping pass that finds the edges not to dither) and some of the palette's refining: 30% less
  // time, with the animation benchmark's colour error unchanged.
  liq_set_speed(encoder->attributes, 6);
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

static int differs(const uint8_t *a, const uint8_t *b, int tolerance) {
  for (int channel = 0; channel < 4; channel++) {
    int difference = (int)a[channel] - (int)b[channel];
    if (difference > tolerance || difference < -tolerance) return 1;
  }
  return 0;
}

// Whether the pixel at byte offset `at` must be written: it changed since the previous frame, and
// is not within the tolerance of what is shown. A pixel the frames do not change is never written
// again, however far the first frame's dithering put it from its colour: re-dithering it would only
// add noise and bytes.
static int needs_writing(const meme_gif_encoder *encoder, size_t at) {
  return memcmp(encoder->rgba + at, encoder->previous + at, 4) != 0 &&
         differs(encoder->rgba + at, encoder->shown + at, encoder->tolerance);
}

// The rectangle of pixels that need writing (x, y, width, height); 0 when none does.
static int changed_rectangle(const meme_gif_encoder *encoder, int *box) {
  int width = encoder->width, height = encoder->height;
  int left = width, top = height, right = -1, bottom = -1;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      if (!needs_writing(encoder, ((size_t)y * width + x) * 4)) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return 0;
  box[0] = left;
  box[1] = top;
  box[2] = right - left + 1;
  box[3] = bottom - top + 1;
  return 1;
}

// Straight RGBA with one bit of transparency (all GIF has): fully transparent or opaque.
static void prepare_pixels(meme_gif_encoder *encoder, const uint8_t *pixels, int stride) {
  size_t count = (size_t)encoder->width * encoder->height;
  meme_argb_to_rgba(pixels, stride, encoder->width, encoder->height, encoder->rgba);
  for (size_t i = 0; i < count; i++) {
    uint8_t *pixel = encoder->rgba + 4 * i;
    if (encoder->transparent && pixel[3] < 128) {
      memset(pixel, 0, 4);
    } else {
      pixel[3] = 255;
    }
  }
}

// The rectangle's palette and indices from libimagequant: its best 256 colours, dithered.
static int quantise_rectangle(
    meme_gif_encoder *encoder, const int *box, uint8_t *colors, int *count, int *transparent_index) {
  for (int y = 0; y < box[3]; y++) {
    encoder->rows[y] = encoder->rgba + ((size_t)(box[1] + y) * encoder->width + box[0]) * 4;
  }
  liq_image *image = liq_image_create_rgba_rows(encoder->attributes, (void **)encoder->rows, box[2], box[3], 0);
  if (image == NULL) return MEME_ANIMATION_NO_MEMORY;
  liq_result *result = NULL;
  if (liq_image_quantize(image, encoder->attributes, &result) != LIQ_OK) {
    liq_image_destroy(image);
    return MEME_ANIMATION_ENCODER_FAILED;
  }
  liq_set_dithering_level(result, encoder->dithering);
  int status = liq_write_remapped_image(result, image, encoder->indices, (size_t)box[2] * box[3]) == LIQ_OK
                   ? MEME_ANIMATION_OK
                   : MEME_ANIMATION_ENCODER_FAILED;
  // Read after remapping, which may refine the palette.
  const liq_palette *palette = liq_get_palette(result);
  for (unsigned i = 0; i < palette->count; i++) {
    colors[3 * i] = palette->entries[i].r;
    colors[3 * i + 1] = palette->entries[i].g;
    colors[3 * i + 2] = palette->entries[i].b;
    if (*transparent_index < 0 && palette->entries[i].a < 128) *transparent_index = (int)i;
  }
  *count = (int)palette->count;
  liq_result_destroy(result);
  liq_image_destroy(image);
  return status;
}

int meme_gif_encoder_add(meme_gif_encoder *encoder, const uint8_t *pixels, int stride, int delay_cs) {
  quantise_on_this_thread();
  prepare_pixels(encoder, pixels, stride);
  int box[4] = {0, 0, encoder->width, encoder->height};
  int partial = !encoder->transparent && encoder->frames > 0;
  int changed = partial && changed_rectangle(encoder, box);
  // This frame as given, the next one's `previous` once its own unchanged pixels are cleared.
  if (encoder->spare != NULL) {
    memcpy(encoder->spare, encoder->rgba, (size_t)encoder->width * encoder->height * 4);
  }
  if (partial && !changed) {
    // Nothing changed: one transparent pixel keeps the frame and its delay.
    box[2] = box[3] = 1;
    memset(encoder->rgba, 0, 4);
  } else if (partial) {
    for (int y = box[1]; y < box[1] + box[3]; y++) {
      for (int x = box[0]; x < box[0] + box[2]; x++) {
        size_t at = ((size_t)y * encoder->width + x) * 4;
        if (!needs_writing(encoder, at)) memset(encoder->rgba + at, 0, 4);
      }
    }
  }
  if (encoder->spare != NULL) {
    uint8_t *given = encoder->spare;
    encoder->spare = encoder->previous;
    encoder->previous = given;
  }
  uint8_t colors[256 * 3];
  int color_count = 0, transparent_index = -1;
  int status = quantise_rectangle(encoder, box, colors, &color_count, &transparent_index);
  if (status == MEME_ANIMATION_OK && encoder->shown != NULL) {
    for (int y = 0; y < box[3]; y++) {
      for (int x = 0; x < box[2]; x++) {
        int index = encoder->indices[(size_t)y * box[2] + x];
        if (index == transparent_index) continue;
        uint8_t *pixel = encoder->shown + ((size_t)(box[1] + y) * encoder->width + box[0] + x) * 4;
        pixel[0] = colors[3 * index];
        pixel[1] = colors[3 * index + 1];
        pixel[2] = colors[3 * index + 2];
        pixel[3] = 255;
      }
    }
  }
  if (status == MEME_ANIMATION_OK) {
    // A transparent animation's frames stand alone: each is cleared once it has been shown.
    int disposal = encoder->transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
    status = meme_gif_writer_add(
        encoder->writer, box[0], box[1], box[2], box[3], colors, color_count, encoder->indices, disposal,
        transparent_index, delay_cs, 0);
  }
  encoder->frames += 1;
  return status;
}

int meme_gif_encoder_add_xmp(meme_gif_encoder *encoder, const uint8_t *packet, size_t size) {
  if (encoder->frames > 0) return MEME_ANIMATION_ENCODER_FAILED;
  return meme_gif_writer_add_xmp(encoder->writer, packet, size);
}

int meme_gif_encoder_finish(meme_gif_encoder *encoder) { return meme_gif_writer_finish(encoder->writer); }

const uint8_t *meme_gif_encoder_take(meme_gif_encoder *encoder, size_t *size) {
  return meme_gif_writer_take(encoder->writer, size);
}

void meme_gif_encoder_free(meme_gif_encoder *encoder) {
  if (encoder == NULL) return;
  meme_gif_writer_free(encoder->writer);
  if (encoder->attributes != NULL) liq_attr_destroy(encoder->attributes);
  free(encoder->rgba);
  free(encoder->shown);
  free(encoder->previous);
  free(encoder->spare);
  free(encoder->indices);
  free((void *)encoder->rows);
  free(encoder);
}
