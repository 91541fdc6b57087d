// SPDX-License-Identifier: GPL-3.0-or-later
// Animated WebP through libwebp: its animation decoder composes the frames (blending, disposal,
// offsets) into one canvas, which is copied out frame by frame; its animation encoder takes
// frames one at a time and keeps only their compressed form until the file is assembled.
#include "meme_animation.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

static uint32_t little_endian_32(const uint8_t *bytes) {
  return bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static uint32_t little_endian_24(const uint8_t *bytes) {
  return bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16;
}

int meme_webp_scan(const void *file, size_t size, int max_frames, meme_animation_info *info) {
  const uint8_t *data = file;
  memset(info, 0, sizeof *info);
  info->play_count = 0;
  if (size < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
    return MEME_ANIMATION_NOT_RECOGNISED;
  }
  // The RIFF header gives the file's length: a file shorter than that was cut short (a writer may
  // leave out the pad byte of an odd length).
  if (size < 8 + (size_t)little_endian_32(data + 4)) info->truncated = 1;
  int animated = 0;
  size_t position = 12;
  // The chunks are walked without decoding: the canvas from VP8X, the loop count from ANIM, a
  // frame for every ANMF (or the one still picture's VP8/VP8L chunk, whose size libwebp reads).
  while (position + 8 <= size) {
    const uint8_t *chunk = data + position;
    size_t length = little_endian_32(chunk + 4);
    size_t padded = length + (length & 1);
    int complete = length <= size - position - 8;
    if (memcmp(chunk, "VP8X", 4) == 0 && complete && length >= 10) {
      animated = (chunk[8] & 0x02) != 0;
      info->may_have_transparency = (chunk[8] & 0x10) != 0;
      info->width = (int)little_endian_24(chunk + 12) + 1;
      info->height = (int)little_endian_24(chunk + 15) + 1;
    } else if (memcmp(chunk, "ANIM", 4) == 0 && complete && length >= 6) {
      info->play_count = chunk[12] | chunk[13] << 8;
    } else if (memcmp(chunk, "ANMF", 4) == 0) {
      if (!complete) {
        info->truncated = 1;
        break;
      }
      if (info->frame_count == max_frames) return MEME_ANIMATION_TOO_MANY_FRAMES;
      info->frame_count += 1;
      if (length >= 16) {
        long long frame_width = (long long)little_endian_24(chunk + 14) + 1;
        long long frame_height = (long long)little_endian_24(chunk + 17) + 1;
        info->frame_pixels += frame_width * frame_height;
      }
    } else if (!animated && (memcmp(chunk, "VP8 ", 4) == 0 || memcmp(chunk, "VP8L", 4) == 0)) {
      int width = 0, height = 0;
      WebPBitstreamFeatures features;
      if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return MEME_ANIMATION_CORRUPT;
      width = features.width;
      height = features.height;
      if (info->width == 0) {
        info->width = width;
        info->height = height;
      }
      info->may_have_transparency |= features.has_alpha;
      info->frame_count = 1;
      info->frame_pixels = (long long)width * height;
      info->play_count = 1;
      if (!complete) info->truncated = 1;
      break;
    }
    if (padded > size - position - 8) break;
    position += 8 + padded;
  }
  if (info->width <= 0 || info->height <= 0) return MEME_ANIMATION_CORRUPT;
  if (info->frame_count == 0) return MEME_ANIMATION_CORRUPT;
  return MEME_ANIMATION_OK;
}

int meme_webp_features(const void *data, size_t size, int *width, int *height, int *animated) {
  WebPBitstreamFeatures features;
  VP8StatusCode status = WebPGetFeatures(data, size, &features);
  if (status == VP8_STATUS_NOT_ENOUGH_DATA) return MEME_ANIMATION_NOT_RECOGNISED;
  if (status != VP8_STATUS_OK) return MEME_ANIMATION_CORRUPT;
  *width = features.width;
  *height = features.height;
  *animated = features.has_animation;
  return MEME_ANIMATION_OK;
}

int meme_webp_first_frame(const void *file, size_t size, uint8_t *canvas, int stride, int width, int height) {
  WebPData webp = {file, size};
  WebPDemuxState state;
  // Partial: the frames after the first may be cut short; only the first must be whole.
  WebPDemuxer *demux = WebPDemuxPartial(&webp, &state);
  if (demux == NULL) return -MEME_ANIMATION_CORRUPT;
  int status = -MEME_ANIMATION_CORRUPT;
  WebPIterator frame;
  memset(&frame, 0, sizeof frame);
  if ((int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH) == width &&
      (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT) == height && WebPDemuxGetFrame(demux, 1, &frame) &&
      frame.complete && frame.x_offset >= 0 && frame.y_offset >= 0 && frame.width > 0 && frame.height > 0 &&
      frame.x_offset + frame.width <= width && frame.y_offset + frame.height <= height) {
    WebPDecoderConfig config;
    if (WebPInitDecoderConfig(&config)) {
      // Straight into the caller's canvas at the frame's place: premultiplied B, G, R, A bytes are
      // Cairo's ARGB32 on a little-endian machine. The first frame is drawn on a cleared canvas, so
      // blending it changes nothing.
      config.output.colorspace = MODE_bgrA;
      config.output.is_external_memory = 1;
      config.output.u.RGBA.rgba = canvas + (size_t)frame.y_offset * stride + (size_t)frame.x_offset * 4;
      config.output.u.RGBA.stride = stride;
      config.output.u.RGBA.size = (size_t)stride * (frame.height - 1) + (size_t)frame.width * 4;
      VP8StatusCode decoded = WebPDecode(frame.fragment.bytes, frame.fragment.size, &config);
      WebPFreeDecBuffer(&config.output);
      status = decoded == VP8_STATUS_OK              ? 1
               : decoded == VP8_STATUS_OUT_OF_MEMORY ? -MEME_ANIMATION_NO_MEMORY
                                                     : -MEME_ANIMATION_CORRUPT;
    }
  }
  WebPDemuxReleaseIterator(&frame);
  WebPDemuxDelete(demux);
  return status;
}

struct meme_webp_decoder {
  WebPAnimDecoder *decoder;
  int width, height;
  int last_timestamp;
};

meme_webp_decoder *meme_webp_decoder_new(
    const void *file, size_t size, int width, int height, int max_frames, int *error) {
  const uint8_t *data = file;
  meme_webp_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  WebPAnimDecoderOptions options;
  WebPAnimDecoderOptionsInit(&options);
  // Premultiplied B, G, R, A bytes: Cairo's ARGB32 on a little-endian machine.
  options.color_mode = MODE_bgrA;
  options.use_threads = 0;
  WebPData webp = {data, size};
  decoder->decoder = WebPAnimDecoderNew(&webp, &options);
  if (decoder->decoder == NULL) {
    free(decoder);
    *error = MEME_ANIMATION_CORRUPT;
    return NULL;
  }
  WebPAnimInfo info;
  if (!WebPAnimDecoderGetInfo(decoder->decoder, &info) || (int)info.canvas_width != width ||
      (int)info.canvas_height != height || (int)info.frame_count > max_frames) {
    WebPAnimDecoderDelete(decoder->decoder);
    free(decoder);
    *error = MEME_ANIMATION_CORRUPT;
    return NULL;
  }
  decoder->width = width;
  decoder->height = height;
  return decoder;
}

int meme_webp_decoder_next(meme_webp_decoder *decoder, uint8_t *canvas, int stride, int *delay_ms) {
  if (!WebPAnimDecoderHasMoreFrames(decoder->decoder)) return 0;
  uint8_t *frame = NULL;
  int timestamp = 0;
  if (!WebPAnimDecoderGetNext(decoder->decoder, &frame, &timestamp)) return -MEME_ANIMATION_CORRUPT;
  for (int y = 0; y < decoder->height; y++) {
    memcpy(canvas + (size_t)y * stride, frame + (size_t)y * decoder->width * 4, (size_t)decoder->width * 4);
  }
  // libwebp gives each frame's end time; its delay is the difference.
  *delay_ms = timestamp - decoder->last_timestamp;
  decoder->last_timestamp = timestamp;
  return 1;
}

void meme_webp_decoder_free(meme_webp_decoder *decoder) {
  if (decoder == NULL) return;
  WebPAnimDecoderDelete(decoder->decoder);
  free(decoder);
}

struct meme_webp_encoder {
  WebPAnimEncoder *encoder;
  WebPConfig config;
  int width, height;
  int timestamp;
  uint8_t *rgba;
  WebPData output;
  // The XMP packet to put in the file (empty for none).
  WebPData xmp;
};

meme_webp_encoder *meme_webp_encoder_new(int width, int height, int play_count, int lossless, float quality,
    int *error) {
  meme_webp_encoder *encoder = calloc(1, sizeof *encoder);
  if (encoder == NULL) {
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  encoder->width = width;
  encoder->height = height;
  WebPDataInit(&encoder->output);
  WebPDataInit(&encoder->xmp);
  WebPAnimEncoderOptions options;
  if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&encoder->config)) {
    free(encoder);
    *error = MEME_ANIMATION_ENCODER_FAILED;
    return NULL;
  }
  options.anim_params.loop_count = play_count;
  encoder->config.lossless = lossless;
  encoder->config.quality = quality;
  encoder->config.method = 4;
  encoder->rgba = malloc((size_t)width * height * 4);
  encoder->encoder = WebPAnimEncoderNew(width, height, &options);
  if (encoder->rgba == NULL || encoder->encoder == NULL || !WebPValidateConfig(&encoder->config)) {
    meme_webp_encoder_free(encoder);
    *error = MEME_ANIMATION_NO_MEMORY;
    return NULL;
  }
  return encoder;
}

