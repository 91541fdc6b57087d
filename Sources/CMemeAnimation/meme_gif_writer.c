// SPDX-License-Identifier: GPL-3.0-or-later
// GIF frames written with giflib's streaming encoder (its LZW coder), into a buffer the caller
// empties after every frame, so a whole file never waits in memory. A frame may also be coded on
// its own (on a worker thread, beside others) and its bytes appended to the file later.
#include "meme_animation.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

// giflib's output, in memory until taken.
typedef struct {
  GifFileType *gif;
  uint8_t *bytes;
  size_t size;
  size_t capacity;
  int failed;
  // Set while a frame coder is closed: giflib's trailer is not part of a frame.
  int discarding;
} gif_stream;

struct meme_gif_writer {
  gif_stream stream;
};

// A frame coder is a stream with no header: giflib writes the GIF signature and screen descriptor
// only when asked to (EGifPutScreenDesc), and every frame's LZW coding starts afresh.
struct meme_gif_frame_coder {
  gif_stream stream;
};

static int append(gif_stream *stream, const uint8_t *data, size_t length) {
  if (stream->size + length > stream->capacity) {
    size_t capacity = stream->capacity * 2 + length + 4096;
    uint8_t *bytes = realloc(stream->bytes, capacity);
    if (bytes == NULL) {
      stream->failed = 1;
      return 0;
    }
    stream->bytes = bytes;
    stream->capacity = capacity;
  }
  memcpy(stream->bytes + stream->size, data, length);
  stream->size += length;
  return 1;
}

static int write_memory(GifFileType *gif, const GifByteType *data, int length) {
  gif_stream *stream = gif->UserData;
  if (stream->discarding) return length;
  return append(stream, data, (size_t)length) ? length : 0;
}

static int failure(const gif_stream *stream) {
  return stream->failed ? MEME_ANIMATION_NO_MEMORY : MEME_ANIMATION_ENCODER_FAILED;
}

static int open_stream(gif_stream *stream) {
  int gif_error = 0;
  stream->gif = EGifOpen(stream, write_memory, &gif_error);
  return stream->gif != NULL;
}

static void close_stream(gif_stream *stream) {
  if (stream->gif != NULL) {
    int error;
    EGifCloseFile(stream->gif, &error);
    stream->gif = NULL;
  }
  free(stream->bytes);
}

meme_gif_writer *meme_gif_writer_new(int width, int height, int loop_value, int *error) {
  meme_gif_writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL || !open_stream(&writer->stream)) {
    free(writer);
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  GifFileType *gif = writer->stream.gif;
  // GIF89a: frames need graphic control extensions (delays, disposal, transparency).
  EGifSetGifVersion(gif, true);
  // No global colour table: every frame carries its own.
  if (EGifPutScreenDesc(gif, width, height, 8, 0, NULL) == GIF_ERROR) {
    *error = failure(&writer->stream);
    meme_gif_writer_free(writer);
    return NULL;
  }
  if (loop_value >= 0) {
    GifByteType loop[3] = {1, (GifByteType)(loop_value & 0xFF), (GifByteType)(loop_value >> 8 & 0xFF)};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_ERROR || EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR) {
      *error = failure(&writer->stream);
      meme_gif_writer_free(writer);
      return NULL;
    }
  }
  return writer;
}

