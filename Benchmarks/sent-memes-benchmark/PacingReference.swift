// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// The display's own frame pacing, the yardstick for the app's frame intervals: an empty window of
/// the Sent Memes window's size, redrawn on every frame by a tick callback, driven by the same
/// polling loop and watched by the same gap probe as a measured run.
///
/// A virtual display (Xvfb, headless weston) has no vertical blank to wait for. GTK's frame clock
/// then paces itself with a millisecond timer, whose wake-ups land late by up to several
/// milliseconds, so even a window with nothing to draw sees many intervals over 16.7 ms. The app's
/// intervals mean something only next to these, measured in the same run.
enum PacingReference {
  static func run(frameCount: Int, width: Int32, height: Int32) -> RunResult {
    guard Gtk.initialize() else {
      print("no display: run under xvfb-run with GDK_BACKEND=x11")
      exit(1)
    }
    let window = gtk_window_new()!
    gtk_window_set_default_size(gtkkit_window(window), width, height)
    gtk_window_present(gtkkit_window(window))
    _ = iterate { gtk_widget_get_mapped(window) != 0 }
    let recorder = FrameRecorder(clock: gtk_widget_get_frame_clock(window)!)
    // The first few frames settle the window's size and styles; like a measured run's scrolling,
    // the frames counted begin once it has painted.
    _ = iterate { recorder.paints.count >= 3 }
    let first = recorder.paints.count
    let probe = GapProbe()
    var remaining = frameCount
    probe.watch {
      let tick = TickCallback.add(to: window) { _ in
        gtk_widget_queue_draw(window)
        remaining -= 1
        return remaining > 0
      }
      _ = iterate(limit: 600) { remaining <= 0 }
      TickCallback.remove(tick, from: window)
    }
    let result = RunResult(
      view: "reference", cache: "-", renderer: renderer(of: window),
      windowWidth: gtk_widget_get_width(window),
      windowHeight: gtk_widget_get_height(window), launchMilliseconds: 0, launchPhases: [],
      launchPhasesCPU: [], thumbnailsShownMilliseconds: 0, rssAfterLaunchMiB: 0, scrollRange: 0,
      frames: recorder.samples(from: first), longestGap: probe.longestGap * 1000,
      longestGapCPU: probe.longestGapCPU * 1000, detailMilliseconds: 0, detailFullImageMilliseconds: 0,
      rssAfterScrollMiB: 0, peakRSSMiB: mebibytes("VmHWM"), loadAverage: loadAverage())
    gtk_window_destroy(gtkkit_window(window))
    return result
  }
}

/// The renderer GTK chose for `window` (GSK_RENDERER asks for one; GTK may fall back).
func renderer(of window: UnsafeMutablePointer<GtkWidget>) -> String {
  guard let renderer = gtk_native_get_renderer(OpaquePointer(window)) else { return "?" }
  return String(cString: g_type_name(gtkkit_type_of(UnsafeMutableRawPointer(renderer))))
}
