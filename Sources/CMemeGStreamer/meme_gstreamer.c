// SPDX-License-Identifier: GPL-3.0-or-later
// The GStreamer (and FFmpeg muxing) functions the camera and the videos call, each forwarding to the
// function of the same name in those libraries, which memecamera_gstreamer_load() opens with dlopen the
// first time the camera or a video is used. The definitions are hidden (visible to the app's own code only): the loaded libraries and
// their plugins keep calling GStreamer itself. A function the camera starts to use must be listed in
// MEMECAMERA_FUNCTIONS or MEMECAMERA_PROCEDURES, or the app fails to link. The prototypes are checked
// against GStreamer's headers, which declare the same names.
#include "meme_gstreamer.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// GLib's declarations first, with their own (default) visibility: this file calls into GLib.
#include <glib-object.h>
#pragma GCC visibility push(hidden)
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>

// F(return type, name, parameters, arguments) for each function that returns a value.
#define MEMECAMERA_FUNCTIONS(F)                                                                          \
  F(int, av_compare_ts, (int64_t ts_a, AVRational tb_a, int64_t ts_b, AVRational tb_b), (ts_a, tb_a, ts_b, tb_b)) \
  F(int, av_dict_set, (AVDictionary * *dictionary, const char *key, const char *value, int flags),      \
    (dictionary, key, value, flags))                                                                     \
  F(int, av_find_best_stream,                                                                            \
    (AVFormatContext * context, enum AVMediaType type, int wanted, int related, const AVCodec **decoder, int flags), \
    (context, type, wanted, related, decoder, flags))                                                    \
  F(AVFrame *, av_frame_alloc, (void), ())                                                              \
  F(int, av_frame_get_buffer, (AVFrame * frame, int align), (frame, align))                              \
  F(int, av_frame_make_writable, (AVFrame * frame), (frame))                                             \
  F(AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))                           \
  F(const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name))                           \
  F(int, avcodec_open2, (AVCodecContext * context, const AVCodec *codec, AVDictionary **options),        \
    (context, codec, options))                                                                           \
  F(int, avcodec_parameters_from_context, (AVCodecParameters * parameters, const AVCodecContext *context), \
    (parameters, context))                                                                               \
  F(int, avcodec_receive_packet, (AVCodecContext * context, AVPacket *packet), (context, packet))        \
  F(int, avcodec_send_frame, (AVCodecContext * context, const AVFrame *frame), (context, frame))         \
  F(int, av_interleaved_write_frame, (AVFormatContext * context, AVPacket *packet), (context, packet))   \
  F(AVPacket *, av_packet_alloc, (void), ())                                                             \
  F(int, av_read_frame, (AVFormatContext * context, AVPacket *packet), (context, packet))                \
  F(int, av_strerror, (int code, char *text, size_t size), (code, text, size))                           \
  F(int, av_write_trailer, (AVFormatContext * context), (context))                                       \
  F(const char *, avcodec_get_name, (enum AVCodecID codec), (codec))                                     \
  F(int, avcodec_parameters_copy, (AVCodecParameters * destination, const AVCodecParameters *source),    \
    (destination, source))                                                                               \
  F(int, avformat_alloc_output_context2,                                                                 \
    (AVFormatContext * *context, const AVOutputFormat *format, const char *name, const char *path),      \
    (context, format, name, path))                                                                       \
  F(int, avformat_find_stream_info, (AVFormatContext * context, AVDictionary **options), (context, options)) \
  F(AVStream *, avformat_new_stream, (AVFormatContext * context, const AVCodec *codec), (context, codec)) \
  F(int, avformat_open_input,                                                                            \
    (AVFormatContext * *context, const char *url, const AVInputFormat *format, AVDictionary **options),  \
    (context, url, format, options))                                                                     \
  F(int, avformat_write_header, (AVFormatContext * context, AVDictionary **options), (context, options)) \
  F(int, avio_closep, (AVIOContext * *context), (context))                                               \
  F(int, avio_open, (AVIOContext * *context, const char *url, int flags), (context, url, flags))         \
  F(GstCaps *, gst_app_src_get_caps, (GstAppSrc * source), (source))                                   \
  F(GType, gst_app_src_get_type, (void), ())                                                             \
  F(GstFlowReturn, gst_app_src_end_of_stream, (GstAppSrc * source), (source))                            \
  F(GstFlowReturn, gst_app_src_push_buffer, (GstAppSrc * source, GstBuffer * buffer), (source, buffer))  \
  F(GstEvent *, gst_event_new_eos, (void), ())                                                           \
  F(gboolean, gst_app_sink_is_eos, (GstAppSink * sink), (sink))                                          \
  F(GstSample *, gst_app_sink_try_pull_sample, (GstAppSink * sink, GstClockTime timeout), (sink, timeout)) \
  F(GstElement *, gst_bin_get_by_name, (GstBin * bin, const gchar *name), (bin, name))                   \
  F(GstBuffer *, gst_buffer_new_allocate, (GstAllocator * allocator, gsize size, GstAllocationParams *params), \
    (allocator, size, params))                                                                           \
  F(gboolean, gst_buffer_map, (GstBuffer * buffer, GstMapInfo *info, GstMapFlags flags), (buffer, info, flags)) \
  F(GstMessage *, gst_bus_timed_pop_filtered, (GstBus * bus, GstClockTime timeout, GstMessageType types), \
    (bus, timeout, types))                                                                               \
  F(GstStructure *, gst_caps_get_structure, (const GstCaps *caps, guint index), (caps, index))           \
  F(GstElementFactory *, gst_element_factory_find, (const gchar *name), (name))                          \
  F(GstPad *, gst_element_get_static_pad, (GstElement * element, const gchar *name), (element, name))    \
  F(gboolean, gst_element_query_duration, (GstElement * element, GstFormat format, gint64 *duration),    \
    (element, format, duration))                                                                         \
  F(gboolean, gst_element_send_event, (GstElement * element, GstEvent * event), (element, event))        \
  F(GstEvent *, gst_event_new_seek,                                                                      \
    (gdouble rate, GstFormat format, GstSeekFlags flags, GstSeekType start_type, gint64 start,           \
     GstSeekType stop_type, gint64 stop),                                                                \
    (rate, format, flags, start_type, start, stop_type, stop))                                           \
  F(GstMiniObject *, gst_mini_object_copy, (const GstMiniObject *object), (object))                     \
  F(gpointer, gst_mini_object_get_qdata, (GstMiniObject * object, GQuark quark), (object, quark))         \
  F(GstCaps *, gst_pad_get_current_caps, (GstPad * pad), (pad))                                          \
  F(GstPadLinkReturn, gst_pad_link, (GstPad * source, GstPad * sink), (source, sink))                    \
  F(GstCaps *, gst_pad_query_caps, (GstPad * pad, GstCaps * filter), (pad, filter))                      \
  F(GstElement *, gst_parse_launch, (const gchar *description, GError **error), (description, error))   \
  F(gboolean, gst_video_color_matrix_get_Kr_Kb, (GstVideoColorMatrix matrix, gdouble * kr, gdouble * kb), \
    (matrix, kr, kb))                                                                                    \
  F(gchar *, gst_video_colorimetry_to_string, (const GstVideoColorimetry *colorimetry), (colorimetry))   \
  F(GstMiniObject *, gst_mini_object_make_writable, (GstMiniObject * object), (object))                  \
  F(GstMiniObject *, gst_mini_object_ref, (GstMiniObject * object), (object))                            \
  F(GstSegment *, gst_sample_get_segment, (GstSample * sample), (sample))                                \
  F(guint64, gst_segment_to_stream_time, (const GstSegment *segment, GstFormat format, guint64 position), \
    (segment, format, position))                                                                         \
  F(const gchar *, gst_structure_get_name, (const GstStructure *structure), (structure))                 \
  F(GType, gst_app_sink_get_type, (void), ())                                                            \
  F(GstSample *, gst_app_sink_pull_sample, (GstAppSink * sink), (sink))                                  \
  F(GstSample *, gst_app_sink_pull_preroll, (GstAppSink * sink), (sink))                                 \
  F(gulong, gst_pad_add_probe,                                                                           \
    (GstPad * pad, GstPadProbeType mask, GstPadProbeCallback callback, gpointer data, GDestroyNotify notify), \
    (pad, mask, callback, data, notify))                                                                 \
  F(gboolean, gst_bin_add, (GstBin * bin, GstElement * element), (bin, element))                         \
  F(GType, gst_bin_get_type, (void), ())                                                                 \
  F(guint, gst_bus_add_watch_full,                                                                       \
    (GstBus * bus, gint priority, GstBusFunc func, gpointer data, GDestroyNotify notify),                \
    (bus, priority, func, data, notify))                                                                 \
  F(GstMessage *, gst_bus_pop_filtered, (GstBus * bus, GstMessageType types), (bus, types))              \
  F(GstCaps *, gst_caps_from_string, (const gchar *string), (string))                                    \
  F(GQuark, gst_core_error_quark, (void), ())                                                            \
  F(GstElement *, gst_device_create_element, (GstDevice * device, const gchar *name), (device, name))    \
  F(gchar *, gst_device_get_display_name, (GstDevice * device), (device))                                \
  F(guint, gst_device_monitor_add_filter, (GstDeviceMonitor * monitor, const gchar *classes, GstCaps *caps), \
    (monitor, classes, caps))                                                                            \
  F(GstBus *, gst_device_monitor_get_bus, (GstDeviceMonitor * monitor), (monitor))                       \
  F(GList *, gst_device_monitor_get_devices, (GstDeviceMonitor * monitor), (monitor))                    \
  F(GstDeviceMonitor *, gst_device_monitor_new, (void), ())                                              \
  F(gboolean, gst_device_monitor_start, (GstDeviceMonitor * monitor), (monitor))                         \
  F(GstElement *, gst_element_factory_make, (const gchar *factory, const gchar *name), (factory, name))  \
  F(GstBus *, gst_element_get_bus, (GstElement * element), (element))                                    \
  F(GstStateChangeReturn, gst_element_get_state,                                                         \
    (GstElement * element, GstState * state, GstState * pending, GstClockTime timeout),                  \
    (element, state, pending, timeout))                                                                  \
  F(GType, gst_element_get_type, (void), ())                                                             \
  F(gboolean, gst_element_link, (GstElement * source, GstElement * destination), (source, destination))  \
  F(GstStateChangeReturn, gst_element_set_state, (GstElement * element, GstState state), (element, state)) \
  F(gboolean, gst_init_check, (int *argc, char **argv[], GError **error), (argc, argv, error))           \
  F(GType, gst_object_get_type, (void), ())                                                              \
  F(gpointer, gst_object_ref, (gpointer object), (object))                                               \
  F(gpointer, gst_object_ref_sink, (gpointer object), (object))                                          \
  F(GstElement *, gst_parse_bin_from_description,                                                        \
    (const gchar *description, gboolean ghost_unlinked_pads, GError **error),                            \
    (description, ghost_unlinked_pads, error))                                                           \
  F(GQuark, gst_parse_error_quark, (void), ())                                                           \
  F(GstElement *, gst_pipeline_new, (const gchar *name), (name))                                         \
  F(GQuark, gst_resource_error_quark, (void), ())                                                        \
  F(GstBuffer *, gst_sample_get_buffer, (GstSample * sample), (sample))                                  \
  F(GstCaps *, gst_sample_get_caps, (GstSample * sample), (sample))                                      \
  F(GQuark, gst_stream_error_quark, (void), ())                                                          \
  F(gboolean, gst_video_frame_map,                                                                       \
    (GstVideoFrame * frame, const GstVideoInfo *info, GstBuffer *buffer, GstMapFlags flags),             \
    (frame, info, buffer, flags))                                                                        \
  F(gboolean, gst_video_info_from_caps, (GstVideoInfo * info, const GstCaps *caps), (info, caps))

