// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// The caption fields over the picture: where each lies, and what typing in one does to the meme.
extension EditorCanvas {
  func connectEntries() {
    topEntry.next = bottomEntry
    for entry in [topEntry, bottomEntry] { connect(entry) }
  }

  /// Redraws the caret as it moves and maps presses through the caption as drawn.
  func connect(_ entry: CaptionEntry) {
    entry.onPlaceholderChange = { [weak self] in self?.showFieldTexts() }
    entry.onCursorChange = { [weak self] in
      guard let self else { return }
      drawingArea.queueDraw()
    }
    entry.hitTest = { [weak self, weak entry] x, y in
      guard let self, let entry, let cursor = cursor(for: entry) else { return nil }
      var canvasX = 0.0
      var canvasY = 0.0
      guard gtk_widget_translate_coordinates(entry.widget, drawingArea, x, y, &canvasX, &canvasY) != 0
      else { return nil }
      return cursor.offset(atCanvasX: canvasX, y: canvasY)
    }
  }

  /// The caption field being typed in, if any (a box's field focused without typing is not).
  var focusedEntry: CaptionEntry? {
    ([topEntry, bottomEntry] + boxEntries).first { $0.isFocused && $0.isTyping && ($0.widget).isVisible }
  }

  /// Where `entry`'s caret and selection lie on the caption as drawn now.
  func cursor(for entry: CaptionEntry) -> CaptionCursor? {
    guard painter.drawsCaptions,
      let drawn = painter.drawnCaptions(
        inWidth: Double(drawingArea.width), height: Double(drawingArea.height)
      )
    else { return nil }
    return CaptionCursor(
      layout: drawn.layout, slot: entry.slot, frame: drawn.rect, popScale: painter.captionScale)
  }

  /// Places a caption field over its band of the picture, and a field's limit message by it; other
  /// overlays keep their default place.
  func position(of child: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
    limitMessagePosition(of: child) ?? fieldPosition(of: child)
  }

  /// Where a caption field lies over the picture; nil for other children.
  func fieldPosition(of child: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
    let position: CaptionPosition
    if child == topEntry.widget {
      position = .top
    } else if child == bottomEntry.widget {
      position = .bottom
    } else {
      return boxFieldPosition(of: child)
    }
    let entry = position == .top ? topEntry : bottomEntry
    // Where the caption is drawn: its band on the picture, or its text's area of the band or the
    // poster's frame, in the whole output shown.
    guard
      let drawn = painter.drawnCaptions(
        inWidth: Double(drawingArea.width), height: Double(drawingArea.height)
      )
    else { return GdkRectangle(x: 0, y: 0, width: 0, height: 0) }
    let picture = drawn.rect
    let scale = picture.width / Double(drawn.layout.outputWidth)
    let band = drawn.layout.caption(at: position).band
    var naturalHeight: Int32 = 0
    var minimumHeight: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, &naturalHeight, nil, nil)
    var minimumWidth: Int32 = 0
    gtk_widget_measure(entry.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
    // Inside the picture: the band's width, centred on the band, clamped to the picture's edges.
    // Never below the field's minimum, though: on a picture a few pixels across (a 1×4000 strip, a
    // 20000×20 banner) GTK refuses smaller allocations, so the field overflows the picture instead.
    // (The entry's measured minimum width can be 0; at least as wide as tall keeps its text usable.)
    var width = max(min(band.width * scale, picture.width), Double(max(minimumWidth, naturalHeight)))
    // As tall as the caption's band, so the focus outline frames the caption being edited.
    var height = max(
      min(max(Double(naturalHeight), band.height * scale), picture.height / 2), Double(minimumHeight))
    let settledX = picture.x + (picture.width - width) / 2
    let bandCentre = picture.y + (band.y + band.height / 2) * scale
    let inside = min(max(bandCentre - height / 2, picture.y), picture.y + picture.height - height)
    // On a picture too short for both fields, they meet at its middle rather than overlap.
    let middle = picture.y + picture.height / 2
    // (The texts of Band and Poster lie in areas of their own, which never overlap.)
    let settledY =
      !drawn.layout.frame.isPictureOnly
      ? inside : position == .top ? min(inside, middle - height) : max(inside, middle)
    // While popping, the field grows about its centre with the caption it frames.
    let popScale = pop.scale
    let x = settledX + width * (1 - popScale) / 2
    let y = settledY + height * (1 - popScale) / 2
    width *= popScale
    height *= popScale
    return GdkRectangle(
      x: Int32(x.rounded(.up)), y: Int32(y.rounded(.up)), width: Int32(width.rounded(.down)),
      height: Int32(height.rounded(.down)))
  }
}
