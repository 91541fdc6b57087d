// SPDX-License-Identifier: GPL-3.0-or-later
// Editor performance: redraw after a caption keystroke with a 48 MP photo on a 1280×800 canvas
// (short captions, five-line captions, captions with emoji; fitted and at 400 % zoom), and a 12 MP
// JPEG from file to first painted frame, and with an animated GIF or a 1080p video playing
// (AnimatedKeystrokes.swift, VideoKeystrokes.swift),
// a 1024 px sticker dragged over a 12 MP photo (StickerDrag.swift), and a 12 MP photo added to a
// panel meme's cell (PanelCellAdding.swift). Prints numbers and the
// conditions they were taken in; asserts nothing.
import CMemeGraphics
import Foundation
@_spi(Benchmark) import MemeCore
import MemeEditing

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

/// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
func loadAverage() -> String {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

#if DEBUG
  let configuration = "debug (numbers are not meaningful; use -c release)"
#else
  let configuration = "release"
#endif
print("MemeMe editor benchmark")
print("Conditions")
print("   build: \(configuration)")
print(
  "   machine: \(ProcessInfo.processInfo.activeProcessorCount) cores,"
    + " load average at start \(loadAverage()) (1, 5, 15 min)")
print(
  "   one process; photos generated on first use and kept in the temporary folder, so a second run"
    + " reads them from the page cache")

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

/// A typing session: `fixed` stays in one caption while `typed` is entered into the other, one
/// character (grapheme) per keystroke, after `start` is already there.
struct Typing {
  let name: String
  let start: String
  let typed: String
  let fixed: String
  /// Whether the typed text goes into the top caption (else the bottom one).
  let typesTop: Bool

  func captions(afterKeystrokes count: Int) -> MemeCaptions {
    let text = start + String(typed.prefix(count))
    return typesTop ? MemeCaptions(top: text, bottom: fixed) : MemeCaptions(top: fixed, bottom: text)
  }
}

let fiveLineTop =
  "when you finally get the meme renderer to compile and every test passes on the first try"
  + " and then you look at the benchmark and it says one does not simply draw five lines of"
  + " outlined text on forty eight megapixels without paying for every pixel of every stroke"
  + " and every curve of every letter in every line of it"
let fiveLineBottom =
  "then you add a second caption just as long at the bottom of the picture because one"
  + " caption of five lines is never enough for a meme about benchmarks and the renderer has"
  + " to trace and fill and stroke every single one of those letters at full size before the"
  + " encoder can even start on the picture it was given to save to the disk at last"
let typings = [
  Typing(
    name: "short captions", start: "", typed: "WHEN THE BENCHMARK RUNS FAST ON THE FIRST TRY",
    fixed: "BOTTOM TEXT",
    typesTop: true),
  // Typing on at the end of a five-line bottom caption under a five-line top caption, so every
  // keystroke lays out and draws ten lines (the report prints the line counts seen).
  Typing(
    name: "five-line captions", start: fiveLineBottom,
    typed: " and you wonder whether anyone will ever read all of this text", fixed: fiveLineTop,
    typesTop: false),
  // Colour emoji, a ZWJ sequence, a flag and a skin tone, typed into the top caption under a
  // bottom caption that already has emoji.
  Typing(
    name: "emoji captions", start: "", typed: "when the build passes 😂🎉 👩‍💻", fixed: "🇩🇪 ship it 👍🏽 🔥",
    typesTop: true),
]

/// Lines of the top and bottom captions, as "min–max" over the keystrokes.
func lineRange(_ counts: [Int]) -> String {
  let low = counts.min() ?? 0
  let high = counts.max() ?? 0
  return low == high ? "\(low)" : "\(low)–\(high)"
}

/// The whole redraw after a keystroke, and the part of it spent laying the captions out.
@MainActor func redraw(_ captions: MemeCaptions) -> (total: Double, layout: Double) {
  var layout = 0.0
  let total = milliseconds {
    layout = milliseconds {
      painter.show(captions)
      _ = painter.layout
    }
    let context = cairo_create(canvas)!
    painter.paint(on: context, width: canvasWidth, height: canvasHeight)
    cairo_destroy(context)
  }
  return (total, layout)
}

print(
  "48 MP keystroke redraw at 1280×800 (layout + paint of the edited caption, the other painted from its layer), warm: one untimed redraw"
    + " of each session's first captions loads its fonts; load average now \(loadAverage())")
print(
  "   session                keystrokes   lines (top+bottom)   median ms   max ms   layout ms   target ≤ 8 ms"
)
for typing in typings {
  _ = redraw(typing.captions(afterKeystrokes: 0))
  var times: [Double] = []
  var layoutTimes: [Double] = []
  var topLines: [Int] = []
  var bottomLines: [Int] = []
  for count in 1...typing.typed.count {
    let time = redraw(typing.captions(afterKeystrokes: count))
    times.append(time.total)
    layoutTimes.append(time.layout)
    if let layout = painter.layout {
      topLines.append(layout.caption(at: .top).lineCount)
      bottomLines.append(layout.caption(at: .bottom).lineCount)
    }
  }
  let medianTime = median(times)
  let lines = "\(lineRange(topLines))+\(lineRange(bottomLines))"
  print(
    "   " + typing.name.padding(toLength: 23, withPad: " ", startingAt: 0)
      + String(format: "%10d", times.count) + "   " + lines.padding(toLength: 18, withPad: " ", startingAt: 0)
      + String(format: "%12.2f %8.2f %11.2f", medianTime, times.max() ?? .nan, median(layoutTimes)) + "   "
      + (medianTime <= 8 ? "met" : "missed"))
}
print("Load average at end: \(loadAverage())")

let sentence = typings[0].typed
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

// Dragging a text box over the 48 MP photo, fitted on the 1280×800 canvas: each frame the pointer
// moves, the drag gives the box (`BoxDrag`, as the canvas's pointer does), the document takes it and
// the painter lays out and repaints the whole canvas, as the real canvas does on every frame.
/// The processor time this process has used, all its threads together, in ms: on a loaded machine
/// a frame's wall time also holds the time other processes had the cores, its processor time not.
func processorMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

/// One pointer drag of `handle` of the first of three boxes for `seconds`, frames back to back;
/// the frame times in ms, of each the part spent laying the captions out, and each frame's
/// processor time.
@MainActor func dragFrames(_ handle: BoxHandle, seconds: Double) -> (
  frames: [Double], layouts: [Double], processor: [Double]
) {
  let document = EditorDocument()
  let boxes = [
    TextBox(
      text: "when the box follows the pointer", frame: RelativeRect(x: 0.1, y: 0.4, width: 0.35, height: 0.2)),
    TextBox(text: "a second box", frame: RelativeRect(x: 0.6, y: 0.25, width: 0.3, height: 0.15)),
    TextBox(
      text: "and a turned one", frame: RelativeRect(x: 0.55, y: 0.55, width: 0.35, height: 0.18), angle: -25),
  ]
  for box in boxes { document.addBox(box) }
  painter.zoom = CanvasZoom()
  painter.show(document.captions)
  let first = cairo_create(canvas)!
  painter.paint(on: first, width: canvasWidth, height: canvasHeight)
  cairo_destroy(first)
  guard let mapping = painter.boxMapping(inWidth: canvasWidth, height: canvasHeight) else {
    return ([], [], [])
  }
  let shown = mapping.onScreen(boxes[0])
  let press = shown.position(of: handle)
  let drag = BoxDrag(
    index: 0, box: .text(boxes[0]), handle: handle, mapping: mapping, pressX: press.x, pressY: press.y)
  var times: [Double] = []
  var layouts: [Double] = []
  var processor: [Double] = []
  let start = DispatchTime.now().uptimeNanoseconds
  var frame = 0
  while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < seconds {
    frame += 1
    // Back and forth, a few pixels a frame, as a hand moves a mouse.
    let phase = Double(frame) / 60
    let (dx, dy) = (160 * sin(phase * 2), 90 * sin(phase * 3))
    let processorBefore = processorMilliseconds()
    times.append(
      milliseconds {
        let result = drag.box(pointerAtX: press.x + dx, y: press.y + dy)
        document.updateLayer(at: 0, to: result.box, coalescingKey: "benchmark-drag")
        layouts.append(
          milliseconds {
            painter.show(document.captions)
            _ = painter.layout
          })
        let context = cairo_create(canvas)!
        painter.paint(on: context, width: canvasWidth, height: canvasHeight)
        cairo_destroy(context)
      })
    processor.append(processorMilliseconds() - processorBefore)
  }
  document.endTyping()
  return (times, layouts, processor)
}

print(
  "48 MP text box drag at 1280×800, fitted (three boxes and the classic two; each frame: the drag's box, the"
    + " document's change, layout and a full repaint, renderer: Cairo image surface, scale 1); load average now \(loadAverage())"
)
print(
  "   drag        seconds   frames   median ms   worst ms   layout median ms   layout worst ms"
    + "   processor median ms   processor worst ms   target every frame ≤ 16 ms")
for (name, handle) in [("move", BoxHandle.body), ("resize", .bottomRight), ("rotate", .rotation)] {
  let (times, layouts, processor) = dragFrames(handle, seconds: 2)
  let worst = times.max() ?? .nan
  print(
    "   " + name.padding(toLength: 10, withPad: " ", startingAt: 0)
      + String(
        format: "%9.1f %8d %11.2f %10.2f %18.2f %17.2f %21.2f %20.2f", 2.0, times.count, median(times), worst,
        median(layouts), layouts.max() ?? .nan, median(processor), processor.max() ?? .nan) + "   "
      + (worst <= 16 ? "met" : "missed"))
}
print(
  "   (processor time counts every thread of this process during the frame; a worst frame far above its"
    + " processor time waited for a core other processes held)")
// The floor under those frames: the same canvas repainted with nothing changed.
var still: [Double] = []
for _ in 0..<100 {
  still.append(
    milliseconds {
      let context = cairo_create(canvas)!
      painter.paint(on: context, width: canvasWidth, height: canvasHeight)
      cairo_destroy(context)
    })
}
print(
  "   repaint with nothing changed (the floor), 100 frames: median \(format(median(still))) ms, worst \(format(still.max()!)) ms"
)
print("Load average at end: \(loadAverage())")

try measureAnimatedKeystrokes()
try measureVideoKeystrokes()
try measureStickerDrag(photo: twelve, folder: folder)
try measurePanelCellAdding(photo: twelve, folder: folder, canvas: canvas)
print("Load average at end: \(loadAverage())")