// P(name, parameters, arguments) for each function that returns nothing.
#define MEMECAMERA_PROCEDURES(P)                                                                         \
  P(av_log_set_level, (int level), (level))                                                              \
  P(av_dict_free, (AVDictionary * *dictionary), (dictionary))                                             \
  P(av_frame_free, (AVFrame * *frame), (frame))                                                         \
  P(avcodec_free_context, (AVCodecContext * *context), (context))                                        \
  P(av_packet_free, (AVPacket * *packet), (packet))                                                      \
  P(av_packet_rescale_ts, (AVPacket * packet, AVRational from, AVRational to), (packet, from, to))       \
  P(av_packet_unref, (AVPacket * packet), (packet))                                                      \
  P(avformat_close_input, (AVFormatContext * *context), (context))                                       \
  P(avformat_free_context, (AVFormatContext * context), (context))                                       \
  P(gst_app_src_set_caps, (GstAppSrc * source, const GstCaps *caps), (source, caps))                     \
  P(gst_buffer_unmap, (GstBuffer * buffer, GstMapInfo * info), (buffer, info))                           \
  P(gst_mini_object_set_qdata,                                                                           \
    (GstMiniObject * object, GQuark quark, gpointer data, GDestroyNotify destroy),                       \
    (object, quark, data, destroy))                                                                      \
  P(gst_app_sink_set_callbacks,                                                                          \
    (GstAppSink * sink, GstAppSinkCallbacks * callbacks, gpointer data, GDestroyNotify notify),          \
    (sink, callbacks, data, notify))                                                                     \
  P(gst_app_sink_set_caps, (GstAppSink * sink, const GstCaps *caps), (sink, caps))                       \
  P(gst_app_sink_set_drop, (GstAppSink * sink, gboolean drop), (sink, drop))                             \
  P(gst_app_sink_set_max_buffers, (GstAppSink * sink, guint max), (sink, max))                           \
  P(gst_device_monitor_stop, (GstDeviceMonitor * monitor), (monitor))                                    \
  P(gst_message_parse_error, (GstMessage * message, GError **error, gchar **debug), (message, error, debug)) \
  P(gst_mini_object_unref, (GstMiniObject * object), (object))                                           \
  P(gst_object_unref, (gpointer object), (object))                                                       \
  P(gst_video_frame_unmap, (GstVideoFrame * frame), (frame))

