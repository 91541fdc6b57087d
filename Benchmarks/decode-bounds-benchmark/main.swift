// SPDX-License-Identifier: GPL-3.0-or-later
// The worst inputs found for each format MemeMe decodes (issue 33): files small on disk that kept a
// core busy. For each it prints the file size, the picture's megapixels, and the median time of a
// whole decode (ImageLoader.load, or the error it stops with) in seconds and seconds per megapixel.
//
// With `--binary PATH` it times `PATH render INPUT --top x -o OUT` for every input as well (a
// fresh process each run), so a build from before the limits and one after can be compared on the
// same files: `decode-bounds-benchmark --binary old/mememe --binary new/mememe`.
//
//   decode-bounds-benchmark [--runs N] [--folder PATH] [--binary PATH]... [--skip-in-process]

import CMemeGraphics
import DiskTestSupport
import Foundation
import MemeCore

var runs = 3
var folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-decode-bounds")
var binaries: [String] = []
var inProcess = true
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--runs": runs = Int(arguments.next() ?? "") ?? runs
  case "--folder": folder = URL(fileURLWithPath: arguments.next() ?? folder.path)
  case "--binary": binaries.append(arguments.next() ?? "")
  case "--skip-in-process": inProcess = false
  default:
    FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
    exit(2)
  }
}
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// A flat-coloured WebP through gdk-pixbuf's saver (the loader's worst case found is its largest
/// picture: no WebP input made it spin).
func webP(width: Int, height: Int) -> [UInt8] {
  let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
  gdk_pixbuf_fill(pixbuf, 0x5A8C_C8FF)
  var buffer: UnsafeMutablePointer<gchar>?
  var size: gsize = 0
  var error: UnsafeMutablePointer<GError>?
  let saved = withVaList([]) { _ in
    gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "webp", nil, nil, &error)
  }
  g_object_unref(UnsafeMutableRawPointer(pixbuf))
  guard saved != 0, let buffer else { return [] }
  defer { g_free(buffer) }
  return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)).bindMemory(to: UInt8.self))
}

let inputs: [(name: String, megapixels: Double, make: () -> [UInt8])] = [
  (
    "jpeg-scan-bomb-2000x2000-20000-scans.jpg", 4,
    { ScanBomb.jpeg(width: 2000, height: 2000, repeats: 20_000) }
  ),
  (
    "jpeg-scan-bomb-4000x4000-5000-scans.jpg", 16,
    { ScanBomb.jpeg(width: 4000, height: 4000, repeats: 5_000) }
  ),
  (
    "gif-2000x2000-20000-frames.gif", 4,
    { SlowPictures.manyFrameGIF(width: 2000, height: 2000, frames: 20_000) }
  ),
  (
    "gif-500x500-20000-frames.gif", 0.25,
    { SlowPictures.manyFrameGIF(width: 500, height: 500, frames: 20_000) }
  ),
  (
    "gif-2000x2000-60000-frames.gif", 4,
    { SlowPictures.manyFrameGIF(width: 2000, height: 2000, frames: 60_000) }
  ),
  ("tiff-256x256-80000-directories.tiff", 0.065_536, { SlowPictures.manyDirectoryTIFF(extra: 80_000) }),
  ("webp-4000x4000.webp", 16, { webP(width: 4000, height: 4000) }),
]

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

@MainActor func render(with binary: String, _ input: URL) -> (Double, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binary)
  process.arguments = [
    "render", input.path, "--top", "x", "-o", folder.appendingPathComponent("out.png").path,
  ]
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  let time = seconds {
    try? process.run()
    process.waitUntilExit()
  }
  let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  return (
    time, process.terminationStatus == 0 ? "ok" : text.split(separator: ":").last.map(String.init) ?? ""
  )
}

print(
  "input                                         size KB    MP    what              seconds   s/MP  outcome")
for input in inputs {
  let url = folder.appendingPathComponent(input.name)
  if !FileManager.default.fileExists(atPath: url.path) { try Data(input.make()).write(to: url) }
  let kilobytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0) / 1024
  func line(_ what: String, _ time: Double, _ outcome: String) {
    print(
      input.name.padding(toLength: 46, withPad: " ", startingAt: 0)
        + String(format: "%7d %6.2f  ", kilobytes, input.megapixels)
        + what.padding(toLength: 16, withPad: " ", startingAt: 0)
        + String(format: "%8.2f %7.3f  ", time, time / input.megapixels) + outcome)
  }
  if inProcess {
    var outcome = ""
    let times = (0..<runs).map { _ in
      seconds {
        do {
          let image = try ImageLoader().load(contentsOf: url)
          outcome = "decoded \(image.width)×\(image.height)"
        } catch {
          outcome = (error as? ImageError)?.reason ?? "\(error)"
        }
      }
    }
    line("ImageLoader", median(times), outcome)
  }
  for binary in binaries {
    var outcome = ""
    let times = (0..<runs).map { _ in
      let (time, said) = render(with: binary, url)
      outcome = said.trimmingCharacters(in: .whitespaces)
      return time
    }
    line(
      "render (\(URL(fileURLWithPath: binary).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent))",
      median(times), outcome)
  }
}
