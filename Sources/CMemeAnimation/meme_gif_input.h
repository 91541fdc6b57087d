// SPDX-License-Identifier: GPL-3.0-or-later
// A GIF in memory, as giflib's reader reads it (DGifOpen with meme_gif_read_memory).
#ifndef MEME_GIF_INPUT_H
#define MEME_GIF_INPUT_H

#include <gif_lib.h>
#include <stdint.h>
#include <string.h>

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} meme_gif_memory_input;

// giflib's read callback: the next `length` bytes of the input its UserData is, fewer at the end.
static inline int meme_gif_read_memory(GifFileType *gif, GifByteType *buffer, int length) {
  meme_gif_memory_input *input = gif->UserData;
  size_t left = input->size - input->position;
  size_t count = (size_t)length < left ? (size_t)length : left;
  memcpy(buffer, input->data + input->position, count);
  input->position += count;
  return (int)count;
}

#endif
