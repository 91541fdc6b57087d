// SPDX-License-Identifier: GPL-3.0-or-later
// The GStreamer functions the camera calls, each forwarding to the function of the same name in
// GStreamer's libraries, which memecamera_gstreamer_load() opens with dlopen the first time the camera
// is used. The definitions are hidden (visible to the app's own code only): the loaded libraries and
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
#include <gst/gst.h>
#include <gst/video/video.h>

// F(return type, name, parameters, arguments) for each function that returns a value.
#define MEMECAMERA_FUNCTIONS(F)                                                                          \
  F(GType, gst_app_sink_get_type, (void), ())                                                            \
  F(GstSample *, gst_app_sink_pull_sample, (GstAppSink * sink), (sink))                                  \
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
};
#define LIBRARY_COUNT (sizeof library_names / sizeof library_names[0])
static void *libraries[LIBRARY_COUNT];

static void *find_symbol(const char *name) {
  for (size_t index = 0; index < LIBRARY_COUNT; index++) {
    void *symbol = dlsym(libraries[index], name);
    if (symbol != NULL) return symbol;
  }
  fprintf(stderr, "mememe: GStreamer has no %s; the camera is not available\n", name);
  return NULL;
}

static void load_libraries(void) {
  for (size_t index = 0; index < LIBRARY_COUNT; index++) {
    // Local: the app looks the functions up itself, and nothing else in it should bind to them.
    libraries[index] = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    if (libraries[index] == NULL) {
      fprintf(stderr, "mememe: %s; the camera is not available\n", dlerror());
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
