// SPDX-License-Identifier: GPL-3.0-or-later
// Renders photo-like 12 MP and 48 MP JPEGs to JPEG with three caption pairs (two short captions,
// two five-line captions, two captions with emoji) and to PNG with the short pair, several runs
// each, and prints the median wall time and peak RSS next to the libjpeg-turbo decode+encode floor
// (same image, no captions) measured in the same run, and MemeMe's PNG encoder against libpng's
// (zlib's default level 6, through Cairo) on the same image.
//
// Every measured run happens in a fresh child process (this executable with the `case`
// sub-command), so each peak RSS (VmHWM) belongs to one case alone. The cases are run in rounds,
// one run of each per round in a rotating order, so that other work on the machine slows the
// floor and the captioned cases alike instead of whichever case happened to run during it.
//
// A second part measures the JPEG block path (JPEG in, JPEG out at its own size: every block no
// caption touches is copied) on phone-sized photos (4032 × 3024 and 8064 × 6048) stored with EXIF
// orientation 1 and 6, with two two-line captions: wall time against the floor, file size against
// the photo's and against the meme's own pixels encoded whole at the photo's quality, peak RSS
// against the full re-encode (today's path before the block path), and the share of pixels
// bit-identical to the photo turned upright losslessly. The Band layout is measured there too: the
// band above the photo encoded, every block of the photo moved down under it unchanged, against the
// same floor and against the band encoded whole.
//
// A third part measures size limits (`--max-bytes`, the Share pipeline's limit): a 48 MP photo with
// two two-line captions fitted under 8 MB and under 1 MB (as JPEG, and under 8 MB asked as PNG),
// each timed against one plain JPEG export of the same meme (decode, captions, encode at q90,
// fsync'd write) in the same rounds, with the number of encodes tried and the final size as a
// fraction of the limit. Targets: at most 3× the plain export, at least 90% of the limit.
//
// A fourth part (`--parts stickers`, see StickerBenchmark.swift) measures a sticker composited onto
// 12 MP and 48 MP photos, against ImageMagick and against the floor.
// A fifth (`--parts panels`, see PanelBenchmark.swift) measures four 12 MP photos made into a 2 × 2
// panel meme, against ImageMagick's montage.
//
// With `--photos`, it also prints the block path's file size on the photographs named, next to what
// the same captions do to a full encode (see `photoSizes`).
//
//   mememe-benchmark [--runs N] [--png-compare-runs N] [--sizes 12,48] [--folder PATH]
//                    [--parts full,blocks,fit,stickers,panels] [--photos A.jpg,B.jpg]

import CMemeGraphics
import Foundation
@_spi(Benchmark) import MemeCore

/// The caption pairs measured, each with a short name the child process is told.
enum CaptionPair: String, CaseIterable {
  case two
  case fiveLine = "five-line"
  case emoji

  var captions: MemeCaptions {
    switch self {
    case .two:
      MemeCaptions(top: "One does not simply", bottom: "decode forty-eight megapixels twice")
    case .fiveLine:
      // Each wraps onto five lines on a 4:3 picture (the report prints the line counts it got).
      MemeCaptions(
        top: "when you finally get the meme renderer to compile and every test passes on the first try"
          + " and then you look at the benchmark and it says one does not simply draw five lines of"
          + " outlined text on forty eight megapixels without paying for every pixel of every stroke"
          + " and every curve of every letter in every line of it",
        bottom: "then you add a second caption just as long at the bottom of the picture because one"
          + " caption of five lines is never enough for a meme about benchmarks and the renderer has"
          + " to trace and fill and stroke every single one of those letters at full size before the"
          + " encoder can even start on the picture it was given to save to the disk at last")
    case .emoji:
      // Colour glyphs (painted as images, no outline), a ZWJ sequence, a flag and a skin tone.
      MemeCaptions(top: "when the build passes 😂🎉 👩‍💻", bottom: "🇩🇪 ship it 👍🏽 🔥")
    }
  }

  var label: String {
    switch self {
    case .two: "two captions"
    case .fiveLine: "five-line captions"
    case .emoji: "emoji captions"
    }
  }
}

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

