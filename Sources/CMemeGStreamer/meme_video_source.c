// SPDX-License-Identifier: GPL-3.0-or-later
// Decoding a video: decodebin picks the demuxer and decoders, videoflip applies the orientation the
// file asks for, videoscale makes pixels that are not square (an anamorphic video) square, as a
// player shows them, and the frames reach the app as BGRA (or I420) through an app sink, four at most ahead of it,
// so memory holds a few frames whatever the video's length.
#include "meme_video_pipeline.h"
#include "meme_gstreamer.h"

#include <gst/video/video.h>
#include <libavutil/log.h>
#include <string.h>

struct MemeVideoSource {
  GstElement *pipeline;
  GstAppSink *video;
  /// The decoded sound's sink, or NULL without `decoding_audio`.
  GstAppSink *audio;
  MemeVideoStreams streams;
  /// Forwarding the sound: where to, and from when on.
  MemeVideoSink *audio_sink;
  int64_t audio_start;
};

static void say_nothing(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
  (void)domain, (void)level, (void)message, (void)data;
}

bool meme_video_initialize(void) {
  if (!memecamera_gstreamer_load() || !gst_init_check(NULL, NULL, NULL)) return false;
  // libavformat speaks of what it reads on standard error, and so do GStreamer's demuxers of a
  // damaged file (a tag that is not UTF-8, an element of a broken Matroska file); the app says
  // what went wrong in its own one line, from the pipeline's error message.
  static gsize quieted = 0;
  if (g_once_init_enter(&quieted)) {
    av_log_set_level(AV_LOG_QUIET);
    g_log_set_handler("GStreamer", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL, say_nothing, NULL);
    g_once_init_leave(&quieted, 1);
  }
  return true;
}

void meme_video_free_text(char *text) { g_free(text); }

bool meme_video_has_element(const char *name) {
  if (!meme_video_initialize()) return false;
  GstElementFactory *factory = gst_element_factory_find(name);
  if (factory == NULL) return false;
  gst_object_unref(factory);
  return true;
}

MemeVideoSource *meme_video_source_open(const char *path, bool decoding_audio, bool yuv_frames, int64_t timeout,
                                        MemeVideoInfo *info, char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("GStreamer is not installed");
    return NULL;
  }
  const char *audio = decoding_audio
                          ? "audioconvert name=audio_input ! audio/x-raw,format=F32LE,layout=interleaved ! "
                            "appsink name=audio sync=false async=false enable-last-sample=false"
                          : "fakesink name=audio_input sync=false async=false enable-last-sample=false";
  char *description = g_strdup_printf(
      "filesrc name=file ! decodebin name=decode "
      "videoconvert name=video_input n-threads=2 ! videoflip video-direction=auto ! "
      "videoscale ! videoconvert n-threads=2 ! video/x-raw,format=%s,pixel-aspect-ratio=1/1 ! "
      "appsink name=video sync=false max-buffers=4 enable-last-sample=false %s",
      yuv_frames ? "I420" : "BGRA", audio);
  GstElement *pipeline = meme_video_launch(description, path, "GStreamer cannot decode videos", error);
  if (pipeline == NULL) return NULL;
  MemeVideoSource *source = g_new0(MemeVideoSource, 1);
  source->pipeline = pipeline;
  GstBin *bin = GST_BIN(pipeline);
  source->video = GST_APP_SINK(gst_bin_get_by_name(bin, "video"));
  source->audio = decoding_audio ? GST_APP_SINK(gst_bin_get_by_name(bin, "audio")) : NULL;
  meme_video_streams_route(&source->streams, bin);
  gst_element_set_state(pipeline, GST_STATE_PAUSED);
  if (!meme_video_streams_preroll(&source->streams, pipeline, timeout, error)) {
    meme_video_source_close(source);
    return NULL;
  }
  GstPad *pad = gst_element_get_static_pad(GST_ELEMENT(source->video), "sink");
  GstCaps *caps = gst_pad_get_current_caps(pad);
  gst_object_unref(pad);
  GstVideoInfo video;
  if (caps == NULL || !gst_video_info_from_caps(&video, caps)) {
    if (caps != NULL) gst_caps_unref(caps);
    *error = g_strdup("its video has no size");
    meme_video_source_close(source);
    return NULL;
  }
  gst_caps_unref(caps);
  info->width = GST_VIDEO_INFO_WIDTH(&video);
  info->height = GST_VIDEO_INFO_HEIGHT(&video);
  info->rate_numerator = GST_VIDEO_INFO_FPS_N(&video);
  info->rate_denominator = GST_VIDEO_INFO_FPS_D(&video);
  gint64 duration = -1;
  if (!gst_element_query_duration(pipeline, GST_FORMAT_TIME, &duration)) duration = -1;
  info->duration = duration;
  info->has_audio = g_atomic_int_get(&source->streams.found_audio);
  // The decoder's colorimetry (before the conversion to BGRA), or GStreamer's guess for the size.
  GstPad *decoded = gst_element_get_static_pad(source->streams.video_input, "sink");
  GstCaps *decoded_caps = gst_pad_get_current_caps(decoded);
  gst_object_unref(decoded);
  GstVideoInfo decoded_info;
  char *colorimetry = NULL;
  if (decoded_caps != NULL && gst_video_info_from_caps(&decoded_info, decoded_caps))
    colorimetry = gst_video_colorimetry_to_string(&decoded_info.colorimetry);
  if (decoded_caps != NULL) gst_caps_unref(decoded_caps);
  g_strlcpy(info->colorimetry, colorimetry != NULL ? colorimetry : "", sizeof info->colorimetry);
  g_free(colorimetry);
  return source;
}

