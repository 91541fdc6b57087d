// SPDX-License-Identifier: GPL-3.0-or-later
// The last step of a video export, with FFmpeg's libavformat: the encoded streams and, when the
// sound is kept as it is, the source's sound packets, every one of them (GStreamer's demuxer drops
// the packets an MP4's edit list leaves out, such as AAC's priming packet), into the MP4 or WebM.
// Nothing of the source's metadata is copied: a phone's location and device stay behind.
#include "meme_video.h"

#include <glib.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>

static char *av_error_text(int code, const char *what) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(code, text, sizeof text);
  return g_strdup_printf("%s: %s", what, text);
}

char *meme_video_audio_codec(const char *path, char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("FFmpeg's libraries are not installed");
    return NULL;
  }
  AVFormatContext *input = NULL;
  int result = avformat_open_input(&input, path, NULL, NULL);
  if (result < 0) {
    *error = av_error_text(result, "it cannot be read");
    return NULL;
  }
  int index = av_find_best_stream(input, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0);
  char *name = g_strdup(index >= 0 ? avcodec_get_name(input->streams[index]->codecpar->codec_id) : "");
  avformat_close_input(&input);
  return name;
}

double meme_video_duration(const char *path) {
  if (!meme_video_initialize()) return -1;
  AVFormatContext *input = NULL;
  if (avformat_open_input(&input, path, NULL, NULL) < 0) return -1;
  // The container's own header says it (an MP4's movie header, a WebM's segment information):
  // nothing is decoded.
  double seconds = input->duration > 0 ? (double)input->duration / AV_TIME_BASE : -1;
  avformat_close_input(&input);
  return seconds;
}

// One input's streams as the output's: `map[i]` is input stream i's output index, or -1.
typedef struct {
  AVFormatContext *context;
  int map[16];
  AVPacket *packet;
  bool ended;
} MuxInput;

static bool open_input(MuxInput *input, const char *path, bool audio_only, AVFormatContext *output, char **error) {
  int result = avformat_open_input(&input->context, path, NULL, NULL);
  if (result < 0) {
    *error = av_error_text(result, "a stream cannot be read");
    return false;
  }
  // Matroska keeps presentation times alone: the decoding times MP4 needs come from parsing the
  // encoded video, which is MemeMe's own file.
  if (!audio_only && (result = avformat_find_stream_info(input->context, NULL)) < 0) {
    *error = av_error_text(result, "the encoded video cannot be read");
    return false;
  }
  int audio = audio_only ? av_find_best_stream(input->context, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0) : -1;
  for (unsigned index = 0; index < 16; index++) {
    input->map[index] = -1;
    if (index >= input->context->nb_streams || (audio_only && (int)index != audio)) continue;
    AVStream *stream = avformat_new_stream(output, NULL);
    if (stream == NULL || avcodec_parameters_copy(stream->codecpar, input->context->streams[index]->codecpar) < 0) {
      *error = g_strdup("not enough memory for the video");
      return false;
    }
    // The output container picks its own tag for the codec.
    stream->codecpar->codec_tag = 0;
    stream->time_base = input->context->streams[index]->time_base;
    input->map[index] = stream->index;
  }
  input->packet = av_packet_alloc();
  return input->packet != NULL;
}

// Reads `input`'s next packet of a mapped stream into its `packet`; marks it ended at the end.
static void read_next(MuxInput *input) {
  while (!input->ended) {
    av_packet_unref(input->packet);
    if (av_read_frame(input->context, input->packet) < 0) {
      input->ended = true;
    } else if (input->packet->stream_index < 16 && input->map[input->packet->stream_index] >= 0) {
      return;
    }
  }
}

static AVRational time_base(MuxInput *input) {
  return input->context->streams[input->packet->stream_index]->time_base;
}

static int64_t packet_time(MuxInput *input) {
  return input->packet->dts != AV_NOPTS_VALUE ? input->packet->dts : input->packet->pts;
}

// Writes `input`'s packet to `output`, then reads its next.
static int write_packet(MuxInput *input, AVFormatContext *output) {
  AVStream *stream = output->streams[input->map[input->packet->stream_index]];
  av_packet_rescale_ts(input->packet, time_base(input), stream->time_base);
  input->packet->stream_index = stream->index;
  input->packet->pos = -1;
  int result = av_interleaved_write_frame(output, input->packet);
  read_next(input);
  return result;
}

bool meme_video_mux(const char *encoded, const char *audio_from, const char *output_path, const char *format,
                    const char *description, char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("FFmpeg's libraries are not installed");
    return false;
  }
  AVFormatContext *output = NULL;
  MuxInput inputs[2] = {0};
  int count = audio_from != NULL ? 2 : 1;
  AVDictionary *options = NULL;
  bool written = false;
  int result = avformat_alloc_output_context2(&output, NULL, format, output_path);
  if (result < 0 || output == NULL) {
    *error = av_error_text(result, "the video cannot be written");
    goto done;
  }
  if (!open_input(&inputs[0], encoded, false, output, error)) goto done;
  if (audio_from != NULL && !open_input(&inputs[1], audio_from, true, output, error)) goto done;
  if (description != NULL && description[0] != '\0') {
    av_dict_set(&output->metadata, "description", description, 0);
    av_dict_set(&output->metadata, "comment", description, 0);
  }
  if ((result = avio_open(&output->pb, output_path, AVIO_FLAG_WRITE)) < 0) {
    *error = av_error_text(result, "the video cannot be written");
    goto done;
  }
  if (g_strcmp0(format, "mp4") == 0) av_dict_set(&options, "movflags", "+faststart", 0);
  if ((result = avformat_write_header(output, &options)) < 0) {
    *error = av_error_text(result, "the video cannot be written");
    goto done;
  }
  for (int index = 0; index < count; index++) read_next(&inputs[index]);
  // The packets in time order across both inputs, as a player reads them.
  for (;;) {
    MuxInput *next = NULL;
    for (int index = 0; index < count; index++) {
      MuxInput *input = &inputs[index];
      if (input->ended) continue;
      if (next == NULL ||
          av_compare_ts(packet_time(input), time_base(input), packet_time(next), time_base(next)) < 0)
        next = input;
    }
    if (next == NULL) break;
    if ((result = write_packet(next, output)) < 0) {
      *error = av_error_text(result, "the video cannot be written");
      goto done;
    }
  }
  if ((result = av_write_trailer(output)) < 0) {
    *error = av_error_text(result, "the video cannot be written");
    goto done;
  }
  written = true;
done:
  av_dict_free(&options);
  for (int index = 0; index < 2; index++) {
    av_packet_free(&inputs[index].packet);
    if (inputs[index].context != NULL) avformat_close_input(&inputs[index].context);
  }
  if (output != NULL) {
    if (output->pb != NULL) avio_closep(&output->pb);
    avformat_free_context(output);
  }
  return written;
}
