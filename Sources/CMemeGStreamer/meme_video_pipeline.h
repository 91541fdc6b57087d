// SPDX-License-Identifier: GPL-3.0-or-later
// What the video source and sink share: the sink's sound input, and waiting on a pipeline's bus.
#ifndef MEME_VIDEO_PIPELINE_H
#define MEME_VIDEO_PIPELINE_H

#include "meme_video.h"

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>

struct MemeVideoSink {
  GstElement *pipeline;
  GstAppSrc *video;
  /// NULL unless opened with_audio.
  GstAppSrc *audio;
  int width, height;
};

/// Waits up to `timeout` nanoseconds for a message of `types` or an error on `pipeline`'s bus.
/// Returns the message (for gst_message_unref), or NULL with `*error` set: the error's text, or
/// `late` when the time ran out.
GstMessage *meme_video_wait(GstElement *pipeline, GstMessageType types, int64_t timeout, const char *late,
                            char **error);

/// An error message's text as the app's one line, for g_free.
char *meme_video_error_text(GstMessage *message);

/// Blends `overlay` over the I420 frame in `buffer` (writable) of `caps`; false when it cannot.
bool meme_video_overlay_blend(MemeVideoOverlay *overlay, GstBuffer *buffer, GstCaps *caps);

/// Where decodebin's streams go (see meme_video_streams.c). Written on the streaming thread as
/// decodebin adds its pads; read once the pipeline prerolled.
typedef struct {
  GstElement *video_input;
  GstElement *audio_input;
  gint found_video;
  gint found_audio;
  gint no_more_pads;
} MemeVideoStreams;

/// Links the streams of the decodebin named "decode" in `bin` to its "video_input" and "audio_input".
void meme_video_streams_route(MemeVideoStreams *streams, GstBin *bin);

/// Waits up to `timeout` nanoseconds for `pipeline` to preroll (the first frame decoded), failing
/// early when decodebin has exposed every stream and none was a video it could decode.
bool meme_video_streams_preroll(MemeVideoStreams *streams, GstElement *pipeline, int64_t timeout, char **error);
void meme_video_streams_clear(MemeVideoStreams *streams);

/// The pipeline `description` (taken over, for g_free) says, its element named "file" reading
/// `path`; NULL with `*error` (GStreamer's reason, or `cannot`) when it cannot be made.
GstElement *meme_video_launch(char *description, const char *path, const char *cannot, char **error);

/// Fills `frame` from a BGRA `sample`, taking it over: 1, or -1 (the sample unreferenced) when it cannot be read.
int meme_video_frame_from_sample(GstSample *sample, MemeVideoFrame *frame);

#endif