/// The size of the PNG libpng writes of `image` (Cairo's writer: zlib's default level, one thread),
/// counted as it streams out rather than written to disk, as MemeMe's encoder is measured.
func libpngEncodedSize(_ image: RasterImage) -> Int {
  var count = 0
  let status = withUnsafeMutablePointer(to: &count) { counter in
    cairo_surface_write_to_png_stream(
      image.surface,
      { closure, _, length in
        closure!.assumingMemoryBound(to: Int.self).pointee += Int(length)
        return CAIRO_STATUS_SUCCESS
      }, counter)
  }
  guard status == CAIRO_STATUS_SUCCESS else { fail("libpng could not encode the image") }
  return count
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
    if name == "panels" {
      try runPanelCase(input: input, output: output)
      return
    }
    // `jpeg:PAIR` and `png:PAIR` export with the caption pair PAIR.
    let parts = name.split(separator: ":", maxSplits: name.hasPrefix("sticker-blocks:") ? 2 : 1).map(
      String.init)
    if parts.count == 2, parts[0] == "fit" || parts[0] == "fit-png" {
      // The export `mememe render --max-bytes LIMIT` makes, to JPEG (or asked for PNG).
      guard let limit = Int(parts[1]) else { fail("bad limit \(parts[1])") }
      let start = now()
      let summary = try MemeExporter.export(
        twoLineCaptions, imageAt: URL(fileURLWithPath: input), to: .file(URL(fileURLWithPath: output)),
        as: parts[0] == "fit" ? .jpeg(quality: 90) : .png, description: twoLineCaptions.defaultDescription,
        sizeLimit: limit)
      let elapsed = now() - start
      guard let fit = summary.fit, case .file(let written) = summary.output else { fail("no fit reported") }
      print(
        "total=\(elapsed) rss=\(peakRSS()) bytes=\(fileSize(written.path)) encodes=\(fit.encodeCount)"
          + " samples=\(fit.sampleEncodeCount)"
          + " quality=\(fit.quality ?? 0) width=\(fit.width) height=\(fit.height) normal=\(fit.isNormalExport ? 1 : 0)"
      )
      return
    }
    if parts.count == 3, parts[0] == "sticker-blocks" {
      try runStickerCase(parts, input: input, output: output)
      return
    }
    if parts.count == 2, ["blocks", "full", "band", "band-full"].contains(parts[0]) {
      // The block path (the default) or, as before it existed, a full decode, draw and encode; with
      // the classic captions, or in the Band layout.
      let start = now()
      let encodesWhole = parts[0].hasSuffix("full")
      let summary = try MemeExporter.export(
        parts[0].hasPrefix("band") ? bandCaptions : twoLineCaptions, imageAt: URL(fileURLWithPath: input),
        to: .file(URL(fileURLWithPath: output)), as: .jpeg(quality: 90),
        reencodeReason: encodesWhole ? "benchmark" : nil)
      let elapsed = now() - start
      var kept = 0.0
      var keptCode = 0
      if case .keptBlocks(let replaced, let total, let code) = summary.encoding {
        kept = Double(total - replaced) / Double(total)
        keptCode = code ? 1 : 0
      } else if !encodesWhole {
        fail("the block path was not taken: \(summary.encoding.explanation)")
      }
      print(
        "total=\(elapsed) rss=\(peakRSS()) bytes=\(fileSize(output)) keptMCUs=\(kept) keptCode=\(keptCode)")
      return
    }
    if parts.count == 2, parts[0] == "jpeg" || parts[0] == "png" {
      guard let pair = CaptionPair(rawValue: parts[1]) else { fail("unknown caption pair \(parts[1])") }
      // The whole export as `mememe render` does it, fonts and all: the text is prepared while
      // the picture decodes, so font setup is part of the measured time.
      let start = now()
      try MemeExporter.export(
        pair.captions, imageAt: URL(fileURLWithPath: input), to: .file(URL(fileURLWithPath: output)),
        as: parts[0] == "png" ? .png : .jpeg(quality: 90))
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
    case "floor":
      try ImageWriter.write(image, to: URL(fileURLWithPath: output), as: .jpeg(quality: 90))
    case "png-compare":
      let fastStart = now()
      let fast = try ImageWriter.encode(image, as: .png)
      let zlibStart = now()
      // An independent encoder: libpng, one thread, zlib's default level, into memory as ours.
      let zlibBytes = libpngEncodedSize(image)
      let end = now()
      report =
        " fast=\(zlibStart - fastStart) fastBytes=\(fast.count) zlib=\(end - zlibStart) zlibBytes=\(zlibBytes)"
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
func kibibytes(_ bytes: Double) -> String { String(format: "%.0f KiB", bytes / 1024) }
func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

/// `text` padded with spaces to `width` characters, on the right (`left`) or on the left.
func pad(_ text: String, _ width: Int, left: Bool = true) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + padding : padding + text
}

/// The first line of `path`, trimmed, or `fallback`.
func firstLine(of path: String, fallback: String = "unknown") -> String {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8),
    let line = text.split(separator: "\n").first
  else { return fallback }
  return line.trimmingCharacters(in: .whitespaces)
}

/// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
func loadAverage() -> String {
  firstLine(of: "/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ")
}

func processorModel() -> String {
  guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
  for line in text.split(separator: "\n") where line.hasPrefix("model name") {
    return line.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown"
  }
  return "unknown"
}

/// One row of a size's table: a child case, what it writes and which captions it draws.
struct Case {
  let name: String
  let label: String
  let output: String
  let pair: CaptionPair?
  /// Whether the case counts against the 1.10× floor target.
  let isTargeted: Bool
}

/// Time over the floor that a JPEG → JPEG export with captions may take.
let floorTarget = 1.10

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
  print("\n== \(width) × \(height) (\(megapixels) MP), input JPEG q92 \(mebibytes(Double(inputBytes)))")
  print("   load average before this size: \(loadAverage())")
  let jpegOut = folder.appendingPathComponent("out-\(megapixels).jpg").path
  let pngOut = folder.appendingPathComponent("out-\(megapixels).png").path

  var cases = [
    Case(
      name: "floor", label: "floor: decode + encode, no captions", output: jpegOut, pair: nil,
      isTargeted: false)
  ]
  for pair in CaptionPair.allCases {
    cases.append(
      Case(
        name: "jpeg:\(pair.rawValue)", label: "JPEG → JPEG q90, \(pair.label)", output: jpegOut, pair: pair,
        isTargeted: true))
  }
  cases.append(
    Case(
      name: "png:two", label: "JPEG → PNG, \(CaptionPair.two.label)", output: pngOut, pair: .two,
      isTargeted: false))

  // One untimed round first: it pulls the executable, the libraries, the fonts and the input into
  // the page cache, so every measured run starts from the same warm state.
  for item in cases { _ = runChild(item.name, input: input.path, output: item.output) }
  var results: [String: [Measurement]] = [:]
  for round in 0..<runCount {
    for offset in 0..<cases.count {
      let item = cases[(round + offset) % cases.count]
      results[item.name, default: []].append(runChild(item.name, input: input.path, output: item.output))
    }
  }

  let floorResults = results["floor"] ?? []
  let floorTime = median(floorResults.map { $0["total"] })
  let columns = [36, 7, 9, 17, 9, 18, 8]
  print(
    "   " + pad("case", columns[0]) + pad("lines", columns[1], left: false)
      + pad("median", columns[2], left: false)
      + pad("min – max", columns[3], left: false) + pad("× floor", columns[4], left: false)
      + pad("peak RSS (bound)", columns[5], left: false) + pad("output", columns[6], left: false))
  var misses: [String] = []
  for item in cases {
    let values = results[item.name] ?? []
    let totals = values.map { $0["total"] }
    let total = median(totals)
    let ratio = total / floorTime
    if item.isTargeted, !(ratio <= floorTarget) { misses.append(item.label) }
    let lines: String
    if let pair = item.pair {
      // The line counts the export draws, from the layout itself rather than from the text.
      let layout = MemeLayout(captions: pair.captions, imageWidth: width, imageHeight: height)
      lines = "\(layout.caption(at: .top).lineCount)+\(layout.caption(at: .bottom).lineCount)"
    } else {
      lines = "–"
    }
    let peak = values.map { $0["rss"] }.max() ?? .nan
    let range = String(format: "%.3f – %.3f", totals.min() ?? .nan, totals.max() ?? .nan)
    print(
      "   " + pad(item.label, columns[0]) + pad(lines, columns[1], left: false)
        + pad(seconds(total), columns[2], left: false) + pad(range, columns[3], left: false)
        + pad(String(format: "%.2f", ratio), columns[4], left: false)
        + pad("\(mebibytes(peak)) (\(String(format: "%.2f", peak / bound)))", columns[5], left: false)
        + pad(mebibytes(values.last?["bytes"] ?? .nan), columns[6], left: false))
  }
  print(
    "   floor = decode \(seconds(median(floorResults.map { $0["decode"] })))"
      + " + encode and fsync'd write \(seconds(median(floorResults.map { $0["encode"] }))) (medians);"
      + " RSS bound 1.3 × w × h × 4 = \(mebibytes(bound))")
  print(
    "   target, JPEG → JPEG with captions within \(String(format: "%.2f", floorTarget))× of the floor: "
      + (misses.isEmpty ? "met by all three" : "missed by \(misses.joined(separator: ", "))"))

  let comparison = runs(compareRuns, of: "png-compare", input: input.path, output: pngOut)
  let fast = median(comparison.map { $0["fast"] })
  let zlib = median(comparison.map { $0["zlib"] })
  let fastBytes = comparison.last?["fastBytes"] ?? .nan
  let zlibBytes = comparison.last?["zlibBytes"] ?? .nan
  print("   PNG encoders on the same image (\(compareRuns) runs, encode only, into memory)")
  print("      MemeMe: libdeflate level 4, strips on all cores: \(seconds(fast)), \(mebibytes(fastBytes))")
  print("      libpng through Cairo, zlib level 6, one thread:  \(seconds(zlib)), \(mebibytes(zlibBytes))")
  print(
    String(
      format: "      MemeMe's is %.2f× faster, file %+.1f%% in size", zlib / fast,
      (fastBytes / zlibBytes - 1) * 100))
}

