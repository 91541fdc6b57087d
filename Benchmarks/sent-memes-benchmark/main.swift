// SPDX-License-Identifier: GPL-3.0-or-later
// Sent Memes at scale: with N memes in the store, how long from launch until the window is
// populated, how much memory the process holds, and how long the main loop is ever blocked while
// the grid is scrolled from end to end, a page per frame.
//
//   swift build -c release --product sent-memes-benchmark
//   xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- \
//     env GDK_BACKEND=x11 GSK_RENDERER=cairo .build/release/sent-memes-benchmark [count] [--directory DIR]
//
// The store is seeded with mememe-seed (built beside this tool) when it holds fewer memes.
import CGtk
import Foundation
import GtkKit
@_spi(Benchmark) import MemeUI

let launchStart = Date()
var arguments = Array(CommandLine.arguments.dropFirst())
var count = 10_000
var directory = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-sent-benchmark")
while let argument = arguments.first {
  arguments.removeFirst()
  if argument == "--directory", let path = arguments.first {
    arguments.removeFirst()
    directory = URL(fileURLWithPath: path, isDirectory: true)
  } else if let number = Int(argument) {
    count = number
  } else {
    FileHandle.standardError.write(Data("usage: sent-memes-benchmark [count] [--directory DIR]\n".utf8))
    exit(2)
  }
}

/// Runs mememe-seed from beside this executable to bring the store to `count` memes.
func seedStore() {
  let seeder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("mememe-seed")
  let marker = directory.appendingPathComponent("seeded-\(count)")
  guard !FileManager.default.fileExists(atPath: marker.path) else { return }
  try? FileManager.default.removeItem(at: directory)
  let process = Process()
  process.executableURL = seeder
  process.arguments = [String(count), "--directory", directory.path]
  do {
    try process.run()
    process.waitUntilExit()
  } catch {
    FileHandle.standardError.write(Data("cannot run \(seeder.path): \(error)\n".utf8))
    exit(1)
  }
  guard process.terminationStatus == 0 else { exit(1) }
  FileManager.default.createFile(atPath: marker.path, contents: nil)
}

func kibibytes(_ field: String) -> Int {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
  return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}

func mebibytes(_ field: String) -> String { String(format: "%.1f MiB", Double(kibibytes(field)) / 1024) }
func milliseconds(_ seconds: TimeInterval) -> String { String(format: "%.1f ms", seconds * 1000) }

/// CPU time the calling thread has used: unlike wall-clock time, it does not grow when other
/// processes take the cores, so it shows the main thread's own work even on a busy machine.
func threadCPUTime() -> TimeInterval {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9
}

/// Main-loop gaps seen by a 1 ms high-priority timeout (wall clock, and the main thread's CPU time
/// within each gap), and frame times seen by a tick callback.
final class LoopProbe {
  var lastTick = Date()
  var lastCPU = threadCPUTime()
  var maxGap: TimeInterval = 0
  var gaps: [TimeInterval] = []
  var cpuGaps: [TimeInterval] = []
  var frameTimes: [Int] = []
  var scroll: (adjustment: UnsafeMutablePointer<GtkAdjustment>, done: Bool)?

  func tick() {
    let now = Date()
    let gap = now.timeIntervalSince(lastTick)
    gaps.append(gap)
    maxGap = max(maxGap, gap)
    lastTick = now
    let cpu = threadCPUTime()
    cpuGaps.append(cpu - lastCPU)
    lastCPU = cpu
  }
}

seedStore()
let seeded = Date()
print("Store: \(count) memes in \(directory.path)")

// Measured from here: what a launch of the app does, with the store already on disk.
let start = Date()
guard Gtk.initialize() else {
  print("no display: run under xvfb-run with GDK_BACKEND=x11")
  exit(1)
}
let session = SentMemesBenchmarkSession(
  storeDirectory: directory, applicationID: "io.github.mememe.SentMemesBenchmark.p\(getpid())")
let opened = Date()
session.activate()
guard let window = session.windowWidget, let grid = session.gridView else {
  print("Sent Memes did not open (is the store empty?)")
  exit(1)
}
gtk_window_set_default_size(gtkkit_window(window), 1280, 860)

/// Iterates the main loop until `condition` holds; false after `limit` seconds.
func iterate(limit: TimeInterval = 30, until condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !condition() {
    if Date() > deadline { return false }
    // Blocking iterations would hide stalls behind waits: poll, and nap briefly when idle.
    if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
  }
  return true
}