int meme_webp_encoder_add(meme_webp_encoder *encoder, const uint8_t *pixels, int stride, int delay_ms) {
  meme_argb_to_rgba(pixels, stride, encoder->width, encoder->height, encoder->rgba);
  WebPPicture picture;
  if (!WebPPictureInit(&picture)) return MEME_ANIMATION_ENCODER_FAILED;
  picture.width = encoder->width;
  picture.height = encoder->height;
  picture.use_argb = 1;
  if (!WebPPictureImportRGBA(&picture, encoder->rgba, encoder->width * 4)) {
    WebPPictureFree(&picture);
    return MEME_ANIMATION_NO_MEMORY;
  }
  int added = WebPAnimEncoderAdd(encoder->encoder, &picture, encoder->timestamp, &encoder->config);
  WebPPictureFree(&picture);
  encoder->timestamp += delay_ms;
  return added ? MEME_ANIMATION_OK : MEME_ANIMATION_ENCODER_FAILED;
}

int meme_webp_encoder_set_xmp(meme_webp_encoder *encoder, const uint8_t *packet, size_t size) {
  WebPDataClear(&encoder->xmp);
  uint8_t *copy = malloc(size);
  if (copy == NULL) return MEME_ANIMATION_NO_MEMORY;
  memcpy(copy, packet, size);
  encoder->xmp = (WebPData){copy, size};
  return MEME_ANIMATION_OK;
}