// Seeks the frames' sink rather than the pipeline: the pipeline would send the seek to every sink,
// the unlinked sound sink of a video without sound too, and fail on it. The demuxer the seek
// reaches moves every stream, the sound's included.
static bool seek_frames(MemeVideoSource *source, int64_t start, int64_t end) {
  GstSeekFlags flags = GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE;
  return gst_element_send_event(GST_ELEMENT(source->video),
                                gst_event_new_seek(1.0, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, MAX(0, start),
                                                   end >= 0 ? GST_SEEK_TYPE_SET : GST_SEEK_TYPE_NONE,
                                                   end >= 0 ? end : -1));
}

// Seeks as seek_frames does (failing with `cannot`), waits for the frames from there, and plays.
static bool seek_and_play(MemeVideoSource *source, int64_t start, int64_t end, int64_t timeout, const char *cannot,
                          char **error) {
  if (!seek_frames(source, start, end)) {
    *error = g_strdup(cannot);
    return false;
  }
  GstMessage *message =
      meme_video_wait(source->pipeline, GST_MESSAGE_ASYNC_DONE, timeout, "it could not be decoded in time", error);
  if (message == NULL) return false;
  gst_message_unref(message);
  gst_element_set_state(source->pipeline, GST_STATE_PLAYING);
  return true;
}

bool meme_video_source_play(MemeVideoSource *source, int64_t start, int64_t end, int64_t timeout,
                            char **error) {
  *error = NULL;
  if (start > 0 || end >= 0)
    return seek_and_play(source, start, end, timeout, "it cannot be played from the trim's start", error);
  gst_element_set_state(source->pipeline, GST_STATE_PLAYING);
  return true;
}

bool meme_video_source_seek(MemeVideoSource *source, int64_t start, int64_t end, int64_t timeout, char **error) {
  *error = NULL;
  // Paused first, its state change finished and its messages dropped, so that the ASYNC_DONE waited
  // for is the seek's: a source read backwards seeks once a stretch, from wherever it stopped.
  gst_element_set_state(source->pipeline, GST_STATE_PAUSED);
  if (gst_element_get_state(source->pipeline, NULL, NULL, (GstClockTime)timeout) == GST_STATE_CHANGE_FAILURE) {
    GstMessage *message = meme_video_wait(source->pipeline, 0, 0, "it could not be decoded in time", error);
    if (message != NULL) gst_message_unref(message);
    return false;
  }
  GstBus *bus = gst_element_get_bus(source->pipeline);
  GstMessage *stale;
  while ((stale = gst_bus_pop_filtered(bus, GST_MESSAGE_ASYNC_DONE | GST_MESSAGE_EOS)) != NULL)
    gst_message_unref(stale);
  gst_object_unref(bus);
  return seek_and_play(source, start, end, timeout, "it cannot be played backwards", error);
}

// Where `buffer` of `sample` lies in the video's own time, as a player counts it: a buffer's
// timestamp is the stream's, which an MP4's edit list offsets (an H.264 with B-frames starts at two
// frames, not 0). -1 when it has none or lies outside the part played.
static int64_t stream_time(GstSample *sample, GstBuffer *buffer) {
  if (!GST_BUFFER_PTS_IS_VALID(buffer)) return -1;
  const GstSegment *segment = gst_sample_get_segment(sample);
  if (segment == NULL) return (int64_t)GST_BUFFER_PTS(buffer);
  guint64 time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, GST_BUFFER_PTS(buffer));
  return time == GST_CLOCK_TIME_NONE ? -1 : (int64_t)time;
}

