// SPDX-License-Identifier: GPL-3.0-or-later
// Playing a video in a window: decodebin decodes it as the pipeline's clock (the sound card's, when
// the sound plays) comes to each frame, the frames scaled on GStreamer's threads to the size the
// window shows and kept one at a time (the newest) for the app to take on its frame clock, the sound
// through scaletempo (its pitch kept at another speed) and a volume (muting) to the desktop's output.
// Frames the app is too late to take are dropped, never queued: nothing is decoded ahead of what
// is shown but the one frame waiting. Each frame kept is stamped with the number of flushes the
// sink had seen when it came, and a seek (which flushes once) waits for a frame from after its
// flush, so a frame from before a seek never shows after it.
#include "meme_video_pipeline.h"
#include "meme_gstreamer.h"

#include <gst/video/video.h>
#include <string.h>

struct MemeVideoPlayer {
  GstElement *pipeline;
  GstAppSink *video;
  GstElement *volume;
  /// The frames' size, which the window changes as the canvas does.
  GstElement *size;
  MemeVideoStreams streams;
  /// The newest frame not yet taken (the preroll's while paused) and the flushes seen before it
  /// came, under `lock`; frames stamped before `first_flush` are from before the last seek.
  GMutex lock;
  GstSample *newest;
  guint newest_flushes;
  guint flushes;
  guint first_flush;
  /// Whether the end of the part played was reached (read from the bus on the app's thread).
  bool at_end;
};

static void keep_newest(MemeVideoPlayer *player, GstSample *sample) {
  if (sample == NULL) return;
  g_mutex_lock(&player->lock);
  GstSample *dropped = player->newest;
  player->newest = sample;
  player->newest_flushes = player->flushes;
  g_mutex_unlock(&player->lock);
  if (dropped != NULL) gst_sample_unref(dropped);
}

static GstFlowReturn on_preroll(GstAppSink *sink, gpointer data) {
  keep_newest(data, gst_app_sink_pull_preroll(sink));
  return GST_FLOW_OK;
}

static GstFlowReturn on_sample(GstAppSink *sink, gpointer data) {
  keep_newest(data, gst_app_sink_pull_sample(sink));
  return GST_FLOW_OK;
}

// A seek's flush reaching the frames' sink: what comes after it is from the new position.
static GstPadProbeReturn on_flush(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
  (void)pad;
  MemeVideoPlayer *player = data;
  if (GST_EVENT_TYPE(GST_PAD_PROBE_INFO_EVENT(info)) == GST_EVENT_FLUSH_STOP) {
    g_mutex_lock(&player->lock);
    player->flushes++;
    g_mutex_unlock(&player->lock);
  }
  return GST_PAD_PROBE_OK;
}

MemeVideoPlayer *meme_video_player_open(const char *path, int width, int height, bool with_audio, int64_t timeout,
                                        char **error) {
  *error = NULL;
  if (!meme_video_initialize()) {
    *error = g_strdup("GStreamer is not installed");
    return NULL;
  }
  // Without sound (or with none in the file) a fake sink takes the sound stream, as decodebin wants
  // every stream it exposes linked. The sound's sink does not hold the first frame back (async=false).
  const char *audio = with_audio ? "audioconvert name=audio_input ! scaletempo ! audioconvert ! audioresample ! "
                                   "volume name=volume ! autoaudiosink async-handling=true"
                                 : "fakesink name=audio_input sync=false async=false enable-last-sample=false";
  char *description = g_strdup_printf(
      "filesrc name=file ! decodebin name=decode "
      "videoconvert name=video_input n-threads=2 ! videoflip video-direction=auto ! "
      "videoscale ! videoconvert n-threads=2 ! "
      "capsfilter name=size caps=video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=%d,height=%d ! "
      "appsink name=video sync=true max-buffers=1 drop=true enable-last-sample=false %s",
      width, height, audio);
  GstElement *pipeline = meme_video_launch(description, path, "GStreamer cannot play videos", error);
  if (pipeline == NULL) return NULL;
  MemeVideoPlayer *player = g_new0(MemeVideoPlayer, 1);
  g_mutex_init(&player->lock);
  player->pipeline = pipeline;
  GstBin *bin = GST_BIN(pipeline);
  player->video = GST_APP_SINK(gst_bin_get_by_name(bin, "video"));
  player->volume = with_audio ? gst_bin_get_by_name(bin, "volume") : NULL;
  player->size = gst_bin_get_by_name(bin, "size");
  meme_video_streams_route(&player->streams, bin);
  GstAppSinkCallbacks callbacks = {0};
  callbacks.new_preroll = on_preroll;
  callbacks.new_sample = on_sample;
  gst_app_sink_set_callbacks(player->video, &callbacks, player, NULL);
  GstPad *frames = gst_element_get_static_pad(GST_ELEMENT(player->video), "sink");
  gst_pad_add_probe(frames, GST_PAD_PROBE_TYPE_EVENT_FLUSH, on_flush, player, NULL);
  gst_object_unref(frames);
  gst_element_set_state(pipeline, GST_STATE_PAUSED);
  if (meme_video_streams_preroll(&player->streams, pipeline, timeout, error)) return player;
  meme_video_player_close(player);
  return NULL;
}

