// SPDX-License-Identifier: GPL-3.0-or-later
// A sticker's WebM, with FFmpeg's libavcodec and libavformat: VP9 with an alpha channel. libvpx
// encodes the alpha plane as a second stream that the WebM carries beside each frame (BlockAdditional,
// with the track's AlphaMode set), which GStreamer 1.22's vp9enc and matroskamux cannot write.
// The Matroska muxer writes the track's AlphaMode because the encoder's pixel format has alpha.
// Frames come premultiplied BGRA (Cairo's ARGB32), at a constant rate, no sound.
#include "meme_video.h"

#include <glib.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>

struct MemeStickerVideo {
  AVFormatContext *output;
  AVCodecContext *codec;
  AVStream *stream;
  AVFrame *frame;
  AVPacket *packet;
  int64_t next_time;
};

static char *sticker_error(int code, const char *what) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(code, text, sizeof text);
  return g_strdup_printf("%s: %s", what, text);
}

MemeStickerVideo *meme_sticker_video_open(const char *path, int width, int height, int frame_rate, int bitrate,
                                          char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("FFmpeg's libraries are not installed");
    return NULL;
  }
  const AVCodec *vp9 = avcodec_find_encoder_by_name("libvpx-vp9");
  if (vp9 == NULL) {
    *error = g_strdup("FFmpeg has no VP9 encoder (libvpx-vp9)");
    return NULL;
  }
  MemeStickerVideo *video = g_new0(MemeStickerVideo, 1);
  int result = avformat_alloc_output_context2(&video->output, NULL, "webm", path);
  if (result < 0 || video->output == NULL) goto failed_memory;
  video->codec = avcodec_alloc_context3(vp9);
  video->frame = av_frame_alloc();
  video->packet = av_packet_alloc();
  video->stream = avformat_new_stream(video->output, NULL);
  if (video->codec == NULL || video->frame == NULL || video->packet == NULL || video->stream == NULL)
    goto failed_memory;
  AVCodecContext *codec = video->codec;
  codec->width = width;
  codec->height = height;
  codec->pix_fmt = AV_PIX_FMT_YUVA420P;
  codec->time_base = (AVRational){1, frame_rate};
  codec->framerate = (AVRational){frame_rate, 1};
  codec->bit_rate = bitrate;
  codec->gop_size = frame_rate * 3;
  codec->color_range = AVCOL_RANGE_MPEG;
  codec->colorspace = AVCOL_SPC_SMPTE170M;
  codec->thread_count = 2;
  if (video->output->oformat->flags & AVFMT_GLOBALHEADER) codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  AVDictionary *options = NULL;
  // Alternate reference frames would leave the alpha stream's frames out of step with the colour's.
  av_dict_set(&options, "auto-alt-ref", "0", 0);
  av_dict_set(&options, "deadline", "good", 0);
  av_dict_set(&options, "cpu-used", "4", 0);
  av_dict_set(&options, "row-mt", "1", 0);
  result = avcodec_open2(codec, vp9, &options);
  av_dict_free(&options);
  if (result < 0) {
    *error = sticker_error(result, "the VP9 encoder could not start");
    goto failed;
  }
  if ((result = avcodec_parameters_from_context(video->stream->codecpar, codec)) < 0) goto failed_memory;
  video->stream->time_base = codec->time_base;
  video->frame->format = codec->pix_fmt;
  video->frame->width = width;
  video->frame->height = height;
  if (av_frame_get_buffer(video->frame, 0) < 0) goto failed_memory;
  if ((result = avio_open(&video->output->pb, path, AVIO_FLAG_WRITE)) < 0) {
    *error = sticker_error(result, "the sticker cannot be written");
    goto failed;
  }
  if ((result = avformat_write_header(video->output, NULL)) < 0) {
    *error = sticker_error(result, "the sticker cannot be written");
    goto failed;
  }
  return video;
failed_memory:
  *error = g_strdup("not enough memory for the sticker");
failed:
  meme_sticker_video_close(video);
  return NULL;
}