// A frame into `stream`: its graphic control extension, image descriptor, colour table and LZW data.
static int put_frame(gif_stream *stream, const meme_gif_frame *frame) {
  GifFileType *gif = stream->gif;
  GraphicsControlBlock control = {frame->disposal, false, frame->delay_cs, frame->transparent_index};
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR) return failure(stream);
  // A colour table holds a power of two of colours, at least two.
  int table_size = 2;
  while (table_size < frame->colors) table_size *= 2;
  ColorMapObject *map = GifMakeMapObject(table_size, NULL);
  if (map == NULL) return MEME_ANIMATION_NO_MEMORY;
  memset(map->Colors, 0, sizeof(GifColorType) * (size_t)table_size);
  for (int i = 0; i < frame->colors && i < table_size; i++) {
    const uint8_t *rgb = frame->palette + 3 * i;
    map->Colors[i] = (GifColorType){rgb[0], rgb[1], rgb[2]};
  }
  int result = MEME_ANIMATION_OK;
  int width = frame->width, height = frame->height;
  if (EGifPutImageDesc(gif, frame->left, frame->top, width, height, frame->interlaced != 0, map) == GIF_ERROR) {
    result = failure(stream);
  }
  GifFreeMapObject(map);
  if (result != MEME_ANIMATION_OK) return result;
  // giflib keeps a record of every image descriptor written; a stream must not grow it.
  GifFreeSavedImages(gif);
  gif->ImageCount = 0;
  GifPixelType *indices = (GifPixelType *)frame->indices;
  if (!frame->interlaced) {
    if (EGifPutLine(gif, indices, width * height) == GIF_ERROR) return failure(stream);
    return MEME_ANIMATION_OK;
  }
  // Interlaced rows go in four passes (every 8th from 0, every 8th from 4, every 4th from 2,
  // every 2nd from 1).
  static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
  for (int pass = 0; pass < 4; pass++) {
    for (int y = starts[pass]; y < height; y += steps[pass]) {
      if (EGifPutLine(gif, indices + (size_t)y * width, width) == GIF_ERROR) return failure(stream);
    }
  }
  return MEME_ANIMATION_OK;
}

int meme_gif_writer_add(meme_gif_writer *writer, const meme_gif_frame *frame) {
  return put_frame(&writer->stream, frame);
}

meme_gif_frame_coder *meme_gif_frame_coder_new(void) {
  meme_gif_frame_coder *coder = calloc(1, sizeof *coder);
  if (coder == NULL || !open_stream(&coder->stream)) {
    free(coder);
    return NULL;
  }
  return coder;
}

int meme_gif_frame_coder_code(meme_gif_frame_coder *coder, const meme_gif_frame *frame) {
  coder->stream.size = 0;
  coder->stream.failed = 0;
  return put_frame(&coder->stream, frame);
}

int meme_gif_writer_append(meme_gif_writer *writer, const meme_gif_frame_coder *coder) {
  return append(&writer->stream, coder->stream.bytes, coder->stream.size) ? MEME_ANIMATION_OK
                                                                          : MEME_ANIMATION_NO_MEMORY;
}

void meme_gif_frame_coder_free(meme_gif_frame_coder *coder) {
  if (coder == NULL) return;
  coder->stream.discarding = 1;
  close_stream(&coder->stream);
  free(coder);
}

int meme_gif_writer_add_xmp(meme_gif_writer *writer, const uint8_t *packet, size_t size) {
  // XMP's own way into a GIF (the XMP specification, part 3): an application extension "XMP Data"
  // with the authentication code "XMP", the packet's bytes as they are, then a 258-byte "magic
  // trailer" (1, 255 down to 0, and the block terminator) that lets a GIF reader skip the packet as
  // if it were sub-blocks. giflib writes sub-blocks only, so the bytes go straight into the output,
  // which holds everything giflib has written so far. A NUL in the packet would end it early.
  if (memchr(packet, 0, size) != NULL) return MEME_ANIMATION_ENCODER_FAILED;
  static const uint8_t introducer[14] = {
      0x21, 0xFF, 11, 'X', 'M', 'P', ' ', 'D', 'a', 't', 'a', 'X', 'M', 'P'};
  uint8_t trailer[258];
  trailer[0] = 1;
  for (int i = 0; i < 256; i++) trailer[1 + i] = (uint8_t)(255 - i);
  trailer[257] = 0;
  gif_stream *stream = &writer->stream;
  if (!append(stream, introducer, sizeof introducer) || !append(stream, packet, size) ||
      !append(stream, trailer, sizeof trailer)) {
    return failure(stream);
  }
  return MEME_ANIMATION_OK;
}

int meme_gif_writer_finish(meme_gif_writer *writer) {
  int error = 0;
  // EGifCloseFile writes the trailer and frees the giflib state, whatever it returns.
  int closed = EGifCloseFile(writer->stream.gif, &error);
  writer->stream.gif = NULL;
  if (closed == GIF_ERROR) return failure(&writer->stream);
  return MEME_ANIMATION_OK;
}

const uint8_t *meme_gif_writer_take(meme_gif_writer *writer, size_t *size) {
  *size = writer->stream.size;
  writer->stream.size = 0;
  return writer->stream.bytes;
}

void meme_gif_writer_free(meme_gif_writer *writer) {
  if (writer == NULL) return;
  close_stream(&writer->stream);
  free(writer);
}
