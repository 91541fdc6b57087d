// SPDX-License-Identifier: GPL-3.0-or-later
// GIF frames written with giflib's streaming encoder (its LZW coder), into a buffer the caller
// empties after every frame, so a whole file never waits in memory.
#include "meme_animation.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

struct meme_gif_writer {
  GifFileType *gif;
  uint8_t *bytes;
  size_t size;
  size_t capacity;
  int failed;
};

static int write_memory(GifFileType *gif, const GifByteType *data, int length) {
  meme_gif_writer *writer = gif->UserData;
  if (writer->size + (size_t)length > writer->capacity) {
    size_t capacity = writer->capacity * 2 + (size_t)length + 4096;
    uint8_t *bytes = realloc(writer->bytes, capacity);
    if (bytes == NULL) {
      writer->failed = 1;
      return 0;
    }
    writer->bytes = bytes;
    writer->capacity = capacity;
  }
  memcpy(writer->bytes + writer->size, data, (size_t)length);
  writer->size += (size_t)length;
  return length;
}

static int failure(meme_gif_writer *writer) {
  return writer->failed ? MEME_ANIMATION_NO_MEMORY : MEME_ANIMATION_ENCODER_FAILED;
}

meme_gif_writer *meme_gif_writer_new(int width, int height, int loop_value, int *error) {
  meme_gif_writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  int gif_error = 0;
  writer->gif = EGifOpen(writer, write_memory, &gif_error);
  if (writer->gif == NULL) {
    free(writer);
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  // GIF89a: frames need graphic control extensions (delays, disposal, transparency).
  EGifSetGifVersion(writer->gif, true);
  // No global colour table: every frame carries its own.
  if (EGifPutScreenDesc(writer->gif, width, height, 8, 0, NULL) == GIF_ERROR) {
    *error = failure(writer);
    meme_gif_writer_free(writer);
    return NULL;
  }
  if (loop_value >= 0) {
    GifByteType loop[3] = {1, (GifByteType)(loop_value & 0xFF), (GifByteType)(loop_value >> 8 & 0xFF)};
    if (EGifPutExtensionLeader(writer->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(writer->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(writer->gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(writer->gif) == GIF_ERROR) {
      *error = failure(writer);
      meme_gif_writer_free(writer);
      return NULL;
    }
  }
  return writer;
}

int meme_gif_writer_add(
    meme_gif_writer *writer, int left, int top, int width, int height, const uint8_t *palette, int colors,
    const uint8_t *indices, int disposal, int transparent_index, int delay_cs, int interlaced) {
  GraphicsControlBlock control = {disposal, false, delay_cs, transparent_index};
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(writer->gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR) {
    return failure(writer);
  }
  // A colour table holds a power of two of colours, at least two.
  int table_size = 2;
  while (table_size < colors) table_size *= 2;
  ColorMapObject *map = GifMakeMapObject(table_size, NULL);
  if (map == NULL) return MEME_ANIMATION_NO_MEMORY;
  memset(map->Colors, 0, sizeof(GifColorType) * (size_t)table_size);
  for (int i = 0; i < colors && i < table_size; i++) {
    map->Colors[i] = (GifColorType){palette[3 * i], palette[3 * i + 1], palette[3 * i + 2]};
  }
  int result = MEME_ANIMATION_OK;
  if (EGifPutImageDesc(writer->gif, left, top, width, height, interlaced != 0, map) == GIF_ERROR) {
    result = failure(writer);
  }
  GifFreeMapObject(map);
  if (result != MEME_ANIMATION_OK) return result;
  // giflib keeps a record of every image descriptor written; a stream must not grow it.
  GifFreeSavedImages(writer->gif);
  writer->gif->ImageCount = 0;
  if (!interlaced) {
    if (EGifPutLine(writer->gif, (GifPixelType *)indices, width * height) == GIF_ERROR) return failure(writer);
    return MEME_ANIMATION_OK;
  }
  // Interlaced rows go in four passes (every 8th from 0, every 8th from 4, every 4th from 2,
  // every 2nd from 1).
  static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
  for (int pass = 0; pass < 4; pass++) {
    for (int y = starts[pass]; y < height; y += steps[pass]) {
      if (EGifPutLine(writer->gif, (GifPixelType *)indices + (size_t)y * width, width) == GIF_ERROR) {
        return failure(writer);
      }
    }
  }
  return MEME_ANIMATION_OK;
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
  if (write_memory(writer->gif, introducer, sizeof introducer) != (int)sizeof introducer ||
      write_memory(writer->gif, packet, (int)size) != (int)size ||
      write_memory(writer->gif, trailer, sizeof trailer) != (int)sizeof trailer) {
    return failure(writer);
  }
  return MEME_ANIMATION_OK;
}

int meme_gif_writer_finish(meme_gif_writer *writer) {
  int error = 0;
  // EGifCloseFile writes the trailer and frees the giflib state, whatever it returns.
  int closed = EGifCloseFile(writer->gif, &error);
  writer->gif = NULL;
  if (closed == GIF_ERROR) return failure(writer);
  return MEME_ANIMATION_OK;
}

const uint8_t *meme_gif_writer_take(meme_gif_writer *writer, size_t *size) {
  *size = writer->size;
  writer->size = 0;
  return writer->bytes;
}

void meme_gif_writer_free(meme_gif_writer *writer) {
  if (writer == NULL) return;
  if (writer->gif != NULL) {
    int error;
    EGifCloseFile(writer->gif, &error);
  }
  free(writer->bytes);
  free(writer);
}
