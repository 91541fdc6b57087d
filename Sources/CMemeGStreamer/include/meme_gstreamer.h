// SPDX-License-Identifier: GPL-3.0-or-later
// GStreamer, loaded into the process when the camera is first used rather than linked into the app:
// its libraries and the plugin registry cost a launch time it does not need (the editor's first
// frame has no camera in it). The camera calls GStreamer's own functions as usual; the ones it uses
// are defined in meme_gstreamer.c, each forwarding to the function of that name in the loaded library.
#ifndef MEME_GSTREAMER_H
#define MEME_GSTREAMER_H

#include <stdbool.h>

/// Loads GStreamer's core, app and video libraries once; later calls only report the outcome. False
/// when a library or one of the functions the camera uses is missing: the camera then counts as absent.
/// Safe to call from any thread.
bool memecamera_gstreamer_load(void);

#endif
