// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
internal import CMemeGStreamer

/// Process-wide GStreamer set-up.
enum GStreamer {
  /// Loads GStreamer's libraries (the app does not link them: see CMemeGStreamer) and initialises it
  /// once; later calls do nothing. Returns false when it cannot start (GStreamer is not installed,
  /// or a broken plugin registry), in which case the camera counts as absent. Every other GStreamer
  /// call comes after a successful one of these.
  /// Callable from any thread (gst_init_check serialises its callers).
  nonisolated static func initialize() -> Bool {
    // gst_init_check is idempotent and cheap once initialised; no arguments are forwarded because
    // the application owns its command line.
    memecamera_gstreamer_load() && gst_init_check(nil, nil, nil) != 0
  }
}
