// SPDX-License-Identifier: GPL-3.0-or-later
// Encoding a video: the app's captioned BGRA frames through an app source, converted to I420 and
// encoded with x264 (H.264) or libvpx (VP9); the source's sound, when it is encoded again, through
// a second app source, its tempo changed by SoundTouch (pitch) when the speed is not 1, encoded as
// AAC or Opus; both into a Matroska file.
#include "meme_video_pipeline.h"

#include <string.h>

GstMessage *meme_video_wait(GstElement *pipeline, GstMessageType types, int64_t timeout, const char *late,
                            char **error) {
  GstBus *bus = gst_element_get_bus(pipeline);
  GstMessage *message =
      gst_bus_timed_pop_filtered(bus, (GstClockTime)MAX(0, timeout), types | GST_MESSAGE_ERROR);
  gst_object_unref(bus);
  if (message != NULL && GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
    *error = meme_video_error_text(message);
    gst_message_unref(message);
    return NULL;
  }
  if (message == NULL && late != NULL) *error = g_strdup(late);
  return message;
}

char *meme_video_error_text(GstMessage *message) {
  GError *error = NULL;
  gst_message_parse_error(message, &error, NULL);
  char *text = g_strdup(error != NULL ? error->message : "GStreamer failed");
  g_clear_error(&error);
  // One line: GStreamer's messages sometimes carry a second.
  for (char *c = text; *c != '\0'; c++)
    if (*c == '\n') *c = ' ';
  return text;
}

static char *video_encoder(const MemeVideoSinkSettings *settings) {
  if (settings->codecs == MEME_VIDEO_VP9_OPUS) {
    return settings->bitrate > 0
               ? g_strdup_printf("vp9enc deadline=1 cpu-used=6 row-mt=true threads=2 end-usage=vbr "
                                 "target-bitrate=%d",
                                 settings->bitrate)
               : g_strdup("vp9enc deadline=1 cpu-used=6 row-mt=true threads=2 end-usage=cq cq-level=32 target-bitrate=20000000");
  }
  // CRF 23 at the veryfast preset, as people encode with x264 by hand (x264's own key interval; in
  // constant quality x264enc reads `bitrate` as a cap, which is lifted).
  return settings->bitrate > 0
             ? g_strdup_printf("x264enc speed-preset=veryfast key-int-max=250 pass=cbr bitrate=%d ! h264parse",
                               MAX(1, settings->bitrate / 1000))
             : g_strdup("x264enc speed-preset=veryfast key-int-max=250 pass=qual quantizer=23 bitrate=2048000 ! "
                        "h264parse");
}

MemeVideoSink *meme_video_sink_open(const MemeVideoSinkSettings *settings, char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("GStreamer is not installed");
    return NULL;
  }
  char *encoder = video_encoder(settings);
  char *audio = NULL;
  if (settings->with_audio) {
    char *tempo = settings->audio_tempo != 1.0 ? g_strdup_printf("pitch tempo=%.6f ! audioconvert ! ", settings->audio_tempo)
                                                : g_strdup("");
    const char *audio_encoder =
        settings->codecs == MEME_VIDEO_VP9_OPUS ? "opusenc bitrate=96000" : "avenc_aac bitrate=160000 ! aacparse";
    audio = g_strdup_printf("appsrc name=audio format=time block=true max-bytes=4000000 ! audioconvert ! %s"
                            "audioresample ! %s ! queue ! mux.",
                            tempo, audio_encoder);
    g_free(tempo);
  }
  // The frames are encoded with the source's colours, whichever way they came: I420 frames as
  // decoded say so, and BGRA ones are converted to them.
  const bool has_colorimetry = settings->colorimetry != NULL && settings->colorimetry[0] != '\0' &&
                               strspn(settings->colorimetry, "abcdefghijklmnopqrstuvwxyz0123456789:") ==
                                   strlen(settings->colorimetry);
  char *colorimetry = has_colorimetry ? g_strdup_printf(",colorimetry=%s", settings->colorimetry) : g_strdup("");
  char *description = g_strdup_printf(
      "appsrc name=video format=time block=true max-bytes=%d "
      "caps=video/x-raw,format=%s,width=%d,height=%d,framerate=%d/%d,pixel-aspect-ratio=1/1%s ! "
      "videoconvert n-threads=2 ! video/x-raw,format=I420%s ! %s ! queue ! "
      "matroskamux name=mux timecodescale=100000 ! filesink name=file %s",
      // Four BGRA frames queued at most: the encoder's own look-ahead holds more.
      settings->width * settings->height * 16, settings->yuv_frames ? "I420" : "BGRA", settings->width,
      settings->height, settings->rate_numerator, MAX(1, settings->rate_denominator),
      settings->yuv_frames ? colorimetry : "", colorimetry, encoder, audio != NULL ? audio : "");
  g_free(colorimetry);
  g_free(encoder);
  g_free(audio);
  GError *parse_error = NULL;
  GstElement *pipeline = gst_parse_launch(description, &parse_error);
  g_free(description);
  if (pipeline == NULL || parse_error != NULL) {
    *error = g_strdup(parse_error != NULL ? parse_error->message : "GStreamer cannot encode videos");
    g_clear_error(&parse_error);
    if (pipeline != NULL) gst_object_unref(pipeline);
    return NULL;
  }
  MemeVideoSink *sink = g_new0(MemeVideoSink, 1);
  sink->pipeline = pipeline;
  sink->width = settings->width;
  sink->height = settings->height;
  GstBin *bin = GST_BIN(pipeline);
  sink->video = GST_APP_SRC(gst_bin_get_by_name(bin, "video"));
  sink->audio = settings->with_audio ? GST_APP_SRC(gst_bin_get_by_name(bin, "audio")) : NULL;
  GstElement *file = gst_bin_get_by_name(bin, "file");
  g_object_set(file, "location", settings->path, NULL);
  gst_object_unref(file);
  if (gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
    GstMessage *message = meme_video_wait(pipeline, 0, 0, "the encoder could not start", error);
    if (message != NULL) gst_message_unref(message);
    meme_video_sink_close(sink);
    return NULL;
  }
  return sink;
}

