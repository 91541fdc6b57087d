// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer

/// Process-wide GStreamer set-up.
enum GStreamer {
  /// Initialises GStreamer once; later calls do nothing. Returns false when it cannot start
  /// (e.g. a broken plugin registry), in which case the camera counts as absent.
  static func initialize() -> Bool {
    // gst_init_check is idempotent and cheap once initialised; no arguments are forwarded because
    // the application owns its command line.
    gst_init_check(nil, nil, nil) != 0
  }
}