// The loaded functions, by the names they have in GStreamer.
#define MEMECAMERA_POINTER(type, name, parameters, arguments) type(*name) parameters;
#define MEMECAMERA_PROCEDURE_POINTER(name, parameters, arguments) void(*name) parameters;
static struct {
  MEMECAMERA_FUNCTIONS(MEMECAMERA_POINTER)
  MEMECAMERA_PROCEDURES(MEMECAMERA_PROCEDURE_POINTER)
} loaded;

// Whether every library opened and every function was found.
static bool is_loaded = false;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

// The core first: the others need it. The sonames are GStreamer 1.x's stable ABI.
static const char *const library_names[] = {
  "libgstreamer-1.0.so.0",
  "libgstbase-1.0.so.0",
  "libgstapp-1.0.so.0",
  "libgstvideo-1.0.so.0",
  // FFmpeg's, for the last step of a video export (meme_video_mux.c): Debian 12's sonames.
  "libavutil.so.57",
  "libavcodec.so.59",
  "libavformat.so.59",
};
#define LIBRARY_COUNT (sizeof library_names / sizeof library_names[0])
static void *libraries[LIBRARY_COUNT];

static void *find_symbol(const char *name) {
  for (size_t index = 0; index < LIBRARY_COUNT; index++) {
    void *symbol = dlsym(libraries[index], name);
    if (symbol != NULL) return symbol;
  }
  fprintf(stderr, "mememe: GStreamer has no %s; the camera and videos are not available\n", name);
  return NULL;
}

