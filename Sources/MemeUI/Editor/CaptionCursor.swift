// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
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
  /// How far the caption is turned about its band's centre, in radians, clockwise on the screen (a
  /// text box's angle; the classic captions are not turned).
  let angle: Double

  /// The caption of field `slot` in `layout`, nil when the layout has no such box.
  init?(layout: MemeLayout, slot: CaptionSlot, frame: ImageRect, popScale: Double) {
    switch slot {
    case .classic(let position):
      caption = layout.caption(at: position)
      typed = layout.captions.text(at: position)
      isUppercase = layout.captions.style.isUppercase
      angle = 0
    case .box(let index):
      guard layout.layers.indices.contains(index), layout.captions.layers.indices.contains(index),
        let style = layout.captions.layers[index].textStyle
      else {
        return nil
      }
      let layer = layout.captions.layers[index]
      caption = layout.layers[index]
      typed = layer.text
      isUppercase = style.isUppercase
      angle = layer.angle.isFinite ? layer.angle.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
    }
    self.frame = frame
    // The layout draws in the output's pixels (the picture's, or with the band or frame around it).
    imageWidth = layout.outputWidth
    imageHeight = layout.outputHeight
    self.popScale = popScale
  }

  /// The point of the canvas the caption turns about, and its turn: the caret and the selection are
  /// drawn turned by it (see `CaptionCursorPainter`).
  var turn: (x: Double, y: Double, angle: Double) {
    let centre = bandCentre
    return (frame.x + centre.x * scaleX, frame.y + centre.y * scaleY, angle)
  }

  /// The caret before field position `offset` (in characters), zero-width.
  ///
  /// The caption is drawn clipped to its band, so text too long for its box is cut off at the box's
  /// edges; a caret in the cut-off part (the end of 2000 characters) stands at the edge where the
  /// text is cut, not outside the box.
  func caretRect(atOffset offset: Int) -> ImageRect {
    let caret = caption.caretRect(atIndex: drawnIndex(offset))
    let band = caption.band
    let height = min(caret.height, band.height)
    let kept = ImageRect(
      x: min(max(caret.x, band.x), band.maxX), y: min(max(caret.y, band.y), band.maxY - height),
      width: caret.width, height: height)
    return toCanvas(kept)
  }

  /// What covers the characters between field positions `start` and `end`, as far as the caption is
  /// drawn (within its band).
  func selectionRects(from start: Int, to end: Int) -> [ImageRect] {
    let band = caption.band
    return caption.selectionRects(from: drawnIndex(start), to: drawnIndex(end)).compactMap { rect in
      let (left, right) = (max(rect.x, band.x), min(rect.x + rect.width, band.maxX))
      let (top, bottom) = (max(rect.y, band.y), min(rect.y + rect.height, band.maxY))
      guard left < right, top < bottom else { return nil }
      return toCanvas(ImageRect(x: left, y: top, width: right - left, height: bottom - top))
    }
  }

  /// The field position a click at canvas point (`x`, `y`) puts the caret at.
  func offset(atCanvasX x: Double, y: Double) -> Int {
    // Undo the turn about the band's centre first: the layout's rectangles are the unturned ones.
    let turn = turn
    let (cosine, sine) = (cos(-angle), sin(-angle))
    let (dx, dy) = (x - turn.x, y - turn.y)
    let point = toImage(x: turn.x + dx * cosine - dy * sine, y: turn.y + dx * sine + dy * cosine)
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

/// Draws a caption field's selection (beneath the caption) and caret (over it) on the canvas,
/// turned with the caption (`turn`: the centre and angle of `CaptionCursor.turn`).
enum CaptionCursorPainter {
  /// The desktop's blue selection, a little translucent: the caption is drawn over it.
  static func paintSelection(
    _ rects: [ImageRect], turn: (x: Double, y: Double, angle: Double), on context: OpaquePointer
  ) {
    guard !rects.isEmpty else { return }
    cairo_save(context)
    apply(turn, to: context)
    cairo_set_source_rgba(context, 0.21, 0.52, 0.89, 0.85)
    for rect in rects { cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height) }
    cairo_fill(context)
    cairo_restore(context)
  }

  /// Over the caption drawn on the selection: the selected letters tinted with the selection's blue
  /// and the selection framed, dark outside and white inside. Under the letters alone the blue hid
  /// behind the white glyphs; the frame shows on a white, a black or a busy photo alike.
  static func paintSelectionOverLetters(
    _ rects: [ImageRect], turn: (x: Double, y: Double, angle: Double), on context: OpaquePointer
  ) {
    guard !rects.isEmpty else { return }
    cairo_save(context)
    apply(turn, to: context)
    for rect in rects { cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height) }
    cairo_set_source_rgba(context, 0.21, 0.52, 0.89, 0.5)
    cairo_fill_preserve(context)
    cairo_set_line_width(context, 3)
    cairo_set_source_rgba(context, 0.05, 0.2, 0.45, 0.95)
    cairo_stroke_preserve(context)
    cairo_set_line_width(context, 1)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// A white bar with a thin dark edge, visible on any picture and on the white caption letters.
  static func paintCaret(
    _ rect: ImageRect, turn: (x: Double, y: Double, angle: Double), on context: OpaquePointer
  ) {
    let width = 2.0
    cairo_save(context)
    apply(turn, to: context)
    cairo_rectangle(context, (rect.x - width / 2).rounded(), rect.y, width, rect.height)
    cairo_set_source_rgba(context, 0, 0, 0, 0.7)
    cairo_set_line_width(context, 1)
    cairo_stroke_preserve(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill(context)
    cairo_restore(context)
  }

  private static func apply(_ turn: (x: Double, y: Double, angle: Double), to context: OpaquePointer) {
    guard turn.angle != 0 else { return }
    cairo_translate(context, turn.x, turn.y)
    cairo_rotate(context, turn.angle)
    cairo_translate(context, -turn.x, -turn.y)
  }
}
