// SPDX-License-Identifier: GPL-3.0-or-later
// Peak memory of each share target in the editor: a 48 MP (8000×6000) photo with emoji captions,
// shared through Save As PNG, Save As JPEG, Copy Image and Open With, each through the editor's own
// actions and completions and through to the Sent Memes save. Prints the resident memory after the
// photo is loaded and the peak while sharing (VmHWM, reset after loading); asserts nothing.
//
//   swift build -c release --product export-memory-benchmark
//   xvfb-run -a -s "-screen 0 1920x1200x24" dbus-run-session -- env GDK_BACKEND=x11 GSK_RENDERER=cairo \
//     GSETTINGS_BACKEND=memory .build/release/export-memory-benchmark [--runs N] [target ...]
//
// Each measurement is a fresh process (launched by this one), so one share's memory does not
// carry into the next.
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeUI

typealias Target = EditorExportSession.Target

/// A line of /proc/self/status, in MiB ("VmHWM", "VmRSS").
func statusMiB(_ key: String) -> Double {
  let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in text.split(separator: "\n") where line.hasPrefix("\(key):") {
    let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
    return kilobytes / 1024
  }
  return 0
}

/// Lets VmHWM start again from the current resident size (Linux: "5" resets the peak).
func resetPeak() -> Bool {
  (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
}

/// A synthetic 8000×6000 photo with noise in it, so that PNG does not compress it to nothing.
func makePhoto(at url: URL) throws {
  let (width, height) = (8000, 6000)
  guard let image = RasterImage(width: width, height: height, hasAlpha: false) else {
    fatalError("out of memory for a \(width)×\(height) image")
  }
  var seed: UInt32 = 2_463_534_242
  for y in 0..<height {
    let row = image.pixels + y * image.stride
    for x in 0..<width {
      seed ^= seed << 13
      seed ^= seed >> 17
      seed ^= seed << 5
      let noise = Int(seed & 31)
      row[x * 4] = UInt8(min(255, 60 + x * 150 / width + noise))
      row[x * 4 + 1] = UInt8(min(255, 90 + y * 120 / height + noise))
      row[x * 4 + 2] = UInt8(min(255, 200 - x * 100 / width + noise))
      row[x * 4 + 3] = 255
    }
  }
  image.markDirty()
  try ImageWriter.write(image, to: url, as: .jpeg(quality: 90))
}

func loadAverage() -> String {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// One measurement in this process: prints "target loadedMiB peakMiB".
func measure(_ target: Target, photo: URL, folder: URL) -> Never {
  let store = folder.appendingPathComponent("store-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: store) }
  do {
    let session = try EditorExportSession(
      storeDirectory: store,
      applicationID: "io.github.mememe.ExportMemoryBenchmark.p\(ProcessInfo.processInfo.processIdentifier)")
    guard session.load(photo) else { fatalError("could not load \(photo.path)") }
    session.setCaptions(top: "WHEN THE BUILD 🎉 FINALLY PASSES 😂", bottom: "AND IT WAS A TYPO 🙈🔥")
    MainContext.drain()
    let loaded = statusMiB("VmRSS")
    guard resetPeak() else { fatalError("cannot reset the peak: /proc/self/clear_refs") }
    let output = folder.appendingPathComponent(
      "meme-\(ProcessInfo.processInfo.processIdentifier).\(target == .saveAsJPEG ? "jpg" : "png")")
    defer { try? FileManager.default.removeItem(at: output) }
    guard session.share(target, output: output) else { fatalError("\(target.rawValue) failed") }
    print("\(target.rawValue) \(loaded) \(statusMiB("VmHWM"))")
    exit(0)
  } catch {
    fatalError("\(error)")
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 3
var targets: [Target] = []
var single: Target?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--runs": runs = Int(arguments.removeFirst()) ?? runs
  case "--single": single = Target(rawValue: arguments.removeFirst())
  default:
    guard let target = Target(rawValue: argument) else {
      fatalError(
        "usage: export-memory-benchmark [--runs N] [\(Target.allCases.map(\.rawValue).joined(separator: "|")) ...]"
      )
    }
    targets.append(target)
  }
}
if targets.isEmpty { targets = Target.allCases }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-export-memory")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let photo = folder.appendingPathComponent("48mp.jpg")
if let single {
  gtk_init()
  measure(single, photo: photo, folder: folder)
}
if !FileManager.default.fileExists(atPath: photo.path) { try makePhoto(at: photo) }

#if DEBUG
  let configuration = "debug (use -c release for the app's figures)"
#else
  let configuration = "release"
#endif
print("MemeMe export memory benchmark")
print("Conditions")
print(
  "   build: \(configuration); renderer \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default")")
print(
  "   machine: \(ProcessInfo.processInfo.activeProcessorCount) cores,"
    + " load average at start \(loadAverage()) (1, 5, 15 min)")
print("   photo: 8000×6000 JPEG (48 MP), captions with emoji; each run a fresh process, \(runs) runs")
print("   loaded: resident after loading; peak: VmHWM during the share and the Sent Memes save")
print("target".padding(toLength: 11, withPad: " ", startingAt: 0) + "  loaded MiB    peak MiB  peak-loaded")
for target in targets {
  var results: [(loaded: Double, peak: Double)] = []
  for _ in 0..<runs {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--single", target.rawValue]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields =
      String(decoding: data, as: UTF8.self).split(separator: "\n").last?.split(separator: " ") ?? []
    guard process.terminationStatus == 0, fields.count == 3, let loaded = Double(fields[1]),
      let peak = Double(fields[2])
    else {
      print("\(target.rawValue): run failed (status \(process.terminationStatus))")
      continue
    }
    results.append((loaded, peak))
  }
  guard !results.isEmpty else { continue }
  let peaks = results.map(\.peak).sorted()
  let loaded = results.map(\.loaded).sorted()[results.count / 2]
  let peak = peaks[peaks.count / 2]
  print(
    String(
      format: "%-10@ %12.0f %12.0f %12.0f   (peaks %@)", target.rawValue as NSString, loaded, peak,
      peak - loaded,
      peaks.map { String(format: "%.0f", $0) }.joined(separator: ", ") as NSString))
}
