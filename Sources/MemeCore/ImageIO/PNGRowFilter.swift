// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch
import Foundation
import Glibc

/// Turns Cairo's premultiplied ARGB32 rows into PNG scanlines (straight RGB or RGBA, 8 bits) and
/// filters each with whichever of Sub, Up and Paeth gives the smallest sum of absolute residuals
/// (libpng's heuristic). Any range of rows can be filtered on its own (it starts by rebuilding the
/// unfiltered row above it), so ranges can go to different cores.
struct PNGRowFilter {
  let image: RasterImage
  /// 4 when the PNG keeps alpha, 3 when it is opaque RGB.
  let channels: Int

  var rowBytes: Int { image.width * channels }
  var filteredCount: Int { lineBytes * image.height }

  /// Each scanline is its filter type byte followed by the filtered row.
  var lineBytes: Int { rowBytes + 1 }

  /// Fills `output` (which holds `filteredCount` bytes) with all filtered scanlines, using all cores.
  func filter(into output: UnsafeMutablePointer<UInt8>) {
    image.flush()
    let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, image.height / 16))
    let target = SharedOutput(base: output)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let rows = (image.height * part / parts)..<(image.height * (part + 1) / parts)
      filterRows(rows, into: target.base + rows.lowerBound * lineBytes)
    }
  }

  /// Writes the scanlines of `rows` to `output` (which holds `rows.count × lineBytes` bytes).
  /// The caller flushes the surface first.
  func filterRows(_ rows: Range<Int>, into output: UnsafeMutablePointer<UInt8>) {
    // Five scratch rows: previous and current unfiltered, and the three candidates.
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * 5)
    defer { scratch.deallocate() }
    var previous = scratch
    var current = scratch + rowBytes
    let candidates = [scratch + rowBytes * 2, scratch + rowBytes * 3, scratch + rowBytes * 4]
    if rows.lowerBound == 0 {
      previous.initialize(repeating: 0, count: rowBytes)
    } else {
      unpack(row: rows.lowerBound - 1, into: previous)
    }
    for y in rows {
      unpack(row: y, into: current)
      let best = filterCandidates(current: current, previous: previous, into: candidates)
      let line = output + (y - rows.lowerBound) * lineBytes
      line[0] = best.type
      line.advanced(by: 1).update(from: candidates[best.index], count: rowBytes)
      swap(&previous, &current)
    }
  }

  /// Row `y` as straight RGB or RGBA bytes.
  private func unpack(row y: Int, into target: UnsafeMutablePointer<UInt8>) {
    // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels; `target` holds rowBytes.
    let source = UnsafeRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
    if channels == 3 {
      for x in 0..<image.width {
        let word = source[x]
        target[x * 3] = UInt8(truncatingIfNeeded: word >> 16)
        target[x * 3 + 1] = UInt8(truncatingIfNeeded: word >> 8)
        target[x * 3 + 2] = UInt8(truncatingIfNeeded: word)
      }
      return
    }
    unpremultiplyReciprocals.withUnsafeBufferPointer { reciprocal in
      for x in 0..<image.width {
        let word = source[x]
        let alpha = word >> 24
        let pixel = target + x * 4
        pixel[3] = UInt8(alpha)
        if alpha == 255 {
          pixel[0] = UInt8(truncatingIfNeeded: word >> 16)
          pixel[1] = UInt8(truncatingIfNeeded: word >> 8)
          pixel[2] = UInt8(truncatingIfNeeded: word)
        } else {
          // channel × 255 / alpha, rounded, through a 16.16 reciprocal (0 for alpha 0).
          let scale = reciprocal[Int(alpha)]
          pixel[0] = UInt8(min(255, ((word >> 16 & 0xFF) * scale + 0x8000) >> 16))
          pixel[1] = UInt8(min(255, ((word >> 8 & 0xFF) * scale + 0x8000) >> 16))
          pixel[2] = UInt8(min(255, ((word & 0xFF) * scale + 0x8000) >> 16))
        }
      }
    }
  }

  /// Writes the Sub, Up and Paeth filtered rows and picks the one with the smallest residuals.
  private func filterCandidates(
    current: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>,
    into candidates: [UnsafeMutablePointer<UInt8>]
  ) -> (type: UInt8, index: Int) {
    let (sub, up, paeth) = (candidates[0], candidates[1], candidates[2])
    var (subCost, upCost, paethCost) = (0, 0, 0)
    @inline(__always) func cost(_ value: UInt8) -> Int { Int(Int8(bitPattern: value).magnitude) }
    // The first pixel has no left neighbour: Sub is None and Paeth is Up there.
    for index in 0..<channels {
      let value = current[index]
      let above = previous[index]
      sub[index] = value
      up[index] = value &- above
      paeth[index] = up[index]
      subCost += cost(sub[index])
      upCost += cost(up[index])
      paethCost += cost(paeth[index])
    }
    for index in channels..<rowBytes {
      let value = current[index]
      let left = Int(current[index - channels])
      let above = Int(previous[index])
      let upperLeft = Int(previous[index - channels])
      let leftDistance = abs(above - upperLeft)
      let aboveDistance = abs(left - upperLeft)
      let cornerDistance = abs(left + above - 2 * upperLeft)
      let predictor =
        leftDistance <= aboveDistance && leftDistance <= cornerDistance
        ? left : (aboveDistance <= cornerDistance ? above : upperLeft)
      let subValue = value &- UInt8(truncatingIfNeeded: left)
      let upValue = value &- UInt8(truncatingIfNeeded: above)
      let paethValue = value &- UInt8(truncatingIfNeeded: predictor)
      sub[index] = subValue
      up[index] = upValue
      paeth[index] = paethValue
      subCost += cost(subValue)
      upCost += cost(upValue)
      paethCost += cost(paethValue)
    }
    if paethCost <= subCost && paethCost <= upCost { return (4, 2) }
    return upCost <= subCost ? (2, 1) : (1, 0)
  }
}

/// round(255 × 65536 / alpha) for each alpha, so unpremultiplying needs no division.
private let unpremultiplyReciprocals: [UInt32] = (0...255).map { (alpha: Int) -> UInt32 in
  guard alpha > 0 else { return 0 }
  let scaled: Int = 255 * 65536 + alpha / 2
  return UInt32(scaled / alpha)
}

/// The output buffer handed to the filtering threads.
// SAFETY: each thread writes only the scanlines of its own row range, so the writes never overlap.
private struct SharedOutput: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
}