// Puts the XMP packet into the assembled file as its "XMP " chunk (libwebpmux sets the VP8X flag).
static int add_xmp(meme_webp_encoder *encoder) {
  WebPMux *mux = WebPMuxCreate(&encoder->output, 1);
  if (mux == NULL) return MEME_ANIMATION_NO_MEMORY;
  WebPData assembled;
  WebPDataInit(&assembled);
  int status = WebPMuxSetChunk(mux, "XMP ", &encoder->xmp, 1) == WEBP_MUX_OK &&
                       WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK
                   ? MEME_ANIMATION_OK
                   : MEME_ANIMATION_ENCODER_FAILED;
  WebPMuxDelete(mux);
  if (status == MEME_ANIMATION_OK) {
    WebPDataClear(&encoder->output);
    encoder->output = assembled;
  }
  return status;
}

int meme_webp_encoder_finish(meme_webp_encoder *encoder, const uint8_t **bytes, size_t *size) {
  // A last, empty frame gives the last real frame its delay.
  if (!WebPAnimEncoderAdd(encoder->encoder, NULL, encoder->timestamp, NULL) ||
      !WebPAnimEncoderAssemble(encoder->encoder, &encoder->output)) {
    return MEME_ANIMATION_ENCODER_FAILED;
  }
  if (encoder->xmp.size > 0) {
    int added = add_xmp(encoder);
    if (added != MEME_ANIMATION_OK) return added;
  }
  *bytes = encoder->output.bytes;
  *size = encoder->output.size;
  return MEME_ANIMATION_OK;
}

void meme_webp_encoder_free(meme_webp_encoder *encoder) {
  if (encoder == NULL) return;
  if (encoder->encoder != NULL) WebPAnimEncoderDelete(encoder->encoder);
  WebPDataClear(&encoder->output);
  WebPDataClear(&encoder->xmp);
  free(encoder->rgba);
  free(encoder);
}
