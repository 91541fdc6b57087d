// SPDX-License-Identifier: GPL-3.0-or-later
#include "meme_jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>

// Cairo's ARGB32 word in memory order (as in meme_jpeg_blocks.c).
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MEME_DECODED_SPACE JCS_EXT_BGRA
#else
#define MEME_DECODED_SPACE JCS_EXT_ARGB
#endif

struct decode_error {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  struct jpeg_progress_mgr progress;
  meme_decode_stop stop;
  void *stop_context;
  volatile double *share;
  meme_decode_status why;
  char *warning;
  size_t warning_size;
};

static void set_text(char *text, size_t size, const char *value) {
  if (text && size > 0) snprintf(text, size, "%s", value);
}

static void decode_error_exit(j_common_ptr info) {
  struct decode_error *error = (struct decode_error *)info->err;
  error->why = MEME_DECODE_FAILED;
  longjmp(error->jump, 1);
}

// Warnings are counted and the first one's message kept, never printed (TurboJPEG keeps the same).
static void decode_emit_message(j_common_ptr info, int level) {
  if (level >= 0) return;
  struct decode_error *error = (struct decode_error *)info->err;
  if (info->err->num_warnings == 0 && error->warning) {
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    set_text(error->warning, error->warning_size, message);
  }
  info->err->num_warnings++;
}

// Called by libjpeg at every row of every pass and at every new scan while a progressive or
// multi-scan picture is read in: stops a picture with too many scans, and stops on request.
static void decode_progress(j_common_ptr info) {
  struct decode_error *error = (struct decode_error *)info->err;
  j_decompress_ptr source = (j_decompress_ptr)info;
  if (source->input_scan_number > MEME_JPEG_MAX_SCANS) {
    error->why = MEME_DECODE_TOO_MANY_SCANS;
    longjmp(error->jump, 1);
  }
  if (error->stop && error->stop(error->stop_context)) {
    error->why = MEME_DECODE_CANCELLED;
    longjmp(error->jump, 1);
  }
  if (error->share) {
    struct jpeg_progress_mgr *p = info->progress;
    double passes = p->total_passes > 0 ? p->total_passes : 1;
    double within = p->pass_limit > 0 ? (double)p->pass_counter / (double)p->pass_limit : 0;
    double done = ((double)p->completed_passes + within) / passes;
    *error->share = done < 0 ? 0 : done > 1 ? 1 : done;
  }
}

static void start(struct decode_error *error, j_decompress_ptr info, meme_decode_stop stop, void *stop_context) {
  memset(error, 0, sizeof *error);
  jpeg_std_error(&error->pub);
  error->pub.error_exit = decode_error_exit;
  error->pub.emit_message = decode_emit_message;
  error->stop = stop;
  error->stop_context = stop_context;
  info->err = &error->pub;
}

static meme_decode_status failed(struct decode_error *error, j_decompress_ptr info, char *reason, size_t size) {
  switch (error->why) {
  case MEME_DECODE_TOO_MANY_SCANS: {
    char text[120];
    snprintf(text, sizeof text, "more than %d scans", MEME_JPEG_MAX_SCANS);
    set_text(reason, size, text);
    break;
  }
  case MEME_DECODE_CANCELLED:
    set_text(reason, size, "cancelled");
    break;
  default: {
    char message[JMSG_LENGTH_MAX];
    (*error->pub.format_message)((j_common_ptr)info, message);
    set_text(reason, size, message);
  }
  }
  jpeg_destroy_decompress(info);
  return error->why;
}

meme_decode_status meme_jpeg_decode_header(const uint8_t *data, size_t size, int *width, int *height, int *cmyk,
                                           char *reason, size_t reason_size) {
  struct jpeg_decompress_struct info;
  struct decode_error error;
  start(&error, &info, NULL, NULL);
  if (setjmp(error.jump)) return failed(&error, &info, reason, reason_size);
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  *cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  jpeg_destroy_decompress(&info);
  return MEME_DECODE_OK;
}

meme_decode_status meme_jpeg_decode(const uint8_t *data, size_t size, int scale_num, int scale_denom,
                                    uint8_t *pixels, int width, int height, int stride, int cmyk,
                                    meme_decode_stop stop, void *stop_context, volatile double *progress,
                                    int *warnings, char *warning, size_t warning_size, char *reason,
                                    size_t reason_size) {
  struct jpeg_decompress_struct info;
  struct decode_error error;
  start(&error, &info, stop, stop_context);
  error.share = progress;
  error.warning = warning;
  error.warning_size = warning_size;
  set_text(warning, warning_size, "");
  *warnings = 0;
  if (setjmp(error.jump)) {
    *warnings = error.pub.num_warnings;
    return failed(&error, &info, reason, reason_size);
  }
  jpeg_create_decompress(&info);
  // After jpeg_create_decompress, which clears the hook.
  error.progress.progress_monitor = decode_progress;
  info.progress = &error.progress;
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  info.out_color_space = cmyk ? JCS_CMYK : MEME_DECODED_SPACE;
  info.scale_num = (unsigned int)scale_num;
  info.scale_denom = (unsigned int)scale_denom;
  // TurboJPEG's defaults, which the pictures decoded before this decoder were made with.
  info.dct_method = JDCT_ISLOW;
  info.do_fancy_upsampling = TRUE;
  jpeg_calc_output_dimensions(&info);
  if ((int)info.output_width != width || (int)info.output_height != height) {
    error.why = MEME_DECODE_FAILED;
    set_text(reason, reason_size, "the picture's scaled size is not the one expected");
    jpeg_destroy_decompress(&info);
    return MEME_DECODE_FAILED;
  }
  // A progressive or multi-scan picture is read in whole here (every scan, watched by the monitor).
  jpeg_start_decompress(&info);
  while (info.output_scanline < info.output_height) {
    JSAMPROW rows[16];
    int count = 0;
    for (; count < 16 && (int)info.output_scanline + count < height; count++) {
      rows[count] = pixels + (size_t)(info.output_scanline + (JDIMENSION)count) * (size_t)stride;
    }
    if (jpeg_read_scanlines(&info, rows, (JDIMENSION)count) == 0) break;
  }
  jpeg_finish_decompress(&info);
  *warnings = error.pub.num_warnings;
  jpeg_destroy_decompress(&info);
  if (progress) *progress = 1;
  return MEME_DECODE_OK;
}
