// SPDX-License-Identifier: GPL-3.0-or-later
// GIF frames composed one at a time with giflib's record-level API (DGifSlurp would hold every
// frame). The composition follows the GIF89a specification as browsers and ImageMagick's -coalesce
// do: the screen starts transparent; a frame's transparent colour leaves the canvas as it is;
// after a frame is shown, disposal 2 clears its rectangle to transparent and disposal 3 restores
// what the rectangle held before; parts of a frame outside the screen are cut off.
#include "meme_animation.h"

#include "meme_gif_input.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

// giflib appends a record of every image descriptor it reads to SavedImages (with a copy of its
// colour table); a stream of frames must not grow it.
static void forget_saved_images(GifFileType *gif) {
  GifFreeSavedImages(gif);
  gif->ImageCount = 0;
}

static GifFileType *open_gif(meme_gif_memory_input *input, int *error) {
  int gif_error = 0;
  GifFileType *gif = DGifOpen(input, meme_gif_read_memory, &gif_error);
  if (gif == NULL) {
    *error = gif_error == D_GIF_ERR_NOT_ENOUGH_MEM ? MEME_ANIMATION_NO_MEMORY : MEME_ANIMATION_NOT_RECOGNISED;
  }
  return gif;
}

// The play count from a NETSCAPE2.0 (or ANIMEXTS1.0) application extension's sub-block.
static void read_loop_extension(GifFileType *gif, GifByteType *first, meme_animation_info *info, int *ok) {
  int is_loop = first != NULL && first[0] == 11 &&
                (memcmp(first + 1, "NETSCAPE2.0", 11) == 0 || memcmp(first + 1, "ANIMEXTS1.0", 11) == 0);
  GifByteType *block = NULL;
  while (1) {
    if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
      *ok = 0;
      return;
    }
    if (block == NULL) return;
    if (is_loop && block[0] >= 3 && block[1] == 1) {
      int loops = block[2] | (block[3] << 8);
      // The value is how many times to repeat after the first play; 0 repeats for ever.
      info->play_count = loops == 0 ? 0 : loops + 1;
    }
  }
}

int meme_gif_scan(const void *file, size_t size, int max_frames, meme_animation_info *info) {
  const uint8_t *data = file;
  memset(info, 0, sizeof *info);
  info->play_count = 1;
  meme_gif_memory_input input = {data, size, 0};
  int error = 0;
  GifFileType *gif = open_gif(&input, &error);
  if (gif == NULL) return error;
  info->width = gif->SWidth;
  info->height = gif->SHeight;
  info->opaque_stays_opaque = 1;
  int result = MEME_ANIMATION_OK;
  int done = 0;
  // Whether the graphic control extension before the coming frame gives it a transparent colour.
  int next_has_transparent_colour = 0;
  while (!done) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) {
      // Many GIFs end without their trailer: the end of the data after a whole frame is the end.
      info->truncated = input.position < size;
      break;
    }
    switch (type) {
    case IMAGE_DESC_RECORD_TYPE: {
      if (DGifGetImageDesc(gif) == GIF_ERROR) {
        info->truncated = 1;
        done = 1;
        break;
      }
      const GifImageDesc *image = &gif->Image;
      // Only the first frame can leave a pixel transparent by not painting it: a later frame's
      // transparent colour shows what the frames before it painted, and a screen the first frame
      // covers with opaque colour stays covered until a frame is cleared (disposal 2, below). So an
      // encoder's frame differences (later frames with a transparent colour) still make an opaque
      // animation, without decoding every frame to find out.
      if (info->frame_count == 0 &&
          (next_has_transparent_colour || image->Left > 0 || image->Top > 0 ||
           image->Left + image->Width < gif->SWidth || image->Top + image->Height < gif->SHeight)) {
        info->may_have_transparency = 1;
      }
      next_has_transparent_colour = 0;
      long long area = (long long)image->Width * image->Height;
      forget_saved_images(gif);
      int code_size;
      GifByteType *block = NULL;
      int ok = DGifGetCode(gif, &code_size, &block) != GIF_ERROR;
      while (ok && block != NULL) ok = DGifGetCodeNext(gif, &block) != GIF_ERROR;
      if (!ok) {
        info->truncated = 1;
        done = 1;
        break;
      }
      if (info->frame_count == max_frames) {
        result = MEME_ANIMATION_TOO_MANY_FRAMES;
        done = 1;
        break;
      }
      info->frame_count += 1;
      info->frame_pixels += area;
      break;
    }
    case EXTENSION_RECORD_TYPE: {
      int code;
      GifByteType *extension = NULL;
      if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) {
        info->truncated = 1;
        done = 1;
        break;
      }
      if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4) {
        GraphicsControlBlock control;
        DGifExtensionToGCB(extension[0], extension + 1, &control);
        next_has_transparent_colour = control.TransparentColor != NO_TRANSPARENT_COLOR;
        if (control.DisposalMode == DISPOSE_BACKGROUND) {
          info->may_have_transparency = 1;
          info->opaque_stays_opaque = 0;
        }
      }
      int ok = 1;
      if (code == APPLICATION_EXT_FUNC_CODE) {
        read_loop_extension(gif, extension, info, &ok);
      } else {
        while (ok && extension != NULL) ok = DGifGetExtensionNext(gif, &extension) != GIF_ERROR;
      }
      if (!ok) {
        info->truncated = 1;
        done = 1;
      }
      break;
    }
    case TERMINATE_RECORD_TYPE:
    default:
      done = 1;
      break;
    }
  }
  DGifCloseFile(gif, &error);
  if (result == MEME_ANIMATION_OK && info->frame_count == 0) result = MEME_ANIMATION_CORRUPT;
  return result;
}

