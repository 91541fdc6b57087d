// SPDX-License-Identifier: GPL-3.0-or-later
// Renders photo-like 12 MP and 48 MP JPEGs with two captions to JPEG and PNG, several runs each,
// and prints the median wall time and peak RSS next to the libjpeg-turbo decode+encode floor
// (same image, no captions) and a zlib level 6 PNG encoder of the same filtered rows.
//
// Every measured run happens in a fresh child process (this executable with the `case`
// sub-command), so each peak RSS (VmHWM) belongs to one case alone.
//
//   mememe-benchmark [--runs N] [--png-compare-runs N] [--sizes 12,48] [--folder PATH]

import CMemeGraphics
import Foundation
@_spi(Benchmark) import MemeCore

let captions = MemeCaptions(top: "One does not simply", bottom: "decode forty-eight megapixels twice")

/// One measured run, as a child prints it: `key=value` pairs on one line.
struct Measurement {
  var values: [String: Double]

  init(line: String) {
    values = [:]
    for pair in line.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
  }

  subscript(key: String) -> Double { values[key] ?? .nan }
}

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// This process's peak resident set size in bytes (VmHWM).
func peakRSS() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
    return kilobytes * 1024
  }
  return .nan
}

func fileSize(_ path: String) -> Int {
  var info = stat()
  return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(1)
}

// MARK: Child: one case, once

/// Runs `name` on `input`, writing to `output`, and prints its timings and peak RSS.
func runCase(_ name: String, input: String, output: String) {
  if name == "idle" {
    print("rss=\(peakRSS())")
    return
  }
  do {
    if name == "jpeg" || name == "png" {
      // The whole export as `mememe render` does it, fonts and all: the text is prepared while
      // the picture decodes, so font setup is part of the measured time.
      let start = now()
      try MemeExporter.export(
        captions, imageAt: URL(fileURLWithPath: input), to: URL(fileURLWithPath: output),
        as: name == "png" ? .png : .jpeg(quality: 90))
      print("total=\(now() - start) rss=\(peakRSS()) bytes=\(fileSize(output))")
      return
    }
    let start = now()
    let image = try ImageLoader().load(contentsOf: URL(fileURLWithPath: input))
    let decoded = now()
    let decodePeak = peakRSS()
    let rendered = now()
    let renderPeak = peakRSS()
    var report = ""
    switch name {
    case "floor", "jpeg":
      try ImageWriter.write(image, to: URL(fileURLWithPath: output), as: .jpeg(quality: 90))
    case "png":
      try ImageWriter.write(image, to: URL(fileURLWithPath: output), as: .png)
    case "png-compare":
      let fastStart = now()
      let fast = try ImageWriter.encodePNG(image, deflater: .standard)
      let zlibStart = now()
      let zlib = try ImageWriter.encodePNG(image, deflater: .zlib(level: 6))
      let end = now()
      report =
        " fast=\(zlibStart - fastStart) fastBytes=\(fast.count) zlib=\(end - zlibStart) zlibBytes=\(zlib.count)"
    default:
      fail("unknown case \(name)")
    }
    let end = now()
    let size = fileSize(output)
    print(
      "total=\(end - start) decode=\(decoded - start) render=\(rendered - decoded) encode=\(end - rendered)"
        + " rss=\(peakRSS()) decodeRSS=\(decodePeak) renderRSS=\(renderPeak)"
        + " bytes=\(size)" + report)
  } catch {
    fail("\(error)")
  }
}

// MARK: Parent: fixtures, child runs, report

