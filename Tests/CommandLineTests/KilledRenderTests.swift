import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A render killed (SIGKILL: nothing of MemeMe's runs after it) at any moment leaves the folder it
/// writes to as it was or with the whole new file in place: never a half-written output. The one
/// name it can leave beside it is the finished file's, from a kill in the instant between naming
/// it and renaming it over the target (a link cannot replace a file; see `DurableFile.commit`).
@Suite struct KilledRenderTests {
  static let rounds = 50

  @Test(.hangGuard)
  func aRenderKilledAnywhereLeavesTheOldFileOrTheWholeNewOne() throws {
    let fixtures = try Fixtures()
    // About 1.6 megapixels of photo-like texture: its PNG takes a good part of a second to write.
    let input = try fixtures.write(Self.texture(width: 1600, height: 1000), as: "photo.png", format: .png)
    let made = fixtures.folder.appendingPathComponent("made", isDirectory: true)
    let folder = fixtures.folder.appendingPathComponent("output", isDirectory: true)
    for url in [made, folder] {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func render(to output: URL, top: String) -> [String] {
      ["render", input, "--top", top, "--bottom", "in the middle", "-o", output.path]
    }

    // The old file, and the new one whole: what an unkilled render makes, and how long it takes.
    let oldURL = made.appendingPathComponent("old.png")
    #expect(try CommandLineRunner.run(render(to: oldURL, top: "before")).status == 0)
    let newURL = made.appendingPathComponent("new.png")
    let started = Date()
    let complete = try CommandLineRunner.run(render(to: newURL, top: "killed"))
    var duration = Date().timeIntervalSince(started)
    #expect(complete.status == 0, "\(complete.standardError)")
    let old = try Data(contentsOf: oldURL)
    let new = try Data(contentsOf: newURL)
    try #require(old != new)
    let madeSize = Self.decodedSize(newURL.path)
    #expect(madeSize?.width == 1600 && madeSize?.height == 1000)

    let output = folder.appendingPathComponent("meme.png")
    try old.write(to: output)
    var killed = 0
    var keptOld = 0
    for round in 0..<Self.rounds {
      if try Data(contentsOf: output) != old { try old.write(to: output, options: .atomic) }
      let delay = Double.random(in: 0..<duration)

      let wasKilled = try Self.run(render(to: output, top: "killed"), killedAfter: delay)

      if wasKilled {
        killed += 1
      } else {
        // It finished before `delay`: on a machine whose load changes, that is a truer length than
        // the first render's, and the kills that follow land inside it.
        duration = min(duration, delay)
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(names.contains("meme.png") && names.count <= 2, "round \(round): left \(names)")
      for name in names where name != "meme.png" {
        let leftover = folder.appendingPathComponent(name)
        let isFinishedFile =
          try name.hasPrefix(".mememe-") && name.hasSuffix(".tmp") && Data(contentsOf: leftover) == new
        #expect(
          isFinishedFile, "round \(round), killed after \(delay) s: left \(name), not the whole new file")
        // Each round's leftovers are its own.
        try FileManager.default.removeItem(at: leftover)
      }
      let bytes = try Data(contentsOf: output)
      if bytes == old {
        keptOld += 1
      } else {
        #expect(
          bytes == new, "round \(round), killed after \(delay) s: neither the old nor the whole new file")
        let size = Self.decodedSize(output.path)
        #expect(
          size?.width == 1600 && size?.height == 1000,
          "round \(round): gdk-pixbuf reads \(String(describing: size))")
      }
    }
    // Most kills must land while the render runs, some of them before the new file is in place.
    #expect(killed >= Self.rounds / 2, "only \(killed) of \(Self.rounds) renders were killed (\(duration) s)")
    #expect(keptOld > 0)
  }

  /// Runs `mememe` with `arguments` and kills it with SIGKILL `delay` seconds after it started.
  /// Returns whether the kill ended it (rather than the render having finished first).
  static func run(_ arguments: [String], killedAfter delay: Double) throws -> Bool {
    let process = Process()
    process.executableURL = CommandLineRunner.binary
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(UInt32(delay * 1_000_000))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
  }

  /// The size gdk-pixbuf (not MemeMe's own loader) decodes the whole file to, or nil when it cannot.
  static func decodedSize(_ path: String) -> (width: Int, height: Int)? {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
      g_error_free(error)
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    return (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
  }

  /// Smooth colour gradients with fine noise over them, as in a photo: PNG cannot squeeze it much.
  static func texture(width: Int, height: Int) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    cairo_surface_flush(image.surface)
    let stride = Int(cairo_image_surface_get_stride(image.surface))
    let data = cairo_image_surface_get_data(image.surface)!
    var state: UInt32 = 0x9E37_79B9
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        // xorshift32: cheap noise, the same for every run.
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        let red = UInt32(x * 255 / width) ^ (state & 0x1F)
        let green = UInt32(y * 255 / height) ^ (state >> 8 & 0x1F)
        let blue = UInt32((x + y) * 255 / (width + height)) ^ (state >> 16 & 0x1F)
        row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
      }
    }
    cairo_surface_mark_dirty(image.surface)
    return image
  }
}
