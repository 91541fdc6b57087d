// SPDX-License-Identifier: GPL-3.0-or-later
// A GIF with parts of its screen cut out (made transparent) in every frame, each frame otherwise
// written as the source coded it: its rectangle, palette, indices, disposal and delay. Nothing is
// quantised again, so the colours are the source's exactly, and a frame costs one LZW decode and
// one LZW encode: a batch of frames is coded on threads of their own while this thread reads
// and cuts the next batch.
//
// A cut pixel takes the frame's transparent colour. A frame without one gets one: a palette of
// fewer than 256 colours grows by one, else a colour the frame leaves unused is taken, else the
// least used colour's pixels take the nearest other colour. Since every frame's cut pixels are
// transparent, what shows there is what lay beneath the first frame: the transparent screen.
#include "meme_animation.h"

#include "meme_gif_input.h"

#include <gif_lib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { BATCH = 8 };

// One frame read, cut and waiting to be coded.
typedef struct {
  meme_gif_frame frame;
  uint8_t palette[3 * 257];
  uint8_t *indices;
  meme_gif_frame_coder *coder;
  int result;
} cut_job;

struct meme_gif_cutter {
  meme_gif_memory_input input;
  GifFileType *gif;
  const uint8_t *mask;
  int width, height, workers;
  meme_gif_writer *writer;
  const uint8_t *xmp;
  size_t xmp_size;
  int loop_value;
  // The graphic control extension read for the coming frame.
  GraphicsControlBlock control;
  int has_control;
  // The mask's rows with a pixel to cut: [mask_top, mask_bottom).
  int mask_top, mask_bottom;
  // Two batches: one being coded while the other is read.
  cut_job jobs[2][BATCH];
  int counts[2];
  int current;
  int started, done, finished;
};

meme_gif_cutter *meme_gif_cutter_new(
    const void *data, size_t size, const uint8_t *mask, int workers, const uint8_t *xmp, size_t xmp_size,
    int *error) {
  meme_gif_cutter *cutter = calloc(1, sizeof *cutter);
  if (cutter == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  cutter->input = (meme_gif_memory_input){data, size, 0};
  int gif_error = 0;
  cutter->gif = DGifOpen(&cutter->input, meme_gif_read_memory, &gif_error);
  if (cutter->gif == NULL) {
    free(cutter);
    *error = MEME_ANIMATION_NOT_RECOGNISED;
    return NULL;
  }
  cutter->mask = mask;
  cutter->width = cutter->gif->SWidth;
  cutter->height = cutter->gif->SHeight;
  cutter->workers = workers < 1 ? 1 : workers > BATCH ? BATCH : workers;
  cutter->xmp = xmp;
  cutter->xmp_size = xmp_size;
  cutter->loop_value = -1;
  cutter->mask_top = cutter->height;
  for (int y = 0; y < cutter->height; y++) {
    const uint8_t *row = mask + (size_t)y * cutter->width;
    int cuts = 0;
    for (int x = 0; x < cutter->width && !cuts; x++) cuts = row[x] != 0;
    if (!cuts) continue;
    if (cutter->mask_top == cutter->height) cutter->mask_top = y;
    cutter->mask_bottom = y + 1;
  }
  return cutter;
}

// The application extension's sub-blocks, reading a NETSCAPE2.0 loop value; the rest is dropped
// (the meme's description is written anew).
static int read_extension(meme_gif_cutter *cutter, int code, GifByteType *block) {
  GifFileType *gif = cutter->gif;
  if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
    DGifExtensionToGCB(block[0], block + 1, &cutter->control);
    cutter->has_control = 1;
  }
  int is_loop = code == APPLICATION_EXT_FUNC_CODE && block != NULL && block[0] == 11 &&
                (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0);
  while (1) {
    if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return 0;
    if (block == NULL) return 1;
    if (is_loop && block[0] >= 3 && block[1] == 1) cutter->loop_value = block[2] | (block[3] << 8);
  }
}