bool meme_video_player_seek(MemeVideoPlayer *player, int64_t position, int64_t end, double rate) {
  player->at_end = false;
  g_mutex_lock(&player->lock);
  guint flushes = player->flushes;
  g_mutex_unlock(&player->lock);
  GstSeekFlags flags = GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE;
  // Backwards, GStreamer plays the segment from its stop down to its start. The seek goes to the
  // frames' sink, not the pipeline, which would send it to the unlinked sound sink of a video
  // without sound too and fail; the demuxer it reaches moves the sound as well.
  GstEvent *seek = rate < 0 ? gst_event_new_seek(rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, MAX(0, end),
                                                 GST_SEEK_TYPE_SET, MAX(0, position))
                            : gst_event_new_seek(rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, MAX(0, position),
                                                 end >= 0 ? GST_SEEK_TYPE_SET : GST_SEEK_TYPE_NONE,
                                                 end >= 0 ? end : -1);
  bool sought = gst_element_send_event(GST_ELEMENT(player->video), seek);
  if (sought) {
    // Frames count again from after the seek's flush (which may have passed already).
    g_mutex_lock(&player->lock);
    player->first_flush = flushes + 1;
    g_mutex_unlock(&player->lock);
  }
  return sought;
}

void meme_video_player_set_playing(MemeVideoPlayer *player, bool playing) {
  gst_element_set_state(player->pipeline, playing ? GST_STATE_PLAYING : GST_STATE_PAUSED);
}

void meme_video_player_resize(MemeVideoPlayer *player, int width, int height) {
  char *description =
      g_strdup_printf("video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=%d,height=%d", width, height);
  GstCaps *caps = gst_caps_from_string(description);
  g_free(description);
  if (caps == NULL) return;
  // videoscale takes the new size from the next frame on.
  g_object_set(player->size, "caps", caps, NULL);
  gst_caps_unref(caps);
}

void meme_video_player_set_muted(MemeVideoPlayer *player, bool muted) {
  if (player->volume != NULL) g_object_set(player->volume, "mute", muted, NULL);
}

// Reads what the pipeline said since the last look: the end of the part played, or an error.
static bool read_bus(MemeVideoPlayer *player, char **error) {
  GstBus *bus = gst_element_get_bus(player->pipeline);
  GstMessage *message;
  bool fine = true;
  while (fine && (message = gst_bus_pop_filtered(bus, GST_MESSAGE_EOS | GST_MESSAGE_ERROR)) != NULL) {
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
      *error = meme_video_error_text(message);
      fine = false;
    } else {
      player->at_end = true;
    }
    gst_message_unref(message);
  }
  gst_object_unref(bus);
  return fine;
}

int meme_video_player_take_frame(MemeVideoPlayer *player, MemeVideoFrame *frame, char **error) {
  *error = NULL;
  if (!read_bus(player, error)) return -1;
  g_mutex_lock(&player->lock);
  GstSample *sample = player->newest;
  bool stale = sample != NULL && player->newest_flushes < player->first_flush;
  player->newest = NULL;
  g_mutex_unlock(&player->lock);
  if (sample == NULL) return 0;
  if (stale) {
    gst_sample_unref(sample);
    return 0;
  }
  int taken = meme_video_frame_from_sample(sample, frame);
  if (taken < 0) *error = g_strdup("a frame could not be read");
  return taken;
}

bool meme_video_player_is_at_end(MemeVideoPlayer *player) { return player->at_end; }

void meme_video_player_close(MemeVideoPlayer *player) {
  if (player == NULL) return;
  gst_element_set_state(player->pipeline, GST_STATE_NULL);
  if (player->newest != NULL) gst_sample_unref(player->newest);
  gst_object_unref(player->video);
  if (player->volume != NULL) gst_object_unref(player->volume);
  gst_object_unref(player->size);
  meme_video_streams_clear(&player->streams);
  gst_object_unref(player->pipeline);
  g_mutex_clear(&player->lock);
  g_free(player);
}
