// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

// The destroy notifies that balance `ClosureBox.retainedPointer()` (the box itself is in
// GLibSupport, shared with the camera's GStreamer callbacks).

/// GClosureNotify for signal handlers: drops the +1 held by GLib.
/// Captures nothing (a capturing @convention(c) closure is rejected, or crashes Swift 6.3.1).
nonisolated let releaseClosureBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GDestroyNotify for sources and draw functions: drops the +1 held by GLib.
nonisolated let releaseDestroyNotify: GDestroyNotify = releaseClosureBoxPointer
