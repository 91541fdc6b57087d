// SPDX-License-Identifier: GPL-3.0-or-later

extension LayerDrawing {
  /// The rows of `image` this drawing's bounds touch: drawing writes to these rows only.
  func rows(in image: RasterImage) -> Range<Int> { rows(inPictureHeight: image.height) }

  /// The rows of a picture `height` rows high that its bounds (a caption's band, turned) touch.
  func rows(inPictureHeight height: Int) -> Range<Int> {
    let band = bounds
    guard band.y.isFinite, band.maxY.isFinite else { return 0..<0 }
    let first = min(max(0, Int(band.y.rounded(.down))), height)
    return first..<max(first, min(height, Int(band.maxY.rounded(.up))))
  }
}

extension [any LayerDrawing] {
  /// Whether two of these drawings would write the same rows of `image`. On a picture one or two
  /// pixels high both bands round to the same row, and text boxes may lie anywhere: drawing them on
  /// two cores at once would race on those pixels (and a later box must cover an earlier one).
  func shareRows(in image: RasterImage) -> Bool {
    let rows = map { $0.rows(in: image) }
    return rows.indices.contains { first in
      rows.indices.contains { second in first < second && rows[first].overlaps(rows[second]) }
    }
  }
}
