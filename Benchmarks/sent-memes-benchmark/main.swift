// SPDX-License-Identifier: GPL-3.0-or-later
// Sent Memes at scale: with N memes in the store, how long from launch until the window is
// populated, how much memory the process holds, how the List or the Grid keeps up while scrolled
// from end to end a page per frame (frame times as a distribution), and how long a selection takes
// to open a meme's detail.
//
//   swift build -c release    # builds this tool and mememe-seed beside it
//   xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- env GDK_BACKEND=x11 GSK_RENDERER=cairo \
//     .build/release/sent-memes-benchmark [count] [--runs N] [--cache cold|warm|both] [--view list|grid|both]
//     [--directory DIR] [--launch-only] [--reading DIR]
//
// Each run is a fresh process (launched by this one) that opens the store, scrolls one view and
// opens a detail. A cold run starts with the store's files dropped from the page cache and fresh
// XDG folders, as after a reboot; a warm run has just read every file. The window keeps the app's
// default size. `--launch-only` stops each run once the window is populated and its thumbnails are
// shown (the launch phases and memory, without scrolling or the detail). `--reading DIR` reads the
// words of every picture in DIR in the background while the view scrolls (as the app reads memes just
// collected: one thread at the lowest priority), and says how many it read meanwhile.
//
// After each scrolling run, an empty window of the same size paints as many frames on the same
// display with the same loop (see PacingReference): a virtual display has no vertical blank, so
// frame intervals are judged against that window's, measured in the same conditions.
//
// The store is seeded with mememe-seed (built beside this tool) when it holds fewer memes.
import CGtk
import Foundation
import GtkKit
import MemeUI

struct Options {
  var count = 10_000
  var directory = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-sent-benchmark")
  var runs = 3
  var caches = ["cold", "warm"]
  var views = ["list", "grid"]
  /// Measure the launch alone: no scrolling, no detail.
  var launchOnly = false
  /// A folder of pictures the run reads the words of in the background while it scrolls, as the
  /// app reads memes just collected (one thread at the lowest priority, see BackgroundTextReader).
  var readingFolder: String?
  /// Set in a measured child process: the one view and cache form it measures, or "reference".
  var single: (view: String, cache: String)?
  /// For the pacing reference: how many frames it paints, and its window's size.
  var referenceFrames = 600
  var referenceSize: (width: Int32, height: Int32) = (900, 700)

  init(_ arguments: [String]) {
    var arguments = arguments
    func value() -> String {
      guard !arguments.isEmpty else { Self.usage() }
      return arguments.removeFirst()
    }
    func forms(_ text: String, _ all: [String]) -> [String] {
      if text == "both" { return all }
      guard all.contains(text) else { Self.usage() }
      return [text]
    }
    func number(_ text: String) -> Int {
      guard let number = Int(text), number > 0 else { Self.usage() }
      return number
    }
    var singleView: String?
    while let argument = arguments.first {
      arguments.removeFirst()
      switch argument {
      case "--directory": directory = URL(fileURLWithPath: value(), isDirectory: true)
      case "--runs": runs = number(value())
      case "--cache": caches = forms(value(), ["cold", "warm"])
      case "--view": views = forms(value(), ["list", "grid"])
      case "--single": singleView = value()
      case "--launch-only": launchOnly = true
      case "--reading": readingFolder = value()
      case "--reference-frames": referenceFrames = number(value())
      case "--reference-size":
        let sides = value().split(separator: "x").compactMap { Int32($0) }
        guard sides.count == 2 else { Self.usage() }
        referenceSize = (sides[0], sides[1])
      default: count = number(argument)
      }
    }
    if let singleView { single = (singleView, caches[0]) }
  }

  static func usage() -> Never {
    FileHandle.standardError.write(
      Data(
        ("usage: sent-memes-benchmark [count] [--runs N] [--cache cold|warm|both] [--view list|grid|both] "
          + "[--directory DIR] [--launch-only]\n").utf8))
    exit(2)
  }
}

/// The frames of one run while scrolling, or of several runs together, in milliseconds.
struct FrameSamples: Codable {
  /// Time between consecutive frames' ends: 16.7 ms when every frame makes it at 60 Hz. Frames
  /// whose work differs in length move their ends apart even when the clock keeps pace.
  var intervals: [Double]
  /// Time between consecutive frames' starts (before-paint): the frame clock's own pacing. A frame
  /// the app made late, or skipped, shows here as a long interval whatever the frames' work.
  var startIntervals: [Double]
  /// Wall time from the start of one frame's work (before-paint) to its end (after-paint).
  var work: [Double]
  /// The main thread's CPU time within each frame's work: what the frame costs on a quiet machine.
  var cpu: [Double]

