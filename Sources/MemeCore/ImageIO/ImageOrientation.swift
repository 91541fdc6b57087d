// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

extension RasterImage {
  /// This image turned upright as `orientation` asks. Mirrors and the half turn happen in place; a
  /// quarter turn swaps width and height, so only then is a second buffer allocated. Returns `nil`
  /// when that buffer cannot be allocated.
  func oriented(_ orientation: ExifOrientation) -> RasterImage? {
    cairo_surface_flush(surface)
    switch orientation {
    case .upright:
      return self
    case .mirrored:
      for y in 0..<height { reverseRow(y) }
    case .upsideDown:
      for y in 0..<height / 2 {
        swapRows(y, height - 1 - y)
        reverseRow(y)
        reverseRow(height - 1 - y)
      }
      if height % 2 == 1 { reverseRow(height / 2) }
    case .flipped:
      for y in 0..<height / 2 { swapRows(y, height - 1 - y) }
    case .transposed, .rotatedClockwise, .transverse, .rotatedCounterClockwise:
      return quarterTurned(orientation)
    }
    markDirty()
    return self
  }

  /// Row `y` as 32-bit pixels.
  private func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
    // SAFETY: Cairo ARGB32 rows are 4-byte aligned (the stride is a multiple of 4) and hold
    // `width` pixels; callers pass 0 <= y < height.
    UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
  }

  private func reverseRow(_ y: Int) {
    var pixels = UnsafeMutableBufferPointer(start: row(y), count: width)
    pixels.reverse()
  }

  private func swapRows(_ a: Int, _ b: Int) {
    let first = row(a)
    let second = row(b)
    for x in 0..<width { swap(&first[x], &second[x]) }
  }

  /// Copies into a new image with width and height exchanged, in square tiles so that both the
  /// reads and the strided writes stay in cache.
  private func quarterTurned(_ orientation: ExifOrientation) -> RasterImage? {
    guard let turned = RasterImage(width: height, height: width, hasAlpha: hasAlpha) else { return nil }
    let sourceWidth = width
    let sourceHeight = height
    // Source pixel (x, y) goes to column `columnBase + columnStep * y`, row `rowBase + rowStep * x`.
    let (columnBase, columnStep) =
      orientation == .transposed || orientation == .rotatedCounterClockwise
      ? (0, 1) : (sourceHeight - 1, -1)
    let (rowBase, rowStep) =
      orientation == .transposed || orientation == .rotatedClockwise ? (0, 1) : (sourceWidth - 1, -1)
    let tile = 64
    for tileY in Swift.stride(from: 0, to: sourceHeight, by: tile) {
      for tileX in Swift.stride(from: 0, to: sourceWidth, by: tile) {
        for y in tileY..<min(tileY + tile, sourceHeight) {
          let source = row(y)
          let column = columnBase + columnStep * y
          for x in tileX..<min(tileX + tile, sourceWidth) {
            turned.row(rowBase + rowStep * x)[column] = source[x]
          }
        }
      }
    }
    turned.markDirty()
    return turned
  }
}