static void load_libraries(void) {
  for (size_t index = 0; index < LIBRARY_COUNT; index++) {
    // Local: the app looks the functions up itself, and nothing else in it should bind to them.
    libraries[index] = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    if (libraries[index] == NULL) {
      fprintf(stderr, "mememe: %s; the camera and videos are not available\n", dlerror());
      return;
    }
  }
#define MEMECAMERA_RESOLVE(type, name, parameters, arguments)                                            \
  if ((loaded.name = (type(*) parameters)find_symbol(#name)) == NULL) return;
#define MEMECAMERA_RESOLVE_PROCEDURE(name, parameters, arguments)                                        \
  if ((loaded.name = (void(*) parameters)find_symbol(#name)) == NULL) return;
  MEMECAMERA_FUNCTIONS(MEMECAMERA_RESOLVE)
  MEMECAMERA_PROCEDURES(MEMECAMERA_RESOLVE_PROCEDURE)
  is_loaded = true;
}

bool memecamera_gstreamer_load(void) {
  pthread_once(&load_once, load_libraries);
  return is_loaded;
}

// The camera asks memecamera_gstreamer_load() before its first GStreamer call, so a call without
// GStreamer is a mistake in the app: stop at once rather than jump to a null function.
static void require_gstreamer(const char *name) {
  if (memecamera_gstreamer_load()) return;
  fprintf(stderr, "mememe: %s called without GStreamer\n", name);
  abort();
}

#define MEMECAMERA_FORWARD(type, name, parameters, arguments)                                            \
  type name parameters {                                                                                 \
    require_gstreamer(#name);                                                                            \
    return loaded.name arguments;                                                                        \
  }
#define MEMECAMERA_FORWARD_PROCEDURE(name, parameters, arguments)                                        \
  void name parameters {                                                                                 \
    require_gstreamer(#name);                                                                            \
    loaded.name arguments;                                                                               \
  }
MEMECAMERA_FUNCTIONS(MEMECAMERA_FORWARD)
MEMECAMERA_PROCEDURES(MEMECAMERA_FORWARD_PROCEDURE)

#pragma GCC visibility pop