// MARK: The JPEG block path

/// Two captions that each wrap onto two lines on a phone photo (the report prints the counts).
let twoLineCaptions = MemeCaptions(
  top: "when the photo keeps every single block", bottom: "except the few under these two captions")

/// The top caption of `twoLineCaptions` on a band above the photo.
let bandCaptions = MemeCaptions(
  top: twoLineCaptions.top, bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band)

/// A copy of `jpeg` with an EXIF segment holding only `orientation`, right after SOI.
func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
  let tiff: [UInt8] =
    [
      0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0,
      0,
    ]
  let payload = Array("Exif".utf8) + [0, 0] + tiff
  let length = payload.count + 2
  return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
}

/// The share of pixels of two pictures of one size whose ARGB words are equal.
func identicalShare(_ a: RasterImage, _ b: RasterImage) -> Double {
  guard a.width == b.width, a.height == b.height else { return .nan }
  var same = 0
  for y in 0..<a.height {
    let rowA = UnsafeRawPointer(a.pixels + y * a.stride).assumingMemoryBound(to: UInt32.self)
    let rowB = UnsafeRawPointer(b.pixels + y * b.stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<a.width where rowA[x] == rowB[x] { same += 1 }
  }
  return Double(same) / Double(a.width * a.height)
}

func blockBenchmark(megapixels: Int, orientation: UInt8, folder: URL, runCount: Int) {
  let (width, height) = megapixels >= 48 ? (8064, 6048) : (4032, 3024)
  let input = folder.appendingPathComponent("phone-\(megapixels)mp-o\(orientation).jpg")
  do {
    let bytes = try ImageWriter.encode(photoLikeImage(width: width, height: height), as: .jpeg(quality: 92))
    try Data(orientation == 1 ? bytes : withOrientation(bytes, orientation)).write(to: input)
  } catch {
    fail("cannot write the test photo: \(error)")
  }
  let inputBytes = Double(fileSize(input.path))
  let upright = orientation >= 5 ? "\(height) × \(width)" : "\(width) × \(height)"
  print(
    "\n== JPEG blocks: \(width) × \(height) (\(megapixels) MP) stored, EXIF orientation \(orientation),"
      + " upright \(upright); input q92 4:2:0 \(mebibytes(inputBytes))")
  let layout = MemeLayout(
    captions: twoLineCaptions, imageWidth: orientation >= 5 ? height : width,
    imageHeight: orientation >= 5 ? width : height)
  print(
    "   captions: \(layout.caption(at: .top).lineCount)+\(layout.caption(at: .bottom).lineCount) lines;"
      + " load average before: \(loadAverage())")
  let outputs = [
    "floor": folder.appendingPathComponent("floor.jpg").path,
    "blocks:two-line": folder.appendingPathComponent("blocks.jpg").path,
    "full:two-line": folder.appendingPathComponent("full.jpg").path,
    "band:two-line": folder.appendingPathComponent("band.jpg").path,
    "band-full:two-line": folder.appendingPathComponent("band-full.jpg").path,
  ]
  let names = ["floor", "blocks:two-line", "full:two-line", "band:two-line", "band-full:two-line"]
  for name in names { _ = runChild(name, input: input.path, output: outputs[name]!) }
  var results: [String: [Measurement]] = [:]
  for round in 0..<runCount {
    for offset in 0..<names.count {
      let name = names[(round + offset) % names.count]
      results[name, default: []].append(runChild(name, input: input.path, output: outputs[name]!))
    }
  }
  let floor = median((results["floor"] ?? []).map { $0["total"] })
  let blocks = results["blocks:two-line"] ?? []
  let full = results["full:two-line"] ?? []
  let blockTime = median(blocks.map { $0["total"] })
  let fullTime = median(full.map { $0["total"] })
  let blockPeak = blocks.map { $0["rss"] }.max() ?? .nan
  let fullPeak = full.map { $0["rss"] }.max() ?? .nan
  let blockBytes = blocks.last?["bytes"] ?? .nan
  let fullBytes = full.last?["bytes"] ?? .nan
  print(
    "   floor (decode + encode q90, no captions, one core): \(seconds(floor))"
      + " (min \(seconds((results["floor"] ?? []).map { $0["total"] }.min() ?? .nan)))")
  print(
    String(
      format:
        "   block path:  %@ = %.2f× floor (target ≤ 0.70), peak RSS %@, file %@ = %+.1f%% of the photo (target ±3%%)",
      seconds(blockTime), blockTime / floor, mebibytes(blockPeak), mebibytes(blockBytes),
      (blockBytes / inputBytes - 1) * 100))
  print(
    String(
      format: "   full encode: %@ = %.2f× floor, peak RSS %@, file %@ = %+.1f%% of the photo",
      seconds(fullTime), fullTime / floor, mebibytes(fullPeak), mebibytes(fullBytes),
      (fullBytes / inputBytes - 1) * 100))
  print(
    String(
      format:
        "   peak RSS, block path / full encode: %.2f (target ≤ 1); MCUs copied unchanged: %.1f%%%@",
      blockPeak / fullPeak, (blocks.last?["keptMCUs"] ?? .nan) * 100,
      blocks.last?["keptCode"] == 1 ? ", the rows without captions as coded" : ", all coded anew"))
  let band = results["band:two-line"] ?? []
  let bandFull = results["band-full:two-line"] ?? []
  let bandTime = median(band.map { $0["total"] })
  let bandFullTime = median(bandFull.map { $0["total"] })
  print(
    String(
      format:
        "   band layout, blocks moved down: %@ = %.2f× floor (target ≤ 0.70), peak RSS %@, file %@ = %+.1f%% of the photo",
      seconds(bandTime), bandTime / floor, mebibytes(band.map { $0["rss"] }.max() ?? .nan),
      mebibytes(band.last?["bytes"] ?? .nan), ((band.last?["bytes"] ?? .nan) / inputBytes - 1) * 100))
  print(
    String(
      format: "   band layout, encoded whole: %@ = %.2f× floor, peak RSS %@; MCUs copied unchanged: %.1f%%",
      seconds(bandFullTime), bandFullTime / floor, mebibytes(bandFull.map { $0["rss"] }.max() ?? .nan),
      (band.last?["keptMCUs"] ?? .nan) * 100))
  // Pixels equal to the photo turned upright without loss (its blocks, no captions), decoded alike.
  do {
    let reference = folder.appendingPathComponent("upright.jpg")
    guard
      try MemeExporter.exportKeepingJPEGBlocks(
        MemeCaptions(top: "", bottom: ""), imageAt: input, to: .file(reference)) != nil
    else { fail("the photo's blocks could not be turned upright") }
    let source = try ImageLoader().load(contentsOf: reference)
    let kept = try ImageLoader().load(contentsOf: URL(fileURLWithPath: outputs["blocks:two-line"]!))
    let encoded = try ImageLoader().load(contentsOf: URL(fileURLWithPath: outputs["full:two-line"]!))
    print(
      String(
        format: "   pixels bit-identical to the photo: block path %.1f%%, full encode %.1f%%",
        identicalShare(source, kept) * 100, identicalShare(source, encoded) * 100))
    // What the captions themselves do to the size: smooth letters in place of a textured photo
    // take fewer bits. The meme's own pixels encoded whole at the photo's quality (q92 4:2:0) are
    // the size the block path's file is measured against for the ±3%.
    let sameQuality = try ImageWriter.encode(kept, as: .jpeg(quality: 92)).count
    print(
      String(
        format:
          "   file size, block path / the meme's pixels encoded whole at the photo's q92: %+.1f%%"
          + " (that encode is %+.1f%% of the photo)",
        (blockBytes / Double(sameQuality) - 1) * 100, (Double(sameQuality) / inputBytes - 1) * 100))
  } catch {
    fail("cannot compare pixels: \(error)")
  }
}

// MARK: Size limits

/// The limits fitted: 8 MB and 1 MB (decimal, as `--max-bytes 8M` reads them), and whether the
/// output is asked as PNG.
let fitCases: [(limit: Int, png: Bool)] = [(8_000_000, false), (1_000_000, false), (8_000_000, true)]

/// Time of a fit share of the plain export's that it may take.
let fitTimeTarget = 3.0
/// The share of the limit the fitted file must reach.
let fitSizeTarget = 0.90

func fitBenchmark(folder: URL, runCount: Int) {
  let (width, height) = (8000, 6000)
  let input = folder.appendingPathComponent("fit-photo-48mp.jpg")
  do {
    try ImageWriter.write(photoLikeImage(width: width, height: height), to: input, as: .jpeg(quality: 92))
  } catch {
    fail("cannot write the test photo: \(error)")
  }
  let inputBytes = Double(fileSize(input.path))
  let layout = MemeLayout(captions: twoLineCaptions, imageWidth: width, imageHeight: height)
  print(
    "\n== Size limits: \(width) × \(height) (48 MP), input JPEG q92 \(mebibytes(inputBytes))"
      + " (\(Int(inputBytes)) bytes); captions \(layout.caption(at: .top).lineCount)"
      + "+\(layout.caption(at: .bottom).lineCount) lines; load average before: \(loadAverage())")
  let plain = "full:two-line"
  let fits = fitCases.map { "\($0.png ? "fit-png" : "fit"):\($0.limit)" }
  let names = [plain, "blocks:two-line"] + fits
  let outputs = Dictionary(
    uniqueKeysWithValues: names.map { name in
      (
        name,
        folder.appendingPathComponent(
          "fit-\(name.replacingOccurrences(of: ":", with: "-")).\(name.hasPrefix("fit-png") ? "png" : "jpg")"
        ).path
      )
    })
  for name in names { _ = runChild(name, input: input.path, output: outputs[name]!) }
  var results: [String: [Measurement]] = [:]
  for round in 0..<runCount {
    for offset in 0..<names.count {
      let name = names[(round + offset) % names.count]
      results[name, default: []].append(runChild(name, input: input.path, output: outputs[name]!))
    }
  }
  let plainTimes = (results[plain] ?? []).map { $0["total"] }
  let plainTime = median(plainTimes)
  let blockTime = median((results["blocks:two-line"] ?? []).map { $0["total"] })
  print(
    "   plain JPEG export (decode, captions, encode q90, fsync'd write): \(seconds(plainTime))"
      + String(format: " (min %.3f, max %.3f)", plainTimes.min() ?? .nan, plainTimes.max() ?? .nan)
      + ", file \(mebibytes(results[plain]?.last?["bytes"] ?? .nan))")
  print(
    "   for comparison, the default JPEG export (block path, no limit): \(seconds(blockTime))"
      + String(format: " = %.2f× plain", blockTime / plainTime))
  var misses: [String] = []
  for (name, item) in zip(fits, fitCases) {
    let values = results[name] ?? []
    let times = values.map { $0["total"] }
    let time = median(times)
    guard let last = values.last else { continue }
    let share = last["bytes"] / Double(item.limit)
    let ratio = time / plainTime
    let label = "under \(item.limit / 1_000_000) MB\(item.png ? ", asked as PNG" : "")"
    if !(ratio <= fitTimeTarget) { misses.append("\(label): time") }
    if !(share >= fitSizeTarget && share <= 1) { misses.append("\(label): size") }
    let encodes = values.map { Int($0["encodes"]) }
    print(
      "   \(pad(label, 26)) \(seconds(time))"
        + String(
          format: " (min %.3f, max %.3f) = %.2f× plain (target ≤ %.0f×);", times.min() ?? .nan,
          times.max() ?? .nan, ratio, fitTimeTarget)
        + " \(encodes.min() ?? 0)–\(encodes.max() ?? 0) whole encodes"
        + " (+ \(Int(last["samples"])) of an eighth of the rows);"
        + " JPEG q\(Int(last["quality"])), \(Int(last["width"]))×\(Int(last["height"])),"
        + " \(Int(last["bytes"])) bytes"
        + String(format: " = %.1f%% of the limit (target ≥ %.0f%%)", share * 100, fitSizeTarget * 100)
        + ", peak RSS \(mebibytes(values.map { $0["rss"] }.max() ?? .nan))")
  }
  print("   targets: " + (misses.isEmpty ? "met" : "missed by \(misses.joined(separator: ", "))"))
}

// MARK: Real photos

/// The block path's file size on photographs the caller names (`--photos A.jpg,B.jpg`), next to
/// what the same two captions do to a full encode: the full re-encode with the captions against the
/// full re-encode without them, both at today's settings. The two changes differ only by what the
/// block path keeps, so where they agree, the size change is the captions' own content (flat letters
/// in place of texture make a file smaller; sharp outlines over a smooth sky make it larger).
func photoSizes(_ photos: [String], folder: URL) {
  print("\nJPEG block path on given photos: file size with two two-line captions")
  print(
    "   \(pad("photo", 52)) \(pad("size", 10, left: false))   \(pad("block path", 10, left: false))"
      + "   full encode, captions against none")
  // Each is named by what follows the folder all of them share.
  let common = photos.dropFirst().reduce(photos[0]) { $0.commonPrefix(with: $1) }
  let sharedFolder = common[
    ..<(common.lastIndex(of: "/").map { common.index(after: $0) } ?? common.startIndex)]
  for path in photos {
    let input = URL(fileURLWithPath: path)
    let blocks = folder.appendingPathComponent("photo-blocks.jpg")
    let full = folder.appendingPathComponent("photo-full.jpg")
    let plain = folder.appendingPathComponent("photo-plain.jpg")
    do {
      let summary = try MemeExporter.export(
        twoLineCaptions, imageAt: input, to: .file(blocks), as: .jpeg(quality: 90))
      guard case .keptBlocks = summary.encoding else {
        print("   \(path): the block path was not taken (\(summary.encoding.explanation))")
        continue
      }
      try MemeExporter.export(
        twoLineCaptions, imageAt: input, to: .file(full), as: .jpeg(quality: 90), reencodeReason: "benchmark")
      try MemeExporter.export(
        MemeCaptions(top: "", bottom: ""), imageAt: input, to: .file(plain), as: .jpeg(quality: 90),
        reencodeReason: "benchmark")
    } catch {
      print("   \(path): \(error)")
      continue
    }
    let photoBytes = Double(fileSize(path))
    let change = (Double(fileSize(blocks.path)) / photoBytes - 1) * 100
    let fullChange = (Double(fileSize(full.path)) / Double(fileSize(plain.path)) - 1) * 100
    let name = path.dropFirst(path.hasPrefix(sharedFolder) ? sharedFolder.count : 0)
    print(
      "   \(pad(String(name), 52)) \(pad(kibibytes(photoBytes), 10, left: false))"
        + "   \(pad(String(format: "%+.1f%%", change), 10, left: false))"
        + "   \(pad(String(format: "%+.1f%%", fullChange), 12, left: false))")
  }
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
var benchmarkParts = ["full", "blocks", "fit"]
var photos: [String] = []
while !arguments.isEmpty {
  let option = arguments.removeFirst()
  guard let value = arguments.first else { fail("\(option) needs a value") }
  arguments.removeFirst()
  switch option {
  case "--runs": runCount = Int(value) ?? runCount
  case "--png-compare-runs": compareRuns = Int(value) ?? compareRuns
  case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
  case "--folder": folder = URL(fileURLWithPath: value)
  case "--parts":
    benchmarkParts = value.split(separator: ",").map(String.init)
    for part in benchmarkParts where !["full", "blocks", "fit", "stickers", "panels", "none"].contains(part) {
      fail("unknown part \(part): full, blocks, fit, stickers, panels or none")
    }
  case "--photos": photos = value.split(separator: ",").map(String.init)
  default: fail("unknown option \(option)")
  }
}
let workFolder =
  folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("mememe-benchmark-\(getpid())")
try? FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
#if DEBUG
  let configuration = "debug (numbers are not meaningful; use -c release)"
#else
  let configuration = "release"
#endif
print(
  "MemeMe benchmark: median wall time of fresh processes (file read, decode, captions, encode, fsync'd write)"
)
print("Conditions")
print("   build: \(configuration)")
print(
  "   machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (\(processorModel())),"
    + " load average at start \(loadAverage()) (1, 5, 15 min)")
print(
  "   runs: \(runCount) per case and size, one of each case per round in rotating order;"
    + " PNG encoder comparison \(compareRuns)")
print(
  "   caches: warm. One untimed round of every case first; input, fonts and libraries in the page"
    + " cache; each run a fresh process (no font, glyph or layout cache carried over)")
let fontFamily = MemeLayout(captions: CaptionPair.two.captions, imageWidth: 4000, imageHeight: 3000)
  .fontFamilyUsed
print("   captions drawn in \(fontFamily); emoji from the fallback colour font")
for pair in CaptionPair.allCases {
  print("   \(pair.label): \"\(pair.captions.top)\" / \"\(pair.captions.bottom)\"")
}
let idle = runChild("idle", input: "", output: "")
print(
  "Peak RSS of an idle benchmark process (Swift runtime, Foundation, libraries): \(mebibytes(idle["rss"]))")
if benchmarkParts.contains("full") {
  for size in sizes {
    benchmark(megapixels: size, folder: workFolder, runCount: runCount, compareRuns: compareRuns)
  }
}
if benchmarkParts.contains("blocks") {
  print("\nJPEG block path (\(runCount) runs per case, rotating rounds, one untimed round first)")
  print("   two-line captions: \"\(twoLineCaptions.top)\" / \"\(twoLineCaptions.bottom)\"")
  for size in sizes {
    for orientation: UInt8 in [1, 6] {
      blockBenchmark(megapixels: size, orientation: orientation, folder: workFolder, runCount: runCount)
    }
  }
}
if benchmarkParts.contains("fit") {
  print("\nSize limits (\(runCount) runs per case, rotating rounds, one untimed round first)")
  fitBenchmark(folder: workFolder, runCount: runCount)
}
if benchmarkParts.contains("stickers") {
  print("\nStickers (\(runCount) runs per case, alternating, one untimed run of each first)")
  stickerBenchmark(folder: workFolder, runCount: runCount)
}
if benchmarkParts.contains("panels") {
  print("\nPanels (\(runCount) runs per case, alternating, one untimed run of each first)")
  panelBenchmark(folder: workFolder, runCount: runCount)
}
if !photos.isEmpty { photoSizes(photos, folder: workFolder) }
print("\nLoad average at end: \(loadAverage())")
if folder == nil { try? FileManager.default.removeItem(at: workFolder) }
