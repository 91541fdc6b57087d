// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-picture JPEG decoding through libjpeg's own API (not TurboJPEG's), for the one thing
// TurboJPEG 2.1 cannot do: watch the decoding. A progress monitor stops a picture with more scans
// than any encoder writes (a "scan bomb": a small progressive file whose last scan is repeated
// thousands of times, each repeat costing a pass over every block) and stops on request.
#ifndef MEMEME_JPEG_DECODE_H
#define MEMEME_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

// The most scans a JPEG may have on any of MemeMe's decoding paths. A progressive JPEG from
// libjpeg, mozjpeg or a camera has about 10, and libjpeg's own cjpeg and jpegtran write at most 100
// (the longest scan script they accept); djpeg's example monitor allows 500–1000 and libjpeg-turbo's
// fuzzers 500. Each scan costs up to one pass over every block (about 1.5 ms a megapixel here), so
// this keeps the worst JPEG near 0.3 s a megapixel, and the 4-megapixel scan bomb of issue 33
// (20,000 scans, 105 s before) well under 2 s on a busy machine.
#define MEME_JPEG_MAX_SCANS 200

typedef enum {
  MEME_DECODE_OK = 0,
  // libjpeg failed; `reason` holds its message.
  MEME_DECODE_FAILED = 1,
  // The stop asked for it.
  MEME_DECODE_CANCELLED = 2,
  // More than MEME_JPEG_MAX_SCANS scans.
  MEME_DECODE_TOO_MANY_SCANS = 3,
} meme_decode_status;

// Asked with its context every few rows of every pass; non-zero stops the decoding.
typedef int (*meme_decode_stop)(void *context);

// The frame size as libjpeg reads it, and whether the picture is CMYK or YCCK (decoded to CMYK).
meme_decode_status meme_jpeg_decode_header(const uint8_t *data, size_t size, int *width, int *height, int *cmyk,
                                           char *reason, size_t reason_size);

// Decodes the picture scaled by `scale_num`/`scale_denom` (a factor libjpeg supports) into
// `pixels`, `width` × `height` (which must be the scaled size) with `stride` bytes a row: Cairo's
// ARGB32 (opaque), or C, M, Y, K bytes with `cmyk`. `warnings` counts libjpeg's warnings (damaged
// data it stepped over) and `warning` holds the first one's message. `progress`, when not NULL, is
// set to the share of the work done, 0 to 1, as it goes (read from another thread).
meme_decode_status meme_jpeg_decode(const uint8_t *data, size_t size, int scale_num, int scale_denom,
                                    uint8_t *pixels, int width, int height, int stride, int cmyk,
                                    meme_decode_stop stop, void *stop_context, volatile double *progress,
                                    int *warnings, char *warning, size_t warning_size, char *reason,
                                    size_t reason_size);

#endif
