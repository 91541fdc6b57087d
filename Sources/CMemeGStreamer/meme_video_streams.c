// SPDX-License-Identifier: GPL-3.0-or-later
// Which of decodebin's streams go where, for the video source and the player alike: the first video
// stream to the element named "video_input", the first sound stream to "audio_input"; any other
// stream is left unlinked, which decodebin allows.
#include "meme_video_pipeline.h"
#include "meme_gstreamer.h"

static void on_pad_added(GstElement *decodebin, GstPad *pad, gpointer data) {
  (void)decodebin;
  MemeVideoStreams *streams = data;
  GstCaps *caps = gst_pad_get_current_caps(pad);
  if (caps == NULL) caps = gst_pad_query_caps(pad, NULL);
  if (caps == NULL) return;
  const char *name = gst_structure_get_name(gst_caps_get_structure(caps, 0));
  GstElement *input = NULL;
  if (g_str_has_prefix(name, "video/x-raw") && !g_atomic_int_get(&streams->found_video)) {
    input = streams->video_input;
    g_atomic_int_set(&streams->found_video, 1);
  } else if (g_str_has_prefix(name, "audio/x-raw") && !g_atomic_int_get(&streams->found_audio)) {
    input = streams->audio_input;
    g_atomic_int_set(&streams->found_audio, 1);
  }
  gst_caps_unref(caps);
  if (input == NULL) return;
  GstPad *sink = gst_element_get_static_pad(input, "sink");
  gst_pad_link(pad, sink);
  gst_object_unref(sink);
}

static void on_no_more_pads(GstElement *decodebin, gpointer data) {
  (void)decodebin;
  g_atomic_int_set(&((MemeVideoStreams *)data)->no_more_pads, 1);
}

void meme_video_streams_route(MemeVideoStreams *streams, GstBin *bin) {
  streams->video_input = gst_bin_get_by_name(bin, "video_input");
  streams->audio_input = gst_bin_get_by_name(bin, "audio_input");
  GstElement *decode = gst_bin_get_by_name(bin, "decode");
  g_signal_connect(decode, "pad-added", G_CALLBACK(on_pad_added), streams);
  g_signal_connect(decode, "no-more-pads", G_CALLBACK(on_no_more_pads), streams);
  gst_object_unref(decode);
}

bool meme_video_streams_preroll(MemeVideoStreams *streams, GstElement *pipeline, int64_t timeout, char **error) {
  const int64_t step = 50 * GST_MSECOND;
  for (int64_t waited = 0; waited < timeout; waited += step) {
    GstMessage *message = meme_video_wait(pipeline, GST_MESSAGE_ASYNC_DONE, step, NULL, error);
    if (message != NULL) {
      gst_message_unref(message);
      return true;
    }
    if (*error != NULL) return false;
    if (g_atomic_int_get(&streams->no_more_pads) && !g_atomic_int_get(&streams->found_video)) {
      *error = g_strdup("it has no video that can be decoded");
      return false;
    }
  }
  *error = g_strdup("it could not be decoded in time");
  return false;
}

void meme_video_streams_clear(MemeVideoStreams *streams) {
  if (streams->video_input != NULL) gst_object_unref(streams->video_input);
  if (streams->audio_input != NULL) gst_object_unref(streams->audio_input);
  streams->video_input = streams->audio_input = NULL;
}

GstElement *meme_video_launch(char *description, const char *path, const char *cannot, char **error) {
  GError *parse_error = NULL;
  GstElement *pipeline = gst_parse_launch(description, &parse_error);
  g_free(description);
  if (pipeline == NULL) {
    *error = g_strdup(parse_error != NULL ? parse_error->message : cannot);
    g_clear_error(&parse_error);
    return NULL;
  }
  g_clear_error(&parse_error);
  GstElement *file = gst_bin_get_by_name(GST_BIN(pipeline), "file");
  g_object_set(file, "location", path, NULL);
  gst_object_unref(file);
  return pipeline;
}