  /// All of `samples`' frames as one set.
  init(combining samples: [FrameSamples]) {
    intervals = samples.flatMap(\.intervals)
    startIntervals = samples.flatMap(\.startIntervals)
    work = samples.flatMap(\.work)
    cpu = samples.flatMap(\.cpu)
  }

  init(intervals: [Double], startIntervals: [Double], work: [Double], cpu: [Double]) {
    self.intervals = intervals
    self.startIntervals = startIntervals
    self.work = work
    self.cpu = cpu
  }
}

/// What one measured run reports to the parent (one JSON line).
struct RunResult: Codable {
  var view: String
  var cache: String
  var renderer: String
  var windowWidth: Int32
  var windowHeight: Int32
  var launchMilliseconds: Double
  /// Where the launch went: GTK initialised (the store opening meanwhile on another thread), start-up
  /// done (it waits for the store to be open and its list read), the window built (activate), the
  /// window mapped, then populated and painted.
  var launchPhases: [Double]
  /// The main thread's CPU time in each phase (it does not grow when other processes take the cores).
  var launchPhasesCPU: [Double]
  var thumbnailsShownMilliseconds: Double
  var rssAfterLaunchMiB: Double
  var scrollRange: Int
  var frames: FrameSamples
  /// Longest main-loop gap seen by a 1 ms high-priority timeout, and the main thread's CPU time in
  /// the longest gap (CPU time does not grow when other processes take the cores).
  var longestGap: Double
  var longestGapCPU: Double
  /// Selection to the Detail window painted with its meme (the thumbnail scaled up at first), and
  /// to the frame with the rendered meme decoded.
  var detailMilliseconds: Double
  var detailFullImageMilliseconds: Double
  var rssAfterScrollMiB: Double
  var peakRSSMiB: Double
  var loadAverage: String
  /// With `--reading`: how many of the folder's pictures were read while the view scrolled.
  var readWhileScrolling: String? = nil
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let frameBudget = 1000.0 / 60

func loadAverage() -> String {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

if let single = options.single {
  let result =
    single.view == "reference"
    ? PacingReference.run(
      frameCount: options.referenceFrames, width: options.referenceSize.width,
      height: options.referenceSize.height)
    : MeasuredRun(options: options, view: single.view, cache: single.cache).run()
  let json = try JSONEncoder().encode(result)
  print("RESULT " + String(decoding: json, as: UTF8.self))
  exit(0)
}

// MARK: - The parent: seeds, prepares each run's cache, launches it and summarises.

/// Runs mememe-seed from beside this executable to bring the store to `count` memes.
func seedStore() {
  let seeder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("mememe-seed")
  let marker = options.directory.appendingPathComponent("seeded-\(options.count)")
  guard !FileManager.default.fileExists(atPath: marker.path) else { return }
  try? FileManager.default.removeItem(at: options.directory)
  let status = run(seeder, [String(options.count), "--directory", options.directory.path])
  guard status == 0 else { exit(1) }
  _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
}

@discardableResult
func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, output: Pipe? = nil)
  -> Int32
{
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let output { process.standardOutput = output }
  do {
    try process.run()
  } catch {
    FileHandle.standardError.write(Data("cannot run \(executable.path): \(error)\n".utf8))
    exit(1)
  }
  var data = Data()
  if let output { data = output.fileHandleForReading.readDataToEndOfFile() }
  process.waitUntilExit()
  if output != nil { lastOutput = String(decoding: data, as: UTF8.self) }
  return process.terminationStatus
}
nonisolated(unsafe) var lastOutput = ""

/// Every regular file of the store.
func storeFiles() -> [URL] {
  let enumerator = FileManager.default.enumerator(
    at: options.directory, includingPropertiesForKeys: [.isRegularFileKey])
  return (enumerator?.allObjects as? [URL] ?? []).filter {
    (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
  }
}

/// Cold: the store's files leave the page cache (their pages are clean, so the kernel drops them
/// without root). Warm: every file has just been read.
func prepareCache(_ form: String) {
  // Written pages must reach the disk before the kernel can drop them: one sync for all files.
  if form == "cold" { sync() }
  for file in storeFiles() {
    let descriptor = open(file.path, O_RDONLY)
    guard descriptor >= 0 else { continue }
    defer { close(descriptor) }
    if form == "cold" {
      posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    } else {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while read(descriptor, &buffer, buffer.count) > 0 {}
    }
  }
}

/// Holds each cold run's XDG folders; removed when the benchmark ends.
let coldHomes = FileManager.default.temporaryDirectory.appendingPathComponent(
  "mememe-xdg-\(UUID().uuidString)")

func environment(for form: String) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  guard form == "cold" else { return environment }
  let home = coldHomes.appendingPathComponent(UUID().uuidString)
  for (variable, folder) in [
    ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
    ("XDG_STATE_HOME", "state"),
  ] {
    let url = home.appendingPathComponent(folder)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    environment[variable] = url.path
  }
  return environment
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
  sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

func distribution(_ values: [Double], over limits: [Double]) -> String {
  let sorted = values.sorted()
  let counts = limits.map { limit in
    let over = values.filter { $0 > limit }.count
    return String(
      format: "over %.1f ms: %d (%.1f%%)", limit, over, 100 * Double(over) / Double(max(1, values.count)))
  }
  return String(
    format: "p50 %.1f, p95 %.1f, p99 %.1f, max %.1f ms; ", percentile(sorted, 0.5), percentile(sorted, 0.95),
    percentile(sorted, 0.99), sorted.last ?? 0) + counts.joined(separator: ", ")
}

/// Prints the distributions of `frames`' intervals, work and CPU, with the counts over budget.
func printDistributions(of frames: FrameSamples) {
  print("    frame intervals: " + distribution(frames.intervals, over: [frameBudget + 0.5, 2 * frameBudget]))
  print(
    "    frame starts:    " + distribution(frames.startIntervals, over: [frameBudget + 0.5, 2 * frameBudget]))
  print("    frame work:      " + distribution(frames.work, over: [frameBudget, 2 * frameBudget]))
  print("    frame CPU:       " + distribution(frames.cpu, over: [frameBudget, 2 * frameBudget]))
}

seedStore()
let executable = URL(fileURLWithPath: CommandLine.arguments[0])
print("Store: \(options.count) memes in \(options.directory.path)")
print(
  "Renderer asked for: GSK_RENDERER=\(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "(unset)"), "
    + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(options.runs) runs per form")
var failures = 0

/// Runs this executable as a measured child with `arguments` and returns what it reports.
func measure(_ arguments: [String], environment: [String: String]? = nil, name: String) -> RunResult? {
  let output = Pipe()
  let status = run(
    executable, [String(options.count), "--directory", options.directory.path] + arguments,
    environment: environment, output: output)
  guard status == 0,
    let line = lastOutput.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }),
    let result = try? JSONDecoder().decode(RunResult.self, from: Data(line.dropFirst(7).utf8))
  else {
    print("\(name): failed (status \(status))\n\(lastOutput)")
    failures += 1
    return nil
  }
  return result
}

/// The pacing reference for `result`: as many frames in a window of its size, right after it.
func reference(for result: RunResult, name: String) -> RunResult? {
  measure(
    [
      "--single", "reference", "--reference-frames", String(result.frames.intervals.count + 1),
      "--reference-size", "\(result.windowWidth)x\(result.windowHeight)",
    ], name: name)
}

/// Prints the distributions of the pacing reference's intervals between frames' ends and starts.
func printPacing(of frames: FrameSamples) {
  print("    frame intervals: " + distribution(frames.intervals, over: [frameBudget + 0.5, 2 * frameBudget]))
  print(
    "    frame starts:    " + distribution(frames.startIntervals, over: [frameBudget + 0.5, 2 * frameBudget]))
}

/// The share of `frames`' intervals longer than the longest of the reference's 99 in 100: frames
/// the app made late beyond what the display does to an empty window.
func lateBeyondReference(_ frames: FrameSamples, _ reference: FrameSamples) -> String {
  func share(_ values: [Double], over limit: Double) -> Double {
    100 * Double(values.filter { $0 > limit }.count) / Double(max(1, values.count))
  }
  let limit = percentile(reference.intervals.sorted(), 0.99)
  let startLimit = percentile(reference.startIntervals.sorted(), 0.99)
  let budget = frameBudget + 0.5
  return String(
    format: "    intervals over the empty window's p99 (%.1f ms): %.1f%%; over %.1f ms: %.1f%% against the"
      + " empty window's %.1f%%\n    starts over the empty window's p99 (%.1f ms): %.1f%%; over %.1f ms: "
      + "%.1f%% against the empty window's %.1f%%", limit, share(frames.intervals, over: limit), budget,
    share(frames.intervals, over: budget), share(reference.intervals, over: budget), startLimit,
    share(frames.startIntervals, over: startLimit), budget, share(frames.startIntervals, over: budget),
    share(reference.startIntervals, over: budget))
}

for cache in options.caches {
  for view in options.views {
    var results: [RunResult] = []
    var references: [RunResult] = []
    for index in 1...options.runs {
      prepareCache(cache)
      guard
        let result = measure(
          ["--single", view, "--cache", cache] + (options.launchOnly ? ["--launch-only"] : [])
            + (options.readingFolder.map { ["--reading", $0] } ?? []),
          environment: environment(for: cache), name: "\(view), \(cache) cache, run \(index)")
      else { continue }
      results.append(result)
      print(
        String(
          format:
            "%@, %@ cache, run %d: renderer %@, window %d×%d, load %@; launch to populated %.0f ms "
            + "(thumbnails shown %.0f ms), RSS %.0f MiB; %d frames over %d px",
          view, cache, index, result.renderer, result.windowWidth, result.windowHeight, result.loadAverage,
          result.launchMilliseconds, result.thumbnailsShownMilliseconds, result.rssAfterLaunchMiB,
          result.frames.intervals.count, result.scrollRange))
      print(
        String(
          format: "    launch: GTK init %.0f ms, then store opened and listed %.0f ms, window built %.0f ms, "
            + "mapped %.0f ms, populated and painted %.0f ms", result.launchPhases[0], result.launchPhases[1],
          result.launchPhases[2], result.launchPhases[3], result.launchPhases[4]))
      print(
        String(
          format: "    main-thread CPU in them: %.0f, %.0f, %.0f, %.0f, %.0f ms (%.0f ms in all)",
          result.launchPhasesCPU[0], result.launchPhasesCPU[1], result.launchPhasesCPU[2],
          result.launchPhasesCPU[3], result.launchPhasesCPU[4], result.launchPhasesCPU.reduce(0, +)))
      if options.launchOnly { continue }
      printDistributions(of: result.frames)
      if let pacing = reference(for: result, name: "\(view), \(cache) cache, run \(index), reference") {
        references.append(pacing)
        print(
          "    an empty \(pacing.windowWidth)×\(pacing.windowHeight) window, same display and loop, load "
            + "\(pacing.loadAverage):")
        printPacing(of: pacing.frames)
        print(lateBeyondReference(result.frames, pacing.frames))
      }
      print(
        String(
          format:
            "    longest main-loop gap %.1f ms (main-thread CPU in it %.1f ms); selection to detail shown %.0f ms "
            + "(full image %.0f ms); RSS after scrolling %.0f MiB, peak %.0f MiB",
          result.longestGap, result.longestGapCPU, result.detailMilliseconds,
          result.detailFullImageMilliseconds, result.rssAfterScrollMiB,
          result.peakRSSMiB))
      if let read = result.readWhileScrolling {
        print("    pictures read in the background while scrolling: \(read)")
      }
    }
    guard !results.isEmpty else { continue }
    print("\(view), \(cache) cache, all \(results.count) runs:")
    let launches = results.map(\.launchMilliseconds).sorted()
    if options.launchOnly {
      print(
        String(
          format: "    launch to populated %.0f–%.0f ms (median %.0f ms); peak RSS up to %.0f MiB",
          launches.first!,
          launches.last!, percentile(launches, 0.5), results.map(\.peakRSSMiB).max()!))
      continue
    }
    let frames = FrameSamples(combining: results.map(\.frames))
    printDistributions(of: frames)
    if !references.isEmpty {
      let pacing = FrameSamples(combining: references.map(\.frames))
      print("    the empty window's frames:")
      printPacing(of: pacing)
      print(lateBeyondReference(frames, pacing))
    }
    print(
      String(
        format:
          "    launch to populated %.0f–%.0f ms; selection to detail %.0f–%.0f ms (full image %.0f–%.0f ms); "
          + "peak RSS up to %.0f MiB",
        launches.first!, launches.last!, results.map(\.detailMilliseconds).min()!,
        results.map(\.detailMilliseconds).max()!, results.map(\.detailFullImageMilliseconds).min()!,
        results.map(\.detailFullImageMilliseconds).max()!, results.map(\.peakRSSMiB).max()!))
  }
}
try? FileManager.default.removeItem(at: coldHomes)
exit(failures == 0 ? 0 : 1)