struct meme_gif_decoder {
  meme_gif_memory_input input;
  GifFileType *gif;
  int frames_left;
  GifByteType *line;
  // What the last frame asked to be done with its rectangle before the next one is drawn.
  int disposal;
  int left, top, width, height;
  // The rectangle's pixels before the last frame was drawn (disposal 3 only).
  uint32_t *saved;
  size_t saved_capacity;
};

meme_gif_decoder *meme_gif_decoder_new(const void *file, size_t size, int frame_count, int *error) {
  const uint8_t *data = file;
  meme_gif_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  decoder->input = (meme_gif_memory_input){data, size, 0};
  decoder->frames_left = frame_count;
  decoder->gif = open_gif(&decoder->input, error);
  if (decoder->gif == NULL) {
    free(decoder);
    return NULL;
  }
  return decoder;
}

void meme_gif_decoder_free(meme_gif_decoder *decoder) {
  if (decoder == NULL) return;
  int error;
  DGifCloseFile(decoder->gif, &error);
  free(decoder->line);
  free(decoder->saved);
  free(decoder);
}

// The part of a frame's rectangle inside the screen; 0 when none of it is.
static int clip(const GifFileType *gif, int *left, int *top, int *width, int *height) {
  int right = *left + *width, bottom = *top + *height;
  if (right > gif->SWidth) right = gif->SWidth;
  if (bottom > gif->SHeight) bottom = gif->SHeight;
  *width = right - *left;
  *height = bottom - *top;
  return *width > 0 && *height > 0;
}

static void apply_disposal(meme_gif_decoder *decoder, uint8_t *canvas, int stride) {
  int left = decoder->left, top = decoder->top, width = decoder->width, height = decoder->height;
  int disposal = decoder->disposal;
  decoder->disposal = DISPOSAL_UNSPECIFIED;
  if (disposal != DISPOSE_BACKGROUND && disposal != DISPOSE_PREVIOUS) return;
  if (!clip(decoder->gif, &left, &top, &width, &height)) return;
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(canvas + (size_t)(top + y) * stride) + left;
    if (disposal == DISPOSE_BACKGROUND) {
      memset(row, 0, (size_t)width * 4);
    } else {
      memcpy(row, decoder->saved + (size_t)y * width, (size_t)width * 4);
    }
  }
}