// Writes the packets the encoder has ready.
static bool drain(MemeStickerVideo *video, char **error) {
  for (;;) {
    int result = avcodec_receive_packet(video->codec, video->packet);
    if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return true;
    if (result < 0) {
      *error = sticker_error(result, "the VP9 encoder stopped");
      return false;
    }
    av_packet_rescale_ts(video->packet, video->codec->time_base, video->stream->time_base);
    video->packet->stream_index = video->stream->index;
    result = av_interleaved_write_frame(video->output, video->packet);
    if (result < 0) {
      *error = sticker_error(result, "the sticker cannot be written");
      return false;
    }
  }
}

// A premultiplied BGRA pixel's colour, straight again, in BT.601's limited-range Y, and its alpha.
static inline int luma(const uint8_t *pixel) {
  int alpha = pixel[3];
  if (alpha == 0) return 16;
  int red = pixel[2] * 255 / alpha, green = pixel[1] * 255 / alpha, blue = pixel[0] * 255 / alpha;
  return ((66 * red + 129 * green + 25 * blue + 128) >> 8) + 16;
}

bool meme_sticker_video_push(MemeStickerVideo *video, const uint8_t *pixels, int stride, char **error) {
  *error = NULL;
  AVFrame *frame = video->frame;
  int result = av_frame_make_writable(frame);
  if (result < 0) {
    *error = sticker_error(result, "not enough memory for the sticker");
    return false;
  }
  int width = frame->width, height = frame->height;
  for (int y = 0; y < height; y++) {
    const uint8_t *row = pixels + (size_t)y * stride;
    for (int x = 0; x < width; x++) {
      frame->data[0][y * frame->linesize[0] + x] = (uint8_t)luma(row + 4 * x);
      frame->data[3][y * frame->linesize[3] + x] = row[4 * x + 3];
    }
  }
  // Each chroma sample from the premultiplied colours of its (up to) four pixels over their alpha,
  // so that transparent pixels, which have no colour, do not darken the edges of what shows.
  for (int y = 0; y < (height + 1) / 2; y++) {
    for (int x = 0; x < (width + 1) / 2; x++) {
      int sums[4] = {0};
      for (int dy = 0; dy < 2; dy++) {
        int yy = 2 * y + dy < height ? 2 * y + dy : height - 1;
        for (int dx = 0; dx < 2; dx++) {
          int xx = 2 * x + dx < width ? 2 * x + dx : width - 1;
          const uint8_t *pixel = pixels + (size_t)yy * stride + 4 * xx;
          for (int channel = 0; channel < 4; channel++) sums[channel] += pixel[channel];
        }
      }
      int red = 0, green = 0, blue = 0;
      if (sums[3] > 0) {
        red = sums[2] * 255 / sums[3];
        green = sums[1] * 255 / sums[3];
        blue = sums[0] * 255 / sums[3];
      }
      frame->data[1][y * frame->linesize[1] + x] = (uint8_t)(((-38 * red - 74 * green + 112 * blue + 128) >> 8) + 128);
      frame->data[2][y * frame->linesize[2] + x] = (uint8_t)(((112 * red - 94 * green - 18 * blue + 128) >> 8) + 128);
    }
  }
  frame->pts = video->next_time++;
  if ((result = avcodec_send_frame(video->codec, frame)) < 0) {
    *error = sticker_error(result, "the VP9 encoder stopped");
    return false;
  }
  return drain(video, error);
}

bool meme_sticker_video_finish(MemeStickerVideo *video, char **error) {
  *error = NULL;
  int result = avcodec_send_frame(video->codec, NULL);
  if (result < 0) {
    *error = sticker_error(result, "the VP9 encoder stopped");
    return false;
  }
  if (!drain(video, error)) return false;
  if ((result = av_write_trailer(video->output)) < 0) {
    *error = sticker_error(result, "the sticker cannot be written");
    return false;
  }
  return true;
}

void meme_sticker_video_close(MemeStickerVideo *video) {
  if (video == NULL) return;
  av_packet_free(&video->packet);
  av_frame_free(&video->frame);
  avcodec_free_context(&video->codec);
  if (video->output != NULL) {
    if (video->output->pb != NULL) avio_closep(&video->output->pb);
    avformat_free_context(video->output);
  }
  g_free(video);
}