// Populated: the window is mapped, shows every meme's row, and has painted a frame.
var painted = false
let frameClockReady = iterate { gtk_widget_get_mapped(window) != 0 }
let clock = gtk_widget_get_frame_clock(window)!
let paintBox = Unmanaged.passRetained(Box { painted = true }).toOpaque()
gtkkit_connect_void(
  clock.raw, "after-paint", { _, data in Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().action() },
  paintBox, nil)
_ = iterate { painted && session.memeCount == count && session.boundCells.total > 0 }
let populated = Date()
_ = iterate {
  let cells = session.boundCells
  return cells.total > 0 && cells.withThumbnail == cells.total
}
let thumbnailsShown = Date()

print(
  "Launch (GTK init, store open and list, window) to populated: \(milliseconds(populated.timeIntervalSince(start)))"
)
print(
  "  store opened and \(session.memeCount) memes listed by: \(milliseconds(opened.timeIntervalSince(start)))")
print("  visible thumbnails shown by: \(milliseconds(thumbnailsShown.timeIntervalSince(start)))")
print("RSS after launch: \(mebibytes("VmRSS"))")

// Scroll the grid from top to bottom, one page per frame.
session.showGrid()
_ = iterate {
  let cells = session.boundCells
  return cells.total > 0 && cells.withThumbnail == cells.total
}
let scrolled = gtk_widget_get_parent(grid)!
let adjustment = gtk_scrolled_window_get_vadjustment(gtkkit_scrolled_window(scrolled))!
// The grid is laid out once its range exceeds a page.
_ = iterate { gtk_adjustment_get_upper(adjustment) > 2 * gtk_adjustment_get_page_size(adjustment) }
let probe = LoopProbe()
probe.scroll = (adjustment, false)
let probeBox = Unmanaged.passRetained(probe).toOpaque()
let tick = gtk_widget_add_tick_callback(
  grid,
  { _, clock, data in
    let probe = Unmanaged<LoopProbe>.fromOpaque(data!).takeUnretainedValue()
    probe.frameTimes.append(gdk_frame_clock_get_frame_time(clock))
    guard let (adjustment, done) = probe.scroll, !done else { return 1 }
    let value = gtk_adjustment_get_value(adjustment)
    let page = gtk_adjustment_get_page_size(adjustment)
    let end = gtk_adjustment_get_upper(adjustment) - page
    gtk_adjustment_set_value(adjustment, min(value + page, end))
    if value >= end { probe.scroll?.done = true }
    return 1  // G_SOURCE_CONTINUE
  }, probeBox, nil)
probe.lastTick = Date()
probe.lastCPU = threadCPUTime()
let timer = g_timeout_add_full(
  G_PRIORITY_HIGH, 1,
  { data in
    Unmanaged<LoopProbe>.fromOpaque(data!).takeUnretainedValue().tick()
    return 1
  }, probeBox, nil)
let scrollStart = Date()
_ = iterate(limit: 120) { probe.scroll?.done == true }
let scrollEnd = Date()
g_source_remove(timer)
gtk_widget_remove_tick_callback(grid, tick)

let frames = zip(probe.frameTimes.dropFirst(), probe.frameTimes).map { Double($0 - $1) / 1_000_000 }
let sortedGaps = probe.gaps.sorted()
func percentile(_ values: [Double], _ p: Double) -> Double {
  values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * p))]
}
print(
  "Grid scroll end to end: \(frames.count) frames in \(milliseconds(scrollEnd.timeIntervalSince(scrollStart))), "
    + "range \(Int(gtk_adjustment_get_upper(adjustment))) px")
print(
  "  main-loop gaps: max \(milliseconds(probe.maxGap)), p99 \(milliseconds(percentile(sortedGaps, 0.99))), "
    + "p50 \(milliseconds(percentile(sortedGaps, 0.5))); over 16.7 ms: \(probe.gaps.filter { $0 > 1 / 60 }.count)"
)
let sortedCPUGaps = probe.cpuGaps.sorted()
print(
  "  main-thread CPU time within a gap: max \(milliseconds(sortedCPUGaps.last ?? 0)), "
    + "p99 \(milliseconds(percentile(sortedCPUGaps, 0.99))); over 16.7 ms: \(probe.cpuGaps.filter { $0 > 1 / 60 }.count)"
)
print(
  "  load average during the run: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")"
)
print(
  "  frame intervals: max \(milliseconds(frames.max() ?? 0)), p50 \(milliseconds(percentile(frames.sorted(), 0.5)))"
)
print("  thumbnails cached: \(session.cachedThumbnails)")
print("RSS after scrolling: \(mebibytes("VmRSS")), peak \(mebibytes("VmHWM"))")
_ = seeded
session.close()

/// A closure behind a C user-data pointer.
final class Box {
  let action: () -> Void
  init(_ action: @escaping () -> Void) { self.action = action }
}