/// A photo-like picture: smooth colour fields, soft highlights, fine texture and sensor noise,
/// so that JPEG and PNG compress about as they do on real photographs.
func photoLikeImage(width: Int, height: Int) -> RasterImage {
  guard let image = RasterImage(width: width, height: height, hasAlpha: false) else {
    fail("cannot allocate a \(width) × \(height) image")
  }
  let columnWave: [Double] = (0..<width).map { (x: Int) -> Double in
    let position = Double(x)
    return sin(position * 0.013) * 22 + sin(position * 0.21) * 6
  }
  let rowWave: [Double] = (0..<height).map { (y: Int) -> Double in
    let position = Double(y)
    return cos(position * 0.011) * 20 + sin(position * 0.17) * 5
  }
  var state: UInt32 = 0x2545_F491
  for y in 0..<height {
    let fy = Double(y) / Double(height)
    let row = UnsafeMutableRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<width {
      let fx = Double(x) / Double(width)
      state = state &* 1_664_525 &+ 1_013_904_223
      let noise = Double(Int(state >> 28) - 8) * 0.9
      let texture = columnWave[x] + rowWave[y]
      let red = 110 + 90 * fx + texture * 0.8 + noise
      let green = 70 + 120 * fy * (1 - fx) + texture * 0.6 + noise
      let blue = 150 - 80 * fy + texture * 0.4 + noise
      func channel(_ value: Double) -> UInt32 { UInt32(max(0, min(255, value))) }
      row[x] = 0xFF00_0000 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }
  }
  image.markDirty()
  // Soft highlights and shadows: large radial gradients, like out-of-focus light.
  let context = cairo_create(image.surface)
  for index in 0..<12 {
    let cx = Double(width) * Double((index * 37) % 100) / 100
    let cy = Double(height) * Double((index * 61) % 100) / 100
    let radius = Double(min(width, height)) * (0.08 + Double(index % 4) * 0.05)
    let gradient = cairo_pattern_create_radial(cx, cy, 0, cx, cy, radius)
    let light = index % 2 == 0 ? 1.0 : 0.0
    cairo_pattern_add_color_stop_rgba(gradient, 0, light, light * 0.9, light * 0.7, 0.35)
    cairo_pattern_add_color_stop_rgba(gradient, 1, light, light, light, 0)
    cairo_set_source(context, gradient)
    cairo_paint(context)
    cairo_pattern_destroy(gradient)
  }
  cairo_destroy(context)
  return image
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func runChild(_ name: String, input: String, output: String) -> Measurement {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  process.arguments = ["case", name, input, output]
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { fail("cannot start a child: \(error)") }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { fail("case \(name) failed") }
  return Measurement(line: String(decoding: data, as: UTF8.self))
}

func runs(_ count: Int, of name: String, input: String, output: String) -> [Measurement] {
  (0..<count).map { _ in runChild(name, input: input, output: output) }
}

func mebibytes(_ bytes: Double) -> String { String(format: "%.0f MiB", bytes / 1_048_576) }
func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

func benchmark(megapixels: Int, folder: URL, runCount: Int, compareRuns: Int) {
  let (width, height) = megapixels >= 48 ? (8000, 6000) : (4000, 3000)
  let input = folder.appendingPathComponent("photo-\(megapixels)mp.jpg")
  do {
    try ImageWriter.write(photoLikeImage(width: width, height: height), to: input, as: .jpeg(quality: 92))
  } catch {
    fail("cannot write the test photo: \(error)")
  }
  let inputBytes = fileSize(input.path)
  let bound = 1.3 * Double(width * height * 4)
  print(
    "\n== \(width) × \(height) (\(megapixels) MP), input JPEG q92 \(mebibytes(Double(inputBytes))), \(runCount) runs"
  )
  print("   RSS bound 1.3 × w × h × 4 = \(mebibytes(bound))")
  let jpegOut = folder.appendingPathComponent("out-\(megapixels).jpg").path
  let pngOut = folder.appendingPathComponent("out-\(megapixels).png").path

  var floorTime = Double.nan
  for (name, label, output) in [
    ("floor", "floor: decode + encode JPEG (no captions)", jpegOut),
    ("jpeg", "JPEG → JPEG q90, two captions", jpegOut),
    ("png", "JPEG → PNG, two captions", pngOut),
  ] {
    let results = runs(runCount, of: name, input: input.path, output: output)
    let total = median(results.map { $0["total"] })
    if name == "floor" { floorTime = total }
    let peak = results.map { $0["rss"] }.max() ?? .nan
    let relative = name == "floor" ? "" : String(format: "  (%.2f× floor)", total / floorTime)
    print("   \(label)")
    if name == "floor" {
      print(
        "      median \(seconds(total))  [decode \(seconds(median(results.map { $0["decode"] })))"
          + ", encode+write \(seconds(median(results.map { $0["encode"] })))]")
    } else {
      print("      median \(seconds(total))\(relative), end to end as `mememe render` does it")
    }
    print(
      "      peak RSS \(mebibytes(peak)) (\(String(format: "%.2f", peak / bound)) of bound)"
        + ", output \(mebibytes(results.last?["bytes"] ?? .nan))")
  }

  let comparison = runs(compareRuns, of: "png-compare", input: input.path, output: pngOut)
  let fast = median(comparison.map { $0["fast"] })
  let zlib = median(comparison.map { $0["zlib"] })
  let fastBytes = comparison.last?["fastBytes"] ?? .nan
  let zlibBytes = comparison.last?["zlibBytes"] ?? .nan
  print("   PNG encoders on the same filtered rows (\(compareRuns) runs, encode only)")
  print("      libdeflate level 4, rows filtered on all cores: \(seconds(fast)), \(mebibytes(fastBytes))")
  print("      zlib level 6:                                    \(seconds(zlib)), \(mebibytes(zlibBytes))")
  print(
    String(
      format: "      libdeflate is %.2f× faster, file %+.1f%% in size", zlib / fast,
      (fastBytes / zlibBytes - 1) * 100))
}

// MARK: Entry

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "case" {
  guard arguments.count == 4 else { fail("usage: mememe-benchmark case NAME INPUT OUTPUT") }
  runCase(arguments[1], input: arguments[2], output: arguments[3])
  exit(0)
}

var runCount = 5
var compareRuns = 3
var sizes = [12, 48]
var folder: URL?
while !arguments.isEmpty {
  let option = arguments.removeFirst()
  guard let value = arguments.first else { fail("\(option) needs a value") }
  arguments.removeFirst()
  switch option {
  case "--runs": runCount = Int(value) ?? runCount
  case "--png-compare-runs": compareRuns = Int(value) ?? compareRuns
  case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
  case "--folder": folder = URL(fileURLWithPath: value)
  default: fail("unknown option \(option)")
  }
}
let workFolder =
  folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("mememe-benchmark-\(getpid())")
try? FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
print(
  "MemeMe benchmark: median wall time of fresh processes (file read, decode, captions, encode, fsync'd write)"
)
let idle = runChild("idle", input: "", output: "")
print(
  "Peak RSS of an idle benchmark process (Swift runtime, Foundation, libraries): \(mebibytes(idle["rss"]))")
for size in sizes {
  benchmark(megapixels: size, folder: workFolder, runCount: runCount, compareRuns: compareRuns)
}
if folder == nil { try? FileManager.default.removeItem(at: workFolder) }
