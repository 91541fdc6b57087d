// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore

/// A picture's colours read once into plain arrays, for statistics over regions: straight 0–255
/// red, green and blue per pixel (the pictures measured are opaque).
public struct PixelSamples {
  public let width: Int
  public let height: Int
  /// Red, green, blue of each pixel, row by row.
  public let rgb: [Double]

  public init(_ image: RasterImage) {
    image.flush()
    width = image.width
    height = image.height
    var rgb = [Double](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      let row = UnsafeRawPointer(image.pixels + y * image.stride)
      for x in 0..<width {
        let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
        let alpha = Double(word >> 24 & 0xFF)
        let scale = alpha > 0 ? 255 / alpha : 0
        rgb[(y * width + x) * 3] = Double(word >> 16 & 0xFF) * scale
        rgb[(y * width + x) * 3 + 1] = Double(word >> 8 & 0xFF) * scale
        rgb[(y * width + x) * 3 + 2] = Double(word & 0xFF) * scale
      }
    }
    self.rgb = rgb
  }

  public func color(_ x: Int, _ y: Int) -> (Double, Double, Double) {
    let index = (y * width + x) * 3
    return (rgb[index], rgb[index + 1], rgb[index + 2])
  }

  /// Rec. 601 luma.
  public func luma(_ x: Int, _ y: Int) -> Double {
    let (red, green, blue) = color(x, y)
    return 0.299 * red + 0.587 * green + 0.114 * blue
  }

  /// The largest standard deviation of the three channels over the pixels `xs` × `ys`.
  public func standardDeviation(xs: Range<Int>, ys: Range<Int>) -> Double {
    var worst = 0.0
    for channel in 0..<3 {
      var sum = 0.0
      var squares = 0.0
      for y in ys {
        for x in xs {
          let value = rgb[(y * width + x) * 3 + channel]
          sum += value
          squares += value * value
        }
      }
      let count = Double(xs.count * ys.count)
      worst = max(worst, (max(0, squares / count - (sum / count) * (sum / count))).squareRoot())
    }
    return worst
  }

  /// The peak signal-to-noise ratio of the pixels `xs` × `ys` against `other`'s, in dB (infinite for
  /// equal pixels).
  public func psnr(against other: PixelSamples, xs: Range<Int>, ys: Range<Int>) -> Double {
    var squared = 0.0
    for y in ys {
      for x in xs {
        for channel in 0..<3 {
          let index = (y * width + x) * 3 + channel
          let difference = rgb[index] - other.rgb[(y * other.width + x) * 3 + channel]
          squared += difference * difference
        }
      }
    }
    let mean = squared / Double(xs.count * ys.count * 3)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
  }

  /// The variance of the luma's 4-neighbour Laplacian inside `xs` × `ys` (their edge pixels left
  /// out): how much sharp detail the region holds.
  public func laplacianVariance(xs: Range<Int>, ys: Range<Int>) -> Double {
    var values: [Double] = []
    for y in ys.dropFirst().dropLast() {
      for x in xs.dropFirst().dropLast() {
        values.append(
          luma(x - 1, y) + luma(x + 1, y) + luma(x, y - 1) + luma(x, y + 1) - 4 * luma(x, y))
      }
    }
    let mean = values.reduce(0, +) / Double(values.count)
    return values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
  }

  /// The mean HSV saturation, (max − min) / max, over every pixel.
  public var meanSaturation: Double {
    var total = 0.0
    for index in stride(from: 0, to: rgb.count, by: 3) {
      let high = max(rgb[index], rgb[index + 1], rgb[index + 2])
      let low = min(rgb[index], rgb[index + 1], rgb[index + 2])
      total += high > 0 ? (high - low) / high : 0
    }
    return total / Double(width * height)
  }

  /// The mean luma step across the edges of the 8 × 8 grid (between columns 7 and 8, 15 and 16, …,
  /// and the same for rows): how blocky a JPEG made it.
  public var blockEdgeStep: Double {
    var total = 0.0
    var count = 0
    for y in 0..<height {
      for x in stride(from: 8, to: width, by: 8) {
        total += abs(luma(x, y) - luma(x - 1, y))
        count += 1
      }
    }
    for y in stride(from: 8, to: height, by: 8) {
      for x in 0..<width {
        total += abs(luma(x, y) - luma(x, y - 1))
        count += 1
      }
    }
    return total / Double(count)
  }
}