// The frame's transparent colour, made when it has none (see the top of the file): the frame's
// `kept_width` × `kept_height` pixels lie at (`left`, `top`) of the screen.
static int transparent_colour(
    const meme_gif_cutter *cutter, cut_job *job, int left, int top, int kept_width, int kept_height) {
  meme_gif_frame *frame = &job->frame;
  if (frame->transparent_index >= 0 && frame->transparent_index < frame->colors) return frame->transparent_index;
  if (frame->colors < 256) {
    memset(job->palette + 3 * frame->colors, 0, 3);
    return frame->colors++;
  }
  // How often each colour shows outside the cut.
  long long uses[256] = {0};
  long long area = (long long)kept_width * kept_height;
  for (long long i = 0; i < area; i++) uses[job->indices[i]] += 1;
  for (int y = 0; y < kept_height; y++) {
    const uint8_t *mask_row = cutter->mask + (size_t)(top + y) * cutter->width + left;
    const uint8_t *row = job->indices + (size_t)y * kept_width;
    for (int x = 0; x < kept_width; x++) {
      if (mask_row[x]) uses[row[x]] -= 1;
    }
  }
  int least = 0;
  for (int colour = 1; colour < 256; colour++) {
    if (uses[colour] < uses[least]) least = colour;
  }
  if (uses[least] > 0) {
    // Its pixels take the nearest of the other colours.
    const uint8_t *own = job->palette + 3 * least;
    int nearest = least == 0 ? 1 : 0;
    long best = -1;
    for (int colour = 0; colour < 256; colour++) {
      if (colour == least) continue;
      const uint8_t *other = job->palette + 3 * colour;
      long dr = own[0] - other[0], dg = own[1] - other[1], db = own[2] - other[2];
      long distance = dr * dr + dg * dg + db * db;
      if (best < 0 || distance < best) best = distance, nearest = colour;
    }
    for (long long i = 0; i < area; i++) {
      if (job->indices[i] == least) job->indices[i] = (uint8_t)nearest;
    }
  }
  return least;
}

