// SPDX-License-Identifier: GPL-3.0-or-later
// C glue between Swift and GStreamer 1.22 for the camera: casts that C writes as macros and
// fixed-arity helpers where the C API is variadic or built around structs of callbacks.
// No GTK here: the camera engine runs without a display.
#ifndef MEMEME_CGSTREAMER_SHIM_H
#define MEMEME_CGSTREAMER_SHIM_H

#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

// MARK: - Version pin
// Written against Debian 12's GStreamer 1.22; the calls used here exist since 1.20.
#if !GST_CHECK_VERSION(1, 20, 0)
#error "MemeMe needs GStreamer 1.20 or newer"
#endif

// MARK: - Casts
// GStreamer's cast macros check the instance type at runtime, which is safer than bit casts in Swift.
static inline GstElement *memecamera_element(gpointer p) { return GST_ELEMENT(p); }
static inline GstBin *memecamera_bin(gpointer p) { return GST_BIN(p); }
static inline GstAppSink *memecamera_app_sink(gpointer p) { return GST_APP_SINK(p); }
static inline GstObject *memecamera_object(gpointer p) { return GST_OBJECT(p); }
static inline GstAppSrc *memecamera_app_src(gpointer p) { return GST_APP_SRC(p); }

// MARK: - Messages
/// GST_MESSAGE_TYPE is a macro.
static inline GstMessageType memecamera_message_type(GstMessage *message) {
  return GST_MESSAGE_TYPE(message);
}

/// The object that posted `message` (GST_MESSAGE_SRC is a macro); borrowed.
static inline GstObject *memecamera_message_source(GstMessage *message) {
  return GST_MESSAGE_SRC(message);
}

// MARK: - Pipelines
/// The current state of `element`, without waiting for an asynchronous change to finish.
static inline GstState memecamera_current_state(GstElement *element) {
  GstState state = GST_STATE_VOID_PENDING;
  gst_element_get_state(element, &state, NULL, 0);
  return state;
}

// MARK: - App sink
/// Called on a GStreamer streaming thread for every frame the app sink receives.
typedef GstFlowReturn (*MemeCameraSampleHandler)(GstAppSink *sink, gpointer data);

/// Installs only `new_sample` on `sink`. GstAppSinkCallbacks is a struct of function pointers with
/// reserved padding that must be zeroed; filling it in C keeps Swift from depending on its layout.
/// `release` runs when the callbacks are replaced or the sink is finalised.
static inline void memecamera_app_sink_on_sample(GstAppSink *sink, MemeCameraSampleHandler handler,
                                                 gpointer data, GDestroyNotify release) {
  GstAppSinkCallbacks callbacks = {0};
  callbacks.new_sample = handler;
  gst_app_sink_set_callbacks(sink, &callbacks, data, release);
}

// MARK: - Recording
/// Builds the pipeline `description` (a floating reference, or NULL). When GStreamer cannot, its
/// reason is copied into `message` (`capacity` bytes) and the error freed here, so that Swift never
/// holds a GError.
static inline GstElement *memecamera_parse_pipeline(const char *description, char *message, size_t capacity) {
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch(description, &error);
  if (error == NULL) return pipeline;
  g_strlcpy(message, error->message, capacity);
  g_error_free(error);
  // A pipeline may come back with a recoverable error (an unknown property): it counts as failure.
  if (pipeline != NULL) gst_object_unref(gst_object_ref_sink(pipeline));
  return NULL;
}

/// Sets the string property `name` of `element` (g_object_set is variadic).
static inline void memecamera_set_string(GstElement *element, const char *name, const char *value) {
  g_object_set(element, name, value, NULL);
}

/// The presentation time of the sample's buffer; GST_CLOCK_TIME_NONE when it has none.
static inline GstClockTime memecamera_sample_time(GstSample *sample) {
  GstBuffer *buffer = gst_sample_get_buffer(sample);
  return buffer != NULL ? GST_BUFFER_PTS(buffer) : GST_CLOCK_TIME_NONE;
}

/// A new buffer sharing the sample's pixels (no copy), shown at `time` into the recording: the
/// camera's own times count from when its pipeline started. NULL when the sample has no buffer.
static inline GstBuffer *memecamera_restamped_buffer(GstSample *sample, GstClockTime time) {
  GstBuffer *buffer = gst_sample_get_buffer(sample);
  if (buffer == NULL) return NULL;
  // A shallow copy: the memory is shared by reference, only the metadata (the times) is new.
  GstBuffer *copy = gst_buffer_copy(buffer);
  GST_BUFFER_PTS(copy) = time;
  GST_BUFFER_DTS(copy) = GST_CLOCK_TIME_NONE;
  return copy;
}

/// Ends the stream of the source `element` (a bin's sources too): it pushes EOS after what it has.
static inline void memecamera_end_stream(GstElement *element) {
  gst_element_send_event(element, gst_event_new_eos());
}

#endif
