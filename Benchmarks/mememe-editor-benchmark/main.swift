// SPDX-License-Identifier: GPL-3.0-or-later
// Editor performance: redraw after a caption keystroke with a 48 MP photo on a 1280×800 canvas (fitted
// and at 400 % zoom), and a 12 MP JPEG from file to first painted frame. Prints numbers; asserts nothing.
import CMemeGraphics
import Foundation
import MemeCore
import MemeUI

/// A synthetic photo: gradients and shapes, written as JPEG so decoding cost is realistic.
func makePhoto(width: Int, height: Int, at url: URL) throws {
  guard let image = RasterImage(width: width, height: height, hasAlpha: false) else {
    fatalError("out of memory for a \(width)×\(height) image")
  }
  let context = cairo_create(image.surface)!
  let gradient = cairo_pattern_create_linear(0, 0, Double(width), Double(height))!
  cairo_pattern_add_color_stop_rgb(gradient, 0, 0.2, 0.4, 0.8)
  cairo_pattern_add_color_stop_rgb(gradient, 1, 0.9, 0.5, 0.3)
  cairo_set_source(context, gradient)
  cairo_paint(context)
  cairo_pattern_destroy(gradient)
  for index in 0..<200 {
    cairo_set_source_rgba(context, Double(index % 7) / 7, Double(index % 5) / 5, Double(index % 3) / 3, 0.5)
    cairo_arc(
      context, Double((index * 7919) % width), Double((index * 104_729) % height), Double(width) / 40, 0,
      2 * .pi)
    cairo_fill(context)
  }
  cairo_destroy(context)
  image.markDirty()
  try ImageWriter.write(image, to: url, as: .jpeg(quality: 90))
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-editor-benchmark")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let canvasWidth = 1280.0
let canvasHeight = 800.0
let canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(canvasWidth), Int32(canvasHeight))!
defer { cairo_surface_destroy(canvas) }

// 12 MP JPEG → preview ready and first frame painted.
let twelve = folder.appendingPathComponent("12mp.jpg")
if !FileManager.default.fileExists(atPath: twelve.path) {
  try makePhoto(width: 4000, height: 3000, at: twelve)
}
var firstFrame: [Double] = []
for _ in 0..<5 {
  firstFrame.append(
    try milliseconds {
      let picture = try EditorImage.load(contentsOf: twelve)
      let painter = PreviewPainter()
      painter.show(picture)
      let context = cairo_create(canvas)!
      painter.paint(on: context, width: canvasWidth, height: canvasHeight)
      cairo_destroy(context)
    })
}
print("12 MP JPEG to first painted frame (decode + preview + paint): median \(format(median(firstFrame))) ms")

// 48 MP photo: redraw after each caption keystroke.
let fortyEight = folder.appendingPathComponent("48mp.jpg")
if !FileManager.default.fileExists(atPath: fortyEight.path) {
  try makePhoto(width: 8000, height: 6000, at: fortyEight)
}
var picture: EditorImage!
let loadTime = try milliseconds { picture = try EditorImage.load(contentsOf: fortyEight) }
print("48 MP JPEG load (\(picture.width)×\(picture.height), full decode + preview): \(format(loadTime)) ms")
let painter = PreviewPainter()
painter.show(picture)
let warmUp = milliseconds {
  let context = cairo_create(canvas)!
  painter.paint(on: context, width: canvasWidth, height: canvasHeight)
  cairo_destroy(context)
}
print("48 MP first paint at 1280×800 (resample preview to screen size): \(format(warmUp)) ms")
var keystrokes: [Double] = []
let sentence = "WHEN THE BENCHMARK RUNS FAST ON THE FIRST TRY"
for length in 1...sentence.count {
  let captions = MemeCaptions(top: String(sentence.prefix(length)), bottom: "BOTTOM TEXT")
  keystrokes.append(
    milliseconds {
      painter.show(captions)
      let context = cairo_create(canvas)!
      painter.paint(on: context, width: canvasWidth, height: canvasHeight)
      cairo_destroy(context)
    })
}
print(
  "48 MP keystroke redraw at 1280×800 (layout + paint), \(keystrokes.count) keystrokes: median \(format(median(keystrokes))) ms, max \(format(keystrokes.max()!)) ms"
)

// The same keystrokes zoomed to 400 % (four screen pixels per photo pixel), panned to the middle:
// the canvas draws the visible part from the photo's own pixels, once, then only the captions change.
painter.show(MemeCaptions(top: "", bottom: "BOTTOM TEXT"))
var zoom = CanvasZoom()
let fittedScale = zoom.effectiveScale(
  pictureWidth: picture.width, pictureHeight: picture.height, viewWidth: canvasWidth, viewHeight: canvasHeight
)
zoom.zoom(
  by: 4 / fittedScale, aroundX: canvasWidth / 2, y: canvasHeight / 2, pictureWidth: picture.width,
  pictureHeight: picture.height, viewWidth: canvasWidth, viewHeight: canvasHeight)
painter.zoom = zoom
let zoomedFirst = milliseconds {
  let context = cairo_create(canvas)!
  painter.paint(on: context, width: canvasWidth, height: canvasHeight)
  cairo_destroy(context)
}
print("48 MP first paint at 400 % (visible part from the source's pixels): \(format(zoomedFirst)) ms")
var zoomedKeystrokes: [Double] = []
for length in 1...sentence.count {
  let captions = MemeCaptions(top: String(sentence.prefix(length)), bottom: "BOTTOM TEXT")
  zoomedKeystrokes.append(
    milliseconds {
      painter.show(captions)
      let context = cairo_create(canvas)!
      painter.paint(on: context, width: canvasWidth, height: canvasHeight)
      cairo_destroy(context)
    })
}
print(
  "48 MP keystroke redraw at 400 % zoom, 1280×800 (layout + paint), \(zoomedKeystrokes.count) keystrokes: median \(format(median(zoomedKeystrokes))) ms, max \(format(zoomedKeystrokes.max()!)) ms"
)