int meme_video_source_next_frame(MemeVideoSource *source, int64_t timeout, MemeVideoFrame *frame,
                                 char **error) {
  *error = NULL;
  GstSample *sample = gst_app_sink_try_pull_sample(source->video, (GstClockTime)timeout);
  if (sample == NULL) {
    if (gst_app_sink_is_eos(source->video)) return 0;
    GstMessage *message = meme_video_wait(source->pipeline, 0, 0, "it could not be decoded in time", error);
    if (message != NULL) gst_message_unref(message);
    return -1;
  }
  if (meme_video_frame_from_sample(sample, frame) < 0) {
    *error = g_strdup("a frame could not be read");
    return -1;
  }
  return 1;
}

int meme_video_frame_from_sample(GstSample *sample, MemeVideoFrame *frame) {
  GstVideoInfo video;
  GstBuffer *buffer = gst_sample_get_buffer(sample);
  GstMapInfo *map = g_new0(GstMapInfo, 1);
  if (buffer == NULL || !gst_video_info_from_caps(&video, gst_sample_get_caps(sample)) ||
      !gst_buffer_map(buffer, map, GST_MAP_READ) ||
      map->size < (gsize)GST_VIDEO_INFO_PLANE_STRIDE(&video, 0) * (gsize)GST_VIDEO_INFO_HEIGHT(&video)) {
    g_free(map);
    gst_sample_unref(sample);
    return -1;
  }
  frame->pixels = map->data;
  frame->stride = GST_VIDEO_INFO_PLANE_STRIDE(&video, 0);
  frame->width = GST_VIDEO_INFO_WIDTH(&video);
  frame->height = GST_VIDEO_INFO_HEIGHT(&video);
  frame->time = stream_time(sample, buffer);
  frame->duration = GST_BUFFER_DURATION_IS_VALID(buffer) ? (int64_t)GST_BUFFER_DURATION(buffer) : -1;
  // The mapping rides along with the sample, to be undone on release.
  frame->sample = sample;
  gst_mini_object_set_qdata(GST_MINI_OBJECT(sample), g_quark_from_static_string("meme-map"), map, NULL);
  return 1;
}

void meme_video_frame_release(MemeVideoFrame *frame) {
  GstSample *sample = frame->sample;
  if (sample == NULL) return;
  GstMapInfo *map = gst_mini_object_get_qdata(GST_MINI_OBJECT(sample), g_quark_from_static_string("meme-map"));
  if (map != NULL) {
    gst_buffer_unmap(gst_sample_get_buffer(sample), map);
    g_free(map);
  }
  gst_sample_unref(sample);
  frame->sample = NULL;
  frame->pixels = NULL;
}

// The sound's app sink, on its streaming thread: each buffer from the trim's start on, its time
// counted from there, into the sink's sound input.
static GstFlowReturn on_audio_sample(GstAppSink *appsink, gpointer data) {
  MemeVideoSource *source = data;
  GstSample *sample = gst_app_sink_pull_sample(appsink);
  if (sample == NULL) return GST_FLOW_EOS;
  GstAppSrc *input = source->audio_sink->audio;
  GstBuffer *buffer = gst_sample_get_buffer(sample);
  GstFlowReturn flow = GST_FLOW_OK;
  int64_t time = buffer != NULL ? stream_time(sample, buffer) : -1;
  if (buffer != NULL && (time < 0 || time + (int64_t)GST_BUFFER_DURATION(buffer) > source->audio_start)) {
    GstCaps *caps = gst_app_src_get_caps(input);
    if (caps == NULL) gst_app_src_set_caps(input, gst_sample_get_caps(sample));
    else gst_caps_unref(caps);
    GstBuffer *copy = gst_buffer_copy(buffer);
    if (time >= 0) GST_BUFFER_PTS(copy) = MAX(0, time - source->audio_start);
    GST_BUFFER_DTS(copy) = GST_CLOCK_TIME_NONE;
    flow = gst_app_src_push_buffer(input, copy);
  }
  gst_sample_unref(sample);
  return flow;
}

static void on_audio_end(GstAppSink *appsink, gpointer data) {
  (void)appsink;
  gst_app_src_end_of_stream(((MemeVideoSource *)data)->audio_sink->audio);
}

bool meme_video_source_forward_audio(MemeVideoSource *source, MemeVideoSink *sink, int64_t start) {
  if (source->audio == NULL || sink->audio == NULL) return false;
  source->audio_sink = sink;
  source->audio_start = start;
  GstAppSinkCallbacks callbacks = {0};
  callbacks.new_sample = on_audio_sample;
  callbacks.eos = on_audio_end;
  gst_app_sink_set_callbacks(source->audio, &callbacks, source, NULL);
  return true;
}

void meme_video_source_close(MemeVideoSource *source) {
  if (source == NULL) return;
  gst_element_set_state(source->pipeline, GST_STATE_NULL);
  gst_object_unref(source->video);
  if (source->audio != NULL) gst_object_unref(source->audio);
  meme_video_streams_clear(&source->streams);
  gst_object_unref(source->pipeline);
  g_free(source);
}
