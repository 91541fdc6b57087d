// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeUI

/// One measured launch: open the store's Sent Memes, scroll one view from end to end a page per
/// frame, then open the detail of the meme in the middle.
final class MeasuredRun {
  private let options: Options
  private let view: String
  private let cache: String

  init(options: Options, view: String, cache: String) {
    self.options = options
    self.view = view
    self.cache = cache
  }

  func run() -> RunResult {
    let start = Date()
    let startCPU = GapProbe.threadCPUTime()
    // As the app does: the store opens on a background thread while GTK starts.
    let opening = SentMemesLibrary.startOpening(directory: options.directory)
    guard Gtk.initialize() else {
      print("no display: run under xvfb-run with GDK_BACKEND=x11")
      exit(1)
    }
    let gtkReady = Date()
    let gtkReadyCPU = GapProbe.threadCPUTime()
    let session = SentMemesSession(
      opening: opening, applicationID: "io.github.mememe.SentMemesBenchmark.p\(getpid())")
    let storeOpen = Date()
    let storeOpenCPU = GapProbe.threadCPUTime()
    session.activate()
    let windowBuilt = Date()
    let windowBuiltCPU = GapProbe.threadCPUTime()
    guard let window = session.windowWidget else {
      print("Sent Memes did not open (is the store empty?)")
      exit(1)
    }
    if view == "grid" { session.showGrid() }

    // Populated: the window is mapped, lists every meme, shows its rows and has painted a frame.
    _ = iterate { gtk_widget_get_mapped(window) != 0 }
    let mapped = Date()
    let mappedCPU = GapProbe.threadCPUTime()
    let recorder = FrameRecorder(clock: gtk_widget_get_frame_clock(window)!)
    _ = iterate {
      !recorder.paints.isEmpty && session.memeCount == self.options.count && session.boundCells.total > 0
    }
    let populated = Date()
    let populatedCPU = GapProbe.threadCPUTime()
    _ = iterate {
      let cells = session.boundCells
      return cells.total > 0 && cells.withThumbnail == cells.total
    }
    let thumbnailsShown = Date()
    let rssAfterLaunch = mebibytes("VmRSS")
    let windowSize = (gtk_widget_get_width(window), gtk_widget_get_height(window))

    let launch = (
      milliseconds: populated.timeIntervalSince(start) * 1000,
      phases: zip(
        [gtkReady, storeOpen, windowBuilt, mapped, populated],
        [start, gtkReady, storeOpen, windowBuilt, mapped]
      )
      .map { $0.timeIntervalSince($1) * 1000 },
      thumbnailsShown: thumbnailsShown.timeIntervalSince(start) * 1000,
      phasesCPU: zip(
        [gtkReadyCPU, storeOpenCPU, windowBuiltCPU, mappedCPU, populatedCPU],
        [startCPU, gtkReadyCPU, storeOpenCPU, windowBuiltCPU, mappedCPU]
      ).map { ($0 - $1) * 1000 }
    )
    if options.launchOnly {
      let result = RunResult(
        view: view, cache: cache, renderer: renderer(of: window), windowWidth: windowSize.0,
        windowHeight: windowSize.1, launchMilliseconds: launch.milliseconds, launchPhases: launch.phases,
        launchPhasesCPU: launch.phasesCPU,
        thumbnailsShownMilliseconds: launch.thumbnailsShown, rssAfterLaunchMiB: rssAfterLaunch,
        scrollRange: 0,
        frames: FrameSamples(intervals: [], startIntervals: [], work: [], cpu: []), longestGap: 0,
        longestGapCPU: 0,
        detailMilliseconds: 0, detailFullImageMilliseconds: 0, rssAfterScrollMiB: rssAfterLaunch,
        peakRSSMiB: mebibytes("VmHWM"), loadAverage: loadAverage())
      session.close()
      return result
    }

    let reading = options.readingFolder.map(BackgroundReading.init(folder:))
    let scrolling = scroll(session) { recorder.paints.count }
    let readWhileScrolling = reading.map { "\($0.finishedCount) of \($0.count)" }

    // A selection in the middle of the list, then its detail shown.
    let detailStart = Date()
    session.openDetail(at: options.count / 2)
    _ = iterate {
      guard let detail = session.detailWindowShowingMeme else { return false }
      return gtk_widget_get_mapped(detail) != 0
    }
    // The frame that shows it.
    waitForPaint(of: session.detailWindowShowingMeme)
    let detailShown = Date()
    // Then the frame with the rendered meme in place of the thumbnail it opened with.
    _ = iterate { session.detailWindowShowingFullImage != nil }
    waitForPaint(of: session.detailWindowShowingFullImage)
    let fullImageShown = Date()

    let result = RunResult(
      view: view, cache: cache, renderer: renderer(of: window),
      windowWidth: windowSize.0, windowHeight: windowSize.1,
      launchMilliseconds: launch.milliseconds, launchPhases: launch.phases, launchPhasesCPU: launch.phasesCPU,
      thumbnailsShownMilliseconds: launch.thumbnailsShown,
      rssAfterLaunchMiB: rssAfterLaunch, scrollRange: scrolling.range,
      frames: recorder.samples(from: scrolling.firstPaint),
      longestGap: scrolling.longestGap * 1000,
      longestGapCPU: scrolling.longestGapCPU * 1000,
      detailMilliseconds: detailShown.timeIntervalSince(detailStart) * 1000,
      detailFullImageMilliseconds: fullImageShown.timeIntervalSince(detailStart) * 1000,
      rssAfterScrollMiB: mebibytes("VmRSS"), peakRSSMiB: mebibytes("VmHWM"), loadAverage: loadAverage(),
      readWhileScrolling: readWhileScrolling)
    session.close()
    return result
  }

