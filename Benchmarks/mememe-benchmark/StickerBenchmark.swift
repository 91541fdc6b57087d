// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

// Stickers (`--parts stickers`): a 1024 × 1024 PNG sticker with a soft transparent edge composited
// onto a photo and written as JPEG.
//  - 12 MP: the whole `mememe render photo.jpg --sticker s.png --box … -o out.jpg` process against
//    ImageMagick's `convert photo.jpg s.png -geometry +X+Y -composite out.jpg` on the same files,
//    run alternately, wall time of each process. Target: mememe ≤ 0.5× convert.
//  - 48 MP: the export with the sticker (the block path: only the MCUs the sticker touches are
//    decoded and encoded again) against the libjpeg-turbo decode+encode floor, in-process times of
//    fresh child processes, rotating rounds. Target: ≤ 0.7× the floor.

/// Where the sticker sits on a picture of `width` × `height`: at a third across and down, unscaled.
func stickerPlacement(width: Int, height: Int) -> (x: Int, y: Int, side: Int) {
  (width / 3, height / 3, 1024)
}

/// The `--box` value for the placement, in fractions of the picture.
func stickerBox(width: Int, height: Int) -> String {
  let place = stickerPlacement(width: width, height: height)
  return [
    Double(place.x) / Double(width), Double(place.y) / Double(height), Double(place.side) / Double(width),
    Double(place.side) / Double(height),
  ].map { String(format: "%.9f", $0) }.joined(separator: ",")
}

/// The captions of the 48 MP child case: no text, the one sticker.
func stickerCaptions(sticker: String, width: Int, height: Int) -> MemeCaptions {
  let place = stickerPlacement(width: width, height: height)
  let frame = RelativeRect(
    x: Double(place.x) / Double(width), y: Double(place.y) / Double(height),
    width: Double(place.side) / Double(width), height: Double(place.side) / Double(height))
  return MemeCaptions(
    top: "", bottom: "",
    layers: [.sticker(StickerLayer(source: .picture(StickerPicture(path: sticker)), frame: frame))])
}

/// Child case `sticker-blocks:WIDTHxHEIGHT:STICKER`: the 48 MP export with the sticker.
func runStickerCase(_ parts: [String], input: String, output: String) throws {
  let size = parts[1].split(separator: "x").compactMap { Int($0) }
  guard size.count == 2 else { fail("bad size \(parts[1])") }
  let start = now()
  let summary = try MemeExporter.export(
    stickerCaptions(sticker: parts[2], width: size[0], height: size[1]), imageAt: URL(fileURLWithPath: input),
    to: .file(URL(fileURLWithPath: output)), as: .jpeg(quality: 90))
  let elapsed = now() - start
  guard case .keptBlocks(let replaced, let total, _) = summary.encoding else {
    fail("the block path was not taken: \(summary.encoding.explanation)")
  }
  print("total=\(elapsed) rss=\(peakRSS()) keptMCUs=\(Double(total - replaced) / Double(total))")
}

func stickerBenchmark(folder: URL, runCount: Int) {
  let sticker = folder.appendingPathComponent("sticker-1024.png").path
  // A disc fading to transparent: every pixel of the sticker's square is blended.
  _ = processWallTime(
    "/usr/bin/convert", ["-size", "1024x1024", "radial-gradient:rgba(255,200,0,1)-rgba(255,0,0,0)", sticker])
  let mememe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("mememe").path
  guard FileManager.default.isExecutableFile(atPath: mememe) else {
    fail("build mememe beside the benchmark")
  }

  // 12 MP: mememe render against convert -composite, alternately.
  let (width, height) = (4032, 3024)
  let photo = folder.appendingPathComponent("sticker-12mp.jpg").path
  do {
    let bytes = try ImageWriter.encode(photoLikeImage(width: width, height: height), as: .jpeg(quality: 92))
    try Data(bytes).write(to: URL(fileURLWithPath: photo))
  } catch {
    fail("cannot write the test photo: \(error)")
  }
  let place = stickerPlacement(width: width, height: height)
  let ours = [
    "render", photo, "--sticker", sticker, "--box", stickerBox(width: width, height: height), "-o",
    folder.appendingPathComponent("sticker-mememe.jpg").path,
  ]
  let theirs = [
    photo, sticker, "-geometry", "+\(place.x)+\(place.y)", "-composite", "-quality", "90",
    folder.appendingPathComponent("sticker-convert.jpg").path,
  ]
  print(
    "\n== Sticker, 12 MP (\(width) × \(height) JPEG q92, 1024 × 1024 PNG sticker with alpha at +\(place.x)+\(place.y)),"
      + " JPEG out; load average before: \(loadAverage())")
  let times = alternatingWallTimes(runCount, (mememe, ours), ("/usr/bin/convert", theirs))
  printWallTimes("mememe render", times.first)
  printWallTimes("convert -composite", times.second)
  printRatio("mememe / convert", times, target: 0.5)

  // 48 MP: the block path against the decode+encode floor.
  let (bigWidth, bigHeight) = (8064, 6048)
  let bigPhoto = folder.appendingPathComponent("sticker-48mp.jpg").path
  do {
    let bytes = try ImageWriter.encode(
      photoLikeImage(width: bigWidth, height: bigHeight), as: .jpeg(quality: 92))
    try Data(bytes).write(to: URL(fileURLWithPath: bigPhoto))
  } catch {
    fail("cannot write the test photo: \(error)")
  }
  let names = ["floor", "sticker-blocks:\(bigWidth)x\(bigHeight):\(sticker)"]
  let outputs = [
    folder.appendingPathComponent("sticker-floor.jpg").path,
    folder.appendingPathComponent("sticker-blocks.jpg").path,
  ]
  print(
    "\n== Sticker, 48 MP (\(bigWidth) × \(bigHeight) JPEG q92, the same sticker), JPEG out, in-process times of"
      + " fresh processes; load average before: \(loadAverage())")
  for index in names.indices { _ = runChild(names[index], input: bigPhoto, output: outputs[index]) }
  var results: [[Measurement]] = [[], []]
  for round in 0..<runCount {
    for offset in names.indices {
      let index = (round + offset) % names.count
      results[index].append(runChild(names[index], input: bigPhoto, output: outputs[index]))
    }
  }
  let floor = median(results[0].map { $0["total"] })
  let blocks = median(results[1].map { $0["total"] })
  print("   floor (decode + encode q90, no sticker): \(seconds(floor))")
  print(
    String(
      format: "   with the sticker (block path, %.1f%% of MCUs kept): %@ = %.2f× floor (target ≤ 0.70): %@",
      (results[1].last?["keptMCUs"] ?? .nan) * 100, seconds(blocks), blocks / floor,
      blocks / floor <= 0.7 ? "met" : "missed"))
}