// Reads the coming frame into `job` and cuts it; 1 when a frame was read, 0 at the end, or
// -MEME_ANIMATION_*.
static int read_frame(meme_gif_cutter *cutter, cut_job *job) {
  GifFileType *gif = cutter->gif;
  while (1) {
    GifRecordType type;
    // Many GIFs end without their trailer: the end of the data after a whole frame is the end.
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) return 0;
    if (type == TERMINATE_RECORD_TYPE) return 0;
    if (type == EXTENSION_RECORD_TYPE) {
      int code;
      GifByteType *block = NULL;
      if (DGifGetExtension(gif, &code, &block) == GIF_ERROR || !read_extension(cutter, code, block)) return 0;
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) continue;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return 0;
    GifImageDesc image = gif->Image;
    ColorMapObject *map = image.ColorMap != NULL ? image.ColorMap : gif->SColorMap;
    if (map == NULL || image.Width <= 0 || image.Height <= 0) return -MEME_ANIMATION_CORRUPT;
    // Only the part on the screen is kept: the rest is never shown. A frame wholly off the screen
    // keeps its place in time as one transparent pixel.
    int left = image.Left, top = image.Top;
    int right = image.Left + image.Width < cutter->width ? image.Left + image.Width : cutter->width;
    int bottom = image.Top + image.Height < cutter->height ? image.Top + image.Height : cutter->height;
    int off_screen = right <= left || bottom <= top;
    int kept_width = off_screen ? 1 : right - left, kept_height = off_screen ? 1 : bottom - top;
    long long area = (long long)kept_width * kept_height;
    free(job->indices);
    job->indices = calloc((size_t)area, 1);
    uint8_t *row = malloc((size_t)image.Width);
    if (job->indices == NULL || row == NULL) {
      free(row);
      return -MEME_ANIMATION_NO_MEMORY;
    }
    // Interlaced rows come in four passes; they are written back in order.
    static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
    int passes = image.Interlace ? 4 : 1;
    int ok = 1;
    for (int pass = 0; pass < passes && ok; pass++) {
      int start = image.Interlace ? starts[pass] : 0, step = image.Interlace ? steps[pass] : 1;
      for (int y = start; y < image.Height && ok; y += step) {
        ok = DGifGetLine(gif, row, image.Width) != GIF_ERROR;
        if (ok && !off_screen && y < kept_height) memcpy(job->indices + (size_t)y * kept_width, row, (size_t)kept_width);
      }
    }
    free(row);
    // giflib keeps a record of every image descriptor read; a stream of frames must not grow it.
    GifFreeSavedImages(gif);
    gif->ImageCount = 0;
    // A frame whose data is damaged: the caller writes the GIF the way that decodes what it can.
    if (!ok) return -MEME_ANIMATION_CORRUPT;
    meme_gif_frame *frame = &job->frame;
    int colors = map->ColorCount > 256 ? 256 : map->ColorCount;
    for (int i = 0; i < colors; i++) {
      job->palette[3 * i] = map->Colors[i].Red;
      job->palette[3 * i + 1] = map->Colors[i].Green;
      job->palette[3 * i + 2] = map->Colors[i].Blue;
    }
    *frame = (meme_gif_frame){
        .left = off_screen ? 0 : left, .top = off_screen ? 0 : top, .width = kept_width, .height = kept_height,
        .palette = job->palette, .colors = colors, .indices = job->indices,
        .disposal = cutter->has_control ? cutter->control.DisposalMode : 0,
        .transparent_index = cutter->has_control ? cutter->control.TransparentColor : -1,
        .delay_cs = cutter->has_control ? cutter->control.DelayTime : 0, .interlaced = 0};
    cutter->has_control = 0;
    if (off_screen) {
      // Its one pixel shows what is beneath.
      int transparent = transparent_colour(cutter, job, 0, 0, 0, 0);
      frame->transparent_index = transparent;
      job->indices[0] = (uint8_t)transparent;
      return 1;
    }
    // Only the mask's rows with a cut can hold one.
    int first = top > cutter->mask_top ? top : cutter->mask_top;
    int last = bottom < cutter->mask_bottom ? bottom : cutter->mask_bottom;
    int cuts = 0;
    for (int y = first; y < last && !cuts; y++) {
      const uint8_t *mask_row = cutter->mask + (size_t)y * cutter->width + left;
      for (int x = 0; x < kept_width && !cuts; x++) cuts = mask_row[x] != 0;
    }
    if (!cuts) return 1;
    int transparent = transparent_colour(cutter, job, left, top, kept_width, kept_height);
    frame->transparent_index = transparent;
    for (int y = first; y < last; y++) {
      const uint8_t *mask_row = cutter->mask + (size_t)y * cutter->width + left;
      uint8_t *indices = job->indices + (size_t)(y - top) * kept_width;
      for (int x = 0; x < kept_width; x++) {
        if (mask_row[x]) indices[x] = (uint8_t)transparent;
      }
    }
    return 1;
  }
}

static void *code_jobs(void *argument) {
  cut_job **jobs = argument;
  for (int i = 0; jobs[i] != NULL; i++) {
    jobs[i]->result = meme_gif_frame_coder_code(jobs[i]->coder, &jobs[i]->frame);
  }
  return NULL;
}

// Reads up to a batch of frames into the set `set`: how many, or -MEME_ANIMATION_*. Sets `done`
// at the end of the file.
static int read_batch(meme_gif_cutter *cutter, int set) {
  int count = 0;
  while (count < BATCH && !cutter->done) {
    cut_job *job = &cutter->jobs[set][count];
    if (job->coder == NULL && (job->coder = meme_gif_frame_coder_new()) == NULL) return -MEME_ANIMATION_NO_MEMORY;
    int read = read_frame(cutter, job);
    if (read < 0) return read;
    if (read == 0) {
      cutter->done = 1;
    } else {
      count += 1;
    }
  }
  return count;
}

