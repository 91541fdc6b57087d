// SPDX-License-Identifier: GPL-3.0-or-later
// Keystroke redraw with a 1080p video playing: a 10 s 1920×1080 30 fps H.264 clip with sound (made
// by ffmpeg, test-only) played by `VideoPlayer` as the editor plays it (GStreamer decoding and
// scaling on its own threads, the sound to the desktop's output or a fake sink), fitted on the
// 1280×800 canvas. Between keystrokes the newest decoded frame, when one came, is taken and handed
// to the painter, as the canvas's frame clock does while the user types.
import CMemeGraphics
import Foundation
import MemeCore
import MemeEditing
import MemeVideo

/// A 1080p clip by ffmpeg's testsrc2 with a tone, or nil (with why) when ffmpeg is missing.
func makeVideo(at url: URL) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
  process.arguments = [
    "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=30:d=10", "-f", "lavfi",
    "-i",
    "sine=f=440:d=10", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac",
    url.path,
  ]
  do { try process.run() } catch { return "ffmpeg is not installed (apt-get install ffmpeg)" }
  process.waitUntilExit()
  return process.terminationStatus == 0 ? nil : "ffmpeg could not make the clip"
}

@MainActor func measureVideoKeystrokes() throws {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("editor-benchmark-video.mp4")
  if let missing = makeVideo(at: url) {
    print("1080p video playing: not measured, \(missing)")
    return
  }
  defer { try? FileManager.default.removeItem(at: url) }
  let picture = try EditorImage.load(contentsOf: url)
  guard let info = picture.video else { fatalError("the clip did not open as a video") }
  let canvas = BenchmarkCanvas(showing: picture)
  let painter = canvas.painter
  // Decoded at the size the canvas shows the picture, as the editor's canvas asks for.
  let shown = VideoPlayer.shownSize(width: info.width, height: info.height, longest: Int(canvas.width))
  let player = try VideoPlayer(contentsOf: url, info: info, width: shown.width, height: shown.height)
  let sentence = "WHEN THE VIDEO KEEPS PLAYING WHILE YOU TYPE THE CAPTION ON IT"
  painter.show(MemeCaptions(top: "", bottom: "BOTTOM TEXT"))
  canvas.paint()  // loads the fonts
  player.play()
  var frameTimes: [Double] = []
  var keystrokeTimes: [Double] = []
  var framesShown = 0
  let started = Date()
  for length in 1...sentence.count {
    // About a keystroke every 60 ms, as a quick typist.
    Thread.sleep(forTimeInterval: 0.06)
    // The frame clock's work: the newest frame taken and handed to the painter.
    frameTimes.append(
      milliseconds {
        if let (frame, _) = try? player.takeFrame() {
          painter.showFrame(frame)
          framesShown += 1
        }
      })
    // The keystroke's redraw: the new caption laid out and drawn over the frame shown, resampled.
    let captions = MemeCaptions(top: String(sentence.prefix(length)), bottom: "BOTTOM TEXT")
    keystrokeTimes.append(
      milliseconds {
        painter.show(captions)
        canvas.paint()
      })
  }
  let seconds = Date().timeIntervalSince(started)
  player.pause()
  print(
    "1920×1080 30 fps H.264 video playing (frames decoded at \(shown.width)×\(shown.height)), keystroke redraw at "
      + "1280×800, \(keystrokeTimes.count) keystrokes in \(String(format: "%.1f", seconds)) s; load average now "
      + loadAverage())
  print(
    "   newest frame taken and handed over (frame clock): median \(format(median(frameTimes))) ms, max "
      + "\(format(frameTimes.max()!)) ms; \(framesShown) frames taken, played to \(format(player.position)) s"
  )
  print(
    "   keystroke on a new frame (layout + resample + paint): median \(format(median(keystrokeTimes))) ms, max "
      + "\(format(keystrokeTimes.max()!)) ms   target ≤ 8 ms: "
      + (median(keystrokeTimes) <= 8 ? "met" : "missed"))
}
