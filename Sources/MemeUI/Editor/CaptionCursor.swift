// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeCore

/// A caption field's caret and selection on the caption as the engine drew it, in canvas
/// coordinates, and the field position a click on the canvas means.
///
/// The field's own text is invisible and laid out in its own small font, so its caret would stand
/// anywhere but on the drawn letters; these come from the drawn caption's Pango layout instead,
/// through the same scaling (and pop) the canvas draws the caption with.
struct CaptionCursor {
  let caption: CaptionLayout
  /// The text the caption was laid out from (as typed) and whether it is drawn upper-cased.
  let typed: String
  let isUppercase: Bool
  /// The rectangle of the canvas the layout's image pixels are scaled onto.
  let frame: ImageRect
  let imageWidth: Int
  let imageHeight: Int
  /// The caption's size about its band's centre (the pop when the canvas turns).
  let popScale: Double

  init(layout: MemeLayout, position: CaptionPosition, frame: ImageRect, popScale: Double) {
    caption = layout.caption(at: position)
    typed = layout.captions.text(at: position)
    isUppercase = layout.captions.style.isUppercase
    self.frame = frame
    imageWidth = layout.imageWidth
    imageHeight = layout.imageHeight
    self.popScale = popScale
  }

  /// The caret before field position `offset` (in characters), zero-width.
  func caretRect(atOffset offset: Int) -> ImageRect {
    toCanvas(caption.caretRect(atIndex: drawnIndex(offset)))
  }

  /// What covers the characters between field positions `start` and `end`.
  func selectionRects(from start: Int, to end: Int) -> [ImageRect] {
    caption.selectionRects(from: drawnIndex(start), to: drawnIndex(end)).map(toCanvas)
  }

  /// The field position a click at canvas point (`x`, `y`) puts the caret at.
  func offset(atCanvasX x: Double, y: Double) -> Int {
    let point = toImage(x: x, y: y)
    let index = caption.index(at: point)
    return CaptionText.offset(ofDrawnIndex: index, in: typed, uppercase: isUppercase)
  }

  private func drawnIndex(_ offset: Int) -> Int {
    CaptionText.drawnIndex(ofOffset: offset, in: typed, uppercase: isUppercase)
  }

  private var scaleX: Double { frame.width / Double(imageWidth) }
  private var scaleY: Double { frame.height / Double(imageHeight) }
  private var bandCentre: (x: Double, y: Double) {
    (caption.band.x + caption.band.width / 2, caption.band.y + caption.band.height / 2)
  }

  private func toCanvas(_ rect: ImageRect) -> ImageRect {
    let centre = bandCentre
    let x = centre.x + (rect.x - centre.x) * popScale
    let y = centre.y + (rect.y - centre.y) * popScale
    return ImageRect(
      x: frame.x + x * scaleX, y: frame.y + y * scaleY, width: rect.width * popScale * scaleX,
      height: rect.height * popScale * scaleY)
  }

  private func toImage(x: Double, y: Double) -> (x: Double, y: Double) {
    let centre = bandCentre
    let imageX = (x - frame.x) / scaleX
    let imageY = (y - frame.y) / scaleY
    return (centre.x + (imageX - centre.x) / popScale, centre.y + (imageY - centre.y) / popScale)
  }
}

/// Draws a caption field's selection (beneath the caption) and caret (over it) on the canvas.
enum CaptionCursorPainter {
  /// The desktop's blue selection, a little translucent: the caption is drawn over it.
  static func paintSelection(_ rects: [ImageRect], on context: OpaquePointer) {
    guard !rects.isEmpty else { return }
    cairo_save(context)
    cairo_set_source_rgba(context, 0.21, 0.52, 0.89, 0.85)
    for rect in rects { cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height) }
    cairo_fill(context)
    cairo_restore(context)
  }

  /// A white bar with a thin dark edge, visible on any picture and on the white caption letters.
  static func paintCaret(_ rect: ImageRect, on context: OpaquePointer) {
    let width = 2.0
    cairo_save(context)
    cairo_rectangle(context, (rect.x - width / 2).rounded(), rect.y, width, rect.height)
    cairo_set_source_rgba(context, 0, 0, 0, 0.7)
    cairo_set_line_width(context, 1)
    cairo_stroke_preserve(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill(context)
    cairo_restore(context)
  }
}