static int save_rectangle(meme_gif_decoder *decoder, const uint8_t *canvas, int stride) {
  int left = decoder->left, top = decoder->top, width = decoder->width, height = decoder->height;
  if (!clip(decoder->gif, &left, &top, &width, &height)) return 1;
  size_t needed = (size_t)width * height;
  if (needed > decoder->saved_capacity) {
    uint32_t *saved = realloc(decoder->saved, needed * 4);
    if (saved == NULL) return 0;
    decoder->saved = saved;
    decoder->saved_capacity = needed;
  }
  for (int y = 0; y < height; y++) {
    memcpy(decoder->saved + (size_t)y * width, canvas + (size_t)(top + y) * stride + (size_t)left * 4,
           (size_t)width * 4);
  }
  return 1;
}

// The row of the frame that the `index`th row in the data fills (interlaced frames come in four
// passes: every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
static int interlaced_row(int index, int height) {
  static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
  for (int pass = 0; pass < 4; pass++) {
    int rows = starts[pass] < height ? (height - starts[pass] + steps[pass] - 1) / steps[pass] : 0;
    if (index < rows) return starts[pass] + index * steps[pass];
    index -= rows;
  }
  return -1;
}

static int draw_frame(meme_gif_decoder *decoder, uint8_t *canvas, int stride, int transparent) {
  GifFileType *gif = decoder->gif;
  const GifImageDesc *image = &gif->Image;
  const ColorMapObject *colors = image->ColorMap != NULL ? image->ColorMap : gif->SColorMap;
  if (decoder->line == NULL) {
    // A frame is at most 65535 pixels wide.
    decoder->line = malloc(65536);
    if (decoder->line == NULL) return -MEME_ANIMATION_NO_MEMORY;
  }
  uint32_t palette[256];
  int color_count = colors != NULL ? colors->ColorCount : 0;
  if (color_count > 256) color_count = 256;
  for (int i = 0; i < color_count; i++) {
    const GifColorType *c = &colors->Colors[i];
    palette[i] = 0xFF000000u | (uint32_t)c->Red << 16 | (uint32_t)c->Green << 8 | c->Blue;
  }
  for (int i = 0; i < image->Height; i++) {
    if (DGifGetLine(gif, decoder->line, image->Width) == GIF_ERROR) return -MEME_ANIMATION_CORRUPT;
    int y = image->Top + (image->Interlace ? interlaced_row(i, image->Height) : i);
    if (y < 0 || y >= gif->SHeight) continue;
    uint32_t *row = (uint32_t *)(canvas + (size_t)y * stride);
    int end = image->Left + image->Width < gif->SWidth ? image->Left + image->Width : gif->SWidth;
    for (int x = image->Left; x < end; x++) {
      int index = decoder->line[x - image->Left];
      // A transparent pixel, or one naming a colour the table does not have, leaves the canvas.
      if (index == transparent || index >= color_count) continue;
      row[x] = palette[index];
    }
  }
  return 1;
}

int meme_gif_decoder_next(meme_gif_decoder *decoder, uint8_t *canvas, int stride, int *delay_cs) {
  GifFileType *gif = decoder->gif;
  GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
  if (decoder->frames_left <= 0) return 0;
  while (1) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) return -MEME_ANIMATION_CORRUPT;
    if (type == TERMINATE_RECORD_TYPE) return 0;
    if (type == EXTENSION_RECORD_TYPE) {
      int code;
      GifByteType *extension = NULL;
      if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) return -MEME_ANIMATION_CORRUPT;
      if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4) {
        DGifExtensionToGCB(extension[0], extension + 1, &control);
      }
      while (extension != NULL) {
        if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) return -MEME_ANIMATION_CORRUPT;
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) return -MEME_ANIMATION_CORRUPT;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return -MEME_ANIMATION_CORRUPT;
    forget_saved_images(gif);
    apply_disposal(decoder, canvas, stride);
    decoder->left = gif->Image.Left;
    decoder->top = gif->Image.Top;
    decoder->width = gif->Image.Width;
    decoder->height = gif->Image.Height;
    if (control.DisposalMode == DISPOSE_PREVIOUS && !save_rectangle(decoder, canvas, stride)) {
      return -MEME_ANIMATION_NO_MEMORY;
    }
    int drawn = draw_frame(decoder, canvas, stride, control.TransparentColor);
    if (drawn < 0) return drawn;
    decoder->disposal = control.DisposalMode;
    decoder->frames_left -= 1;
    *delay_cs = control.DelayTime;
    return 1;
  }
}
