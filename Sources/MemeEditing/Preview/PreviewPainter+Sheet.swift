// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// The preview without a picture: the sheet the captions are typed on before one is chosen.
extension PreviewPainter {
  /// The launch state: a sheet a little lighter than the letterbox, and the captions on it.
  func paintSheet(
    on context: OpaquePointer, width: Double, height: Double, scaleFactor: Double,
    beneathCaptions: (OpaquePointer) -> Void
  ) {
    guard let frame = captionFrame(inWidth: width, height: height) else { return }
    let layout = sheetLayout(width: frame.imageWidth, height: frame.imageHeight)
    // In Band and Poster the sheet stands for the picture, and the whole output is fitted in.
    let output = Self.sheetOutputRect(of: layout, in: frame.rect)
    paintSurroundings(of: layout.frame, on: context, in: output, view: viewRect(width, height))
    let rect = Self.pictureRect(of: layout.frame, in: output)
    cairo_save(context)
    cairo_set_source_rgba(context, sheetColor.red, sheetColor.green, sheetColor.blue, sheetColor.alpha)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(context)
    cairo_restore(context)
    beneathCaptions(context)
    drawCaptions(layout, on: context, in: output, view: viewRect(width, height), scaleFactor: scaleFactor)
  }

  /// Where the output of `layout`, laid out on the empty sheet `sheet`, is shown: the sheet itself
  /// for Classic, the output fitted into it for Band and Poster.
  static func sheetOutputRect(of layout: MemeLayout, in sheet: ImageRect) -> ImageRect {
    guard !layout.frame.isPictureOnly else { return sheet }
    let fit = AspectFit.rect(
      imageWidth: layout.outputWidth, imageHeight: layout.outputHeight, inWidth: sheet.width,
      height: sheet.height)
    return ImageRect(x: sheet.x + fit.x, y: sheet.y + fit.y, width: fit.width, height: fit.height)
  }

  /// The captions laid out over an empty sheet of `width` × `height`, cached.
  func sheetLayout(width: Int, height: Int) -> MemeLayout {
    if let cachedSheetLayout, cachedSheetLayout.imageWidth == width, cachedSheetLayout.imageHeight == height {
      return cachedSheetLayout
    }
    let layout =
      takePreparedSheet(width: width, height: height)
      ?? MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
    cachedSheetLayout = layout
    return layout
  }

  /// Starts laying out the captions over the empty sheet of a view of `width` × `height` shown at
  /// `scaleFactor`, and drawing them into their layers, on a thread of their own: the first paint at
  /// that size then finds them made. The editor asks before its window is first shown, while the
  /// main thread still has the whole window to style and lay out. A paint at another size lays the
  /// captions out itself, as without this.
  public func prepareSheet(inWidth width: Double, height: Double, scaleFactor: Double) {
    guard picture == nil, usesCaptionLayers, let frame = captionFrame(inWidth: width, height: height) else {
      return
    }
    sheetPreparation = SheetPreparation(
      captions: captions, imageWidth: frame.imageWidth, imageHeight: frame.imageHeight,
      placement: PaintedCaptions.layerPlacement(
        imageWidth: frame.imageWidth, imageHeight: frame.imageHeight, in: frame.rect,
        view: viewRect(width, height), scaleFactor: scaleFactor))
  }

  /// The prepared layout of the sheet, when it was prepared for these captions at this size; its
  /// layers are kept to be painted when their placement is the one the paint asks for.
  func takePreparedSheet(width: Int, height: Int) -> MemeLayout? {
    defer { sheetPreparation = nil }
    guard let preparation = sheetPreparation, preparation.matches(captions, width: width, height: height)
    else { return nil }
    let prepared = preparation.wait()
    paintedCaptions.captionLayers = prepared.layers
    return prepared.layout
  }
}
