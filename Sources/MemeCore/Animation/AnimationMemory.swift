// SPDX-License-Identifier: GPL-3.0-or-later

/// The memory an animation's pixels take while it is worked on, reckoned from its structure before
/// any of it is allocated, so that `AnimationLimits.memoryBudget` can refuse it first.
///
/// Every step keeps whole frames, 4 bytes a pixel: the reader its canvas (and the decoder's own),
/// the drawing the frame it draws and the frame it frames, and each encoder its working copies. The
/// counts are what the code and the libraries allocate, rounded up to cover the peak resident memory
/// measured for exports of three frames of 1600 × 1600 noise, the worst case for both encoders (a
/// 10 MB canvas; above what the program takes for a tiny picture: GIF to GIF 210 MB, GIF to WebP
/// 135 MB, WebP to GIF 266 MB, WebP to WebP 146 MB; `AnimationMemoryTests` holds them to it). The
/// allocator keeps some of what each thread frees, which is part of what is counted.
struct AnimationMemory: Sendable, Equatable {
  let canvasWidth: Int
  let canvasHeight: Int
  /// Whole canvases held while frames are read.
  var canvasCopies: Int
  /// The output frame's pixels, and the whole output frames held while frames are drawn and encoded.
  var outputPixels = 0
  var outputCopies = 0
  /// Memory that does not grow with the frame size beyond a cap (the GIF encoder's worker frames).
  var fixedBytes = 0

  static let bytesPerPixel = 4

  /// The GIF decoder composes onto the caller's canvas and keeps, for a frame disposed to what was
  /// before it, that frame's rectangle: at most a canvas more.
  static let gifReadingCopies = 2
  /// libwebp's animation decoder composes on a canvas of its own and keeps the previous frame to
  /// dispose to, decodes each frame into a buffer of its own, and the demuxer keeps its chunks;
  /// each frame is then copied onto the caller's canvas.
  static let webPReadingCopies = 5
  /// A frame transformed (cut, turned or scaled) and the frame composed in its layout.
  static let drawingCopies = 2
  /// The GIF encoder: the colours last written, and the frame being made ready (straight RGBA and a
  /// palette index a pixel), with libimagequant's own image, histogram and remapping of it.
  static let gifEncodingCopies = 6
  /// libwebp's animation encoder: straight RGBA handed over, the ARGB picture made of it, the
  /// previous canvas and its disposed copy, the current canvas, and the sub-frame candidates it
  /// tries (lossy and lossless, each with its encoded result in memory).
  static let webPEncodingCopies = 11

  /// Reading an animation of `info`'s canvas from a GIF (`isGIF`) or a WebP.
  static func reading(_ info: AnimationInfo, isGIF: Bool) -> AnimationMemory {
    AnimationMemory(
      canvasWidth: info.width, canvasHeight: info.height,
      canvasCopies: isGIF ? gifReadingCopies : webPReadingCopies)
  }

  /// Reading the one frame of a still GIF or WebP: it is decoded straight onto one canvas.
  static func firstFrame(_ info: AnimationInfo) -> AnimationMemory {
    AnimationMemory(canvasWidth: info.width, canvasHeight: info.height, canvasCopies: 1)
  }

  /// This reading, with every frame drawn at `width` × `height` and encoded in `format` by an
  /// encoder whose GIF workers hold `gifWorkerBytes` (see `AnimationEncoder.gifWorkers`).
  func encoding(to format: AnimationFormat, width: Int, height: Int, gifWorkerBytes: Int) -> AnimationMemory {
    var memory = self
    memory.outputPixels = width.multipliedReportingOverflow(by: height).overflow ? .max : width * height
    switch format {
    case .gif:
      memory.outputCopies = Self.drawingCopies + Self.gifEncodingCopies
      memory.fixedBytes = gifWorkerBytes
    case .webp:
      memory.outputCopies = Self.drawingCopies + Self.webPEncodingCopies
    }
    return memory
  }

  /// The bytes all of it takes (saturating: a declared size can be absurd).
  var bytes: Int {
    func product(_ values: Int...) -> Int {
      values.reduce(1) { total, value in
        let (result, overflow) = total.multipliedReportingOverflow(by: value)
        return overflow ? .max : result
      }
    }
    let canvas = product(canvasWidth, canvasHeight, canvasCopies, Self.bytesPerPixel)
    let output = product(outputPixels, outputCopies, Self.bytesPerPixel)
    let (sum, overflow) = canvas.addingReportingOverflow(output)
    let (total, overflowAgain) = sum.addingReportingOverflow(fixedBytes)
    return overflow || overflowAgain ? .max : total
  }
}