// Hands `buffer` (taken over) to the encoder, shown at `time` for `duration`.
static bool push_buffer(MemeVideoSink *sink, GstBuffer *buffer, int64_t time, int64_t duration, char **error) {
  GST_BUFFER_PTS(buffer) = (GstClockTime)MAX(0, time);
  GST_BUFFER_DTS(buffer) = GST_CLOCK_TIME_NONE;
  GST_BUFFER_DURATION(buffer) = duration >= 0 ? (GstClockTime)duration : GST_CLOCK_TIME_NONE;
  if (gst_app_src_push_buffer(sink->video, buffer) != GST_FLOW_OK) {
    GstMessage *message = meme_video_wait(sink->pipeline, 0, 0, "the encoder stopped", error);
    if (message != NULL) gst_message_unref(message);
    return false;
  }
  return true;
}

// Whether the sink's pipeline has failed; `*error` then says why.
static bool has_failed(MemeVideoSink *sink, char **error) {
  GstMessage *failure = meme_video_wait(sink->pipeline, 0, 0, NULL, error);
  if (failure != NULL) gst_message_unref(failure);
  return *error != NULL;
}

bool meme_video_sink_push(MemeVideoSink *sink, const uint8_t *pixels, int stride, int width, int height,
                          int64_t time, int64_t duration, char **error) {
  *error = NULL;
  if (has_failed(sink, error)) return false;
  const gsize row = (gsize)sink->width * 4;
  GstBuffer *buffer = gst_buffer_new_allocate(NULL, row * (gsize)sink->height, NULL);
  GstMapInfo map;
  if (buffer == NULL || !gst_buffer_map(buffer, &map, GST_MAP_WRITE)) {
    if (buffer != NULL) gst_buffer_unref(buffer);
    *error = g_strdup("not enough memory for the video");
    return false;
  }
  const int rows = MIN(height, sink->height), columns = MIN(width, sink->width);
  for (int y = 0; y < sink->height; y++) {
    uint8_t *out = map.data + (gsize)y * row;
    memcpy(out, pixels + (gsize)MIN(y, rows - 1) * (gsize)stride, (gsize)columns * 4);
    // The padding repeats the last column: never scaled, and no seam at the edge.
    for (int x = columns; x < sink->width; x++) memcpy(out + x * 4, out + (columns - 1) * 4, 4);
  }
  gst_buffer_unmap(buffer, &map);
  return push_buffer(sink, buffer, time, duration, error);
}

bool meme_video_sink_push_frame(MemeVideoSink *sink, const MemeVideoFrame *frame, MemeVideoOverlay *overlay,
                                int64_t time, int64_t duration, char **error) {
  *error = NULL;
  if (has_failed(sink, error)) return false;
  GstSample *sample = frame->sample;
  // The sample keeps its reference, so this is a copy of the frame to draw on.
  GstBuffer *buffer = gst_buffer_make_writable(gst_buffer_ref(gst_sample_get_buffer(sample)));
  if (overlay != NULL && !meme_video_overlay_blend(overlay, buffer, gst_sample_get_caps(sample))) {
    gst_buffer_unref(buffer);
    *error = g_strdup("a frame could not be captioned");
    return false;
  }
  return push_buffer(sink, buffer, time, duration, error);
}

bool meme_video_sink_finish(MemeVideoSink *sink, int64_t timeout, char **error) {
  *error = NULL;
  gst_app_src_end_of_stream(sink->video);
  GstMessage *message =
      meme_video_wait(sink->pipeline, GST_MESSAGE_EOS, timeout, "the video could not be finished in time", error);
  if (message == NULL) return false;
  gst_message_unref(message);
  return true;
}

void meme_video_sink_close(MemeVideoSink *sink) {
  if (sink == NULL) return;
  gst_element_set_state(sink->pipeline, GST_STATE_NULL);
  gst_object_unref(sink->video);
  if (sink->audio != NULL) gst_object_unref(sink->audio);
  gst_object_unref(sink->pipeline);
  g_free(sink);
}