  /// Waits for the next frame `window` paints.
  private func waitForPaint(of window: UnsafeMutablePointer<GtkWidget>?) {
    guard let window, let clock = gtk_widget_get_frame_clock(window) else { return }
    var painted = false
    let connection = Signal.connect(clock.raw, "after-paint") { painted = true }
    gtk_widget_queue_draw(window)
    _ = iterate { painted }
    connection.disconnect()
  }

  /// Scrolls the current view from top to bottom, one page per frame, while a 1 ms high-priority
  /// timeout watches for main-loop gaps.
  private func scroll(
    _ session: SentMemesSession, paintCount: () -> Int
  ) -> (firstPaint: Int, range: Int, longestGap: TimeInterval, longestGapCPU: TimeInterval) {
    let view = session.currentView!
    let scrolled = gtk_widget_get_parent(view)!
    let adjustment = gtk_scrolled_window_get_vadjustment(gtkkit_scrolled_window(scrolled))!
    // The view is laid out once its range exceeds a page.
    _ = iterate { gtk_adjustment_get_upper(adjustment) > 2 * gtk_adjustment_get_page_size(adjustment) }
    let probe = GapProbe()
    var done = false
    let firstPaint = paintCount()
    probe.watch {
      let tick = TickCallback.add(to: view) { _ in
        let value = gtk_adjustment_get_value(adjustment)
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(value + gtk_adjustment_get_page_size(adjustment), end))
        done = value >= end
        return !done
      }
      _ = iterate(limit: 600) { done }
      TickCallback.remove(tick, from: view)
    }
    return (firstPaint, Int(gtk_adjustment_get_upper(adjustment)), probe.longestGap, probe.longestGapCPU)
  }
}

/// Iterates the main loop until `condition` holds; false after `limit` seconds.
func iterate(limit: TimeInterval = 60, until condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !condition() {
    if Date() > deadline { return false }
    // Blocking iterations would hide stalls behind waits: poll, and nap briefly when idle.
    if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
  }
  return true
}

func mebibytes(_ field: String) -> Double {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
  let kibibytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  return (kibibytes ?? 0) / 1024
}

/// Main-loop gaps seen by a 1 ms high-priority timeout: wall clock, and the main thread's CPU time
/// within the longest gap (which does not grow when other processes take the cores).
final class GapProbe {
  private var lastTick = Date()
  private var lastCPU = GapProbe.threadCPUTime()
  private(set) var longestGap: TimeInterval = 0
  private(set) var longestGapCPU: TimeInterval = 0

  func reset() {
    lastTick = Date()
    lastCPU = Self.threadCPUTime()
  }

  func tick() {
    let now = Date()
    let cpu = Self.threadCPUTime()
    if now.timeIntervalSince(lastTick) > longestGap {
      longestGap = now.timeIntervalSince(lastTick)
      longestGapCPU = cpu - lastCPU
    }
    lastTick = now
    lastCPU = cpu
  }

  static func threadCPUTime() -> TimeInterval {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9
  }
}