// The threads coding a batch: thread t codes jobs t, t + threads, ...
typedef struct {
  cut_job *lists[BATCH][BATCH + 1];
  pthread_t threads[BATCH];
  int started[BATCH];
  int count;
} coding;

static void start_coding(coding *coding, cut_job *jobs, int count, int threads) {
  coding->count = threads < count ? threads : count;
  for (int t = 0; t < coding->count; t++) {
    int n = 0;
    for (int i = t; i < count; i += coding->count) coding->lists[t][n++] = &jobs[i];
    coding->lists[t][n] = NULL;
    coding->started[t] = pthread_create(&coding->threads[t], NULL, code_jobs, coding->lists[t]) == 0;
  }
}

// Waits for the threads; a list whose thread could not start is coded on this thread.
static void finish_coding(coding *coding) {
  for (int t = 0; t < coding->count; t++) {
    if (coding->started[t]) {
      pthread_join(coding->threads[t], NULL);
    } else {
      code_jobs(coding->lists[t]);
    }
  }
}

int meme_gif_cutter_next(meme_gif_cutter *cutter) {
  if (cutter->finished) return 0;
  if (!cutter->started) {
    cutter->started = 1;
    int count = read_batch(cutter, 0);
    if (count < 0) return count;
    cutter->counts[0] = count;
    // The loop count comes before the first frame, so it is known once a frame is read.
    int error = 0;
    cutter->writer = meme_gif_writer_new(cutter->width, cutter->height, cutter->loop_value, &error);
    if (cutter->writer == NULL) return -error;
    if (cutter->xmp_size > 0) {
      int result = meme_gif_writer_add_xmp(cutter->writer, cutter->xmp, cutter->xmp_size);
      if (result != MEME_ANIMATION_OK) return -result;
    }
  }
  int set = cutter->current, count = cutter->counts[set];
  if (count == 0) {
    cutter->finished = 1;
    int result = meme_gif_writer_finish(cutter->writer);
    return result == MEME_ANIMATION_OK ? 0 : -result;
  }
  // This batch is coded on the other cores while this one reads the next (with one core, after).
  coding coding;
  int threads = cutter->workers > 1 ? cutter->workers - 1 : 0;
  start_coding(&coding, cutter->jobs[set], count, threads);
  int next = read_batch(cutter, 1 - set);
  finish_coding(&coding);
  if (threads == 0) {
    cut_job *list[BATCH + 1];
    for (int i = 0; i < count; i++) list[i] = &cutter->jobs[set][i];
    list[count] = NULL;
    code_jobs(list);
  }
  if (next < 0) return next;
  for (int i = 0; i < count; i++) {
    if (cutter->jobs[set][i].result != MEME_ANIMATION_OK) return -cutter->jobs[set][i].result;
    int result = meme_gif_writer_append(cutter->writer, cutter->jobs[set][i].coder);
    if (result != MEME_ANIMATION_OK) return -result;
  }
  cutter->counts[1 - set] = next;
  cutter->current = 1 - set;
  return count;
}

const uint8_t *meme_gif_cutter_take(meme_gif_cutter *cutter, size_t *size) {
  if (cutter->writer == NULL) {
    *size = 0;
    return NULL;
  }
  return meme_gif_writer_take(cutter->writer, size);
}

void meme_gif_cutter_free(meme_gif_cutter *cutter) {
  if (cutter == NULL) return;
  int error;
  if (cutter->gif != NULL) DGifCloseFile(cutter->gif, &error);
  for (int set = 0; set < 2; set++) {
    for (int i = 0; i < BATCH; i++) {
      free(cutter->jobs[set][i].indices);
      meme_gif_frame_coder_free(cutter->jobs[set][i].coder);
    }
  }
  meme_gif_writer_free(cutter->writer);
  free(cutter);
}
