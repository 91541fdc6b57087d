// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

// Panels (`--parts panels`): four 12 MP JPEGs (4032 × 3024, q92) to a 2 × 2 JPEG 2048 pixels wide,
// each cell covered by its photo.
//  - The whole `mememe render --panels 2x2 … --width 2048 -o out.jpg` process against ImageMagick's
//    `montage` of the same four, each cover-fitted by `-resize 1024x768^ -gravity center -extent
//    1024x768`, tiled by `-tile 2x2 -geometry 1024x768+0+0`, run alternately, wall time of each
//    process. Targets: mememe ≤ 1.0 s and ≤ 0.5× montage.
//  - The same export in fresh child processes, in-process time and peak RSS. Target: ≤ 400 MB.

/// Child case `panels`: the export `mememe render --panels 2x2 --width 2048` makes, of the photos
/// `input` names (comma-separated).
func runPanelCase(input: String, output: String) throws {
  let pictures = input.split(separator: ",").map { PanelCell(picture: URL(fileURLWithPath: String($0))) }
  let grid = PanelGrid(arrangement: .grid(rows: 2, columns: 2), cells: pictures)
  let start = now()
  let summary = try ExportPlan().exportStill(
    MemeCaptions(top: "", bottom: ""), from: .panels(grid, loader: ImageLoader()), as: .jpeg(quality: 90),
    to: .destination(.file(URL(fileURLWithPath: output))), width: 2048
  ).summary
  let elapsed = now() - start
  guard summary.width == 2048 else { fail("the panels were drawn \(summary.width) wide") }
  print("total=\(elapsed) rss=\(peakRSS())")
}

func panelBenchmark(folder: URL, runCount: Int) {
  let mememe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("mememe").path
  guard FileManager.default.isExecutableFile(atPath: mememe) else {
    fail("build mememe beside the benchmark")
  }
  let (width, height) = (4032, 3024)
  let photos = (1...4).map { folder.appendingPathComponent("panel-\($0).jpg").path }
  do {
    let bytes = try ImageWriter.encode(photoLikeImage(width: width, height: height), as: .jpeg(quality: 92))
    for photo in photos { try Data(bytes).write(to: URL(fileURLWithPath: photo)) }
  } catch {
    fail("cannot write the test photos: \(error)")
  }
  let ours =
    ["render", "--panels", "2x2"] + photos + [
      "--width", "2048", "-o", folder.appendingPathComponent("panels-mememe.jpg").path,
    ]
  let cell = "1024x768"
  let theirs =
    photos.flatMap { ["(", $0, "-resize", "\(cell)^", "-gravity", "center", "-extent", cell, ")"] } + [
      "-tile", "2x2", "-geometry", "\(cell)+0+0", "-quality", "90",
      folder.appendingPathComponent("panels-montage.jpg").path,
    ]
  print(
    "\n== Panels: four 12 MP photos (\(width) × \(height) JPEG q92) to a 2 × 2 JPEG 2048 × 1536, q90;"
      + " load average before: \(loadAverage())")
  let times = alternatingWallTimes(runCount, (mememe, ours), ("/usr/bin/montage", theirs))
  let withinASecond = median(times.first) <= 1 ? "met" : "missed"
  printWallTimes("mememe render --panels", times.first, note: "; target ≤ 1.000 s: \(withinASecond)")
  printWallTimes("montage", times.second)
  printRatio("mememe / montage", times, target: 0.5)
  let measured = runs(
    runCount, of: "panels", input: photos.joined(separator: ","),
    output: folder.appendingPathComponent("panels-child.jpg").path)
  let rss = measured.map { $0.values["rss"] ?? .nan }.max() ?? .nan
  print(
    "   the export in a child process: \(seconds(median(measured.map { $0.values["total"] ?? .nan }))) median,"
      + " peak RSS \(mebibytes(rss)) (target ≤ 400 MB: \(rss <= 400_000_000 ? "met" : "missed"))")
}
