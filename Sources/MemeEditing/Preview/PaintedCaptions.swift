// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// The preview's captions and text boxes as last drawn on the view, each in a layer of its own (see
/// `CaptionLayer`): a caption whose layout and place stay is painted again from its layer, and only
/// the one being typed into is laid out and drawn again. An oversized caption's layer is drawn on
/// another thread while the one before it stands in.
final class PaintedCaptions {
  /// Each caption as last drawn on the view, painted again while its layout and place stay.
  var captionLayers: [CaptionPosition: CaptionLayer] = [:]
  /// Each text box placed anywhere as last drawn on the view, in the order of the layout's layers.
  private(set) var boxLayers: [CaptionLayer?] = []
  /// The layers of oversized captions being drawn on other threads (see `drawsInBackground`).
  private var layersInDrawing: [CaptionLayerSlot: BackgroundCaptionLayer] = [:]

  /// Whether a caption's layer is being drawn on another thread: paint again shortly to show it.
  var isDrawingLayers: Bool { !layersInDrawing.isEmpty }

  /// A caption of more characters than this is drawn into its layer on another thread, and painted
  /// once it is ready (the one before it, or nothing, until then). Cut off at the smallest size,
  /// such a caption fills its band with about two thousand small letters, whose outlines took 50 to
  /// 130 ms to stroke at screen size: drawn on the main thread, each redraw while the window settled
  /// after a paste held it up for longer than a frame should take. Shorter captions, what people
  /// type, stay on the main thread and are shown in the very frame that changed them.
  static let backgroundDrawingCharacters = 4_500

  static func drawsInBackground(_ caption: CaptionLayout) -> Bool {
    caption.text.utf8.count > backgroundDrawingCharacters
      && caption.text.unicodeScalars.count > backgroundDrawingCharacters
  }

  /// The layer of `caption` for `placement` in `slot`: `current` when it is that one already, else
  /// one drawn now, or (for an oversized caption) one being drawn on another thread, for which the
  /// current one stands in while it is in the same place. `nil` when nothing is to be painted.
  private func layer(
    for caption: CaptionLayout, in slot: CaptionLayerSlot, placement: CaptionLayer.Placement,
    current: CaptionLayer?
  ) -> (layer: CaptionLayer?, isFinal: Bool) {
    if let current, current.caption === caption, current.placement == placement { return (current, true) }
    guard Self.drawsInBackground(caption) else {
      layersInDrawing[slot] = nil
      return (CaptionLayer(caption, placement: placement, previous: current), true)
    }
    if let drawing = layersInDrawing[slot] {
      let matches = drawing.caption.value === caption && drawing.placement == placement
      // One drawing per caption at a time: while the window resizes, each frame asks for another
      // placement, and a thread each would take the cores from the main thread.
      guard drawing.task.isFinished else { return (current?.placement == placement ? current : nil, false) }
      let finished = drawing.task.wait().value
      layersInDrawing[slot] = nil
      if matches { return (finished, true) }
    }
    layersInDrawing[slot] = BackgroundCaptionLayer(caption: caption, placement: placement)
    return (current?.placement == placement ? current : nil, false)
  }

  /// The captions of `layout`, in image pixels, scaled onto `rect` of a view showing `view` at
  /// `scaleFactor`: from each caption's layer where the view's pixels allow (see
  /// `layerPixelsAlign(on:scaleFactor:)`) and `usesLayers` is on, else straight onto `context`, each
  /// scaled by `captionScale` about its band's centre.
  func paint(
    _ layout: MemeLayout, on context: OpaquePointer, in rect: ImageRect, view: ImageRect, scaleFactor: Double,
    usesLayers usesCaptionLayers: Bool, captionScale: Double
  ) {
    let placement = Self.layerPlacement(
      imageWidth: layout.outputWidth, imageHeight: layout.outputHeight, in: rect, view: view,
      scaleFactor: scaleFactor)
    guard usesCaptionLayers, captionScale == 1, Self.layerPixelsAlign(on: context, scaleFactor: scaleFactor)
    else {
      // Drawn straight onto the view, an oversized caption (see `drawsInBackground`) would hold up
      // every frame of a pop or of a view moved by part of a pixel: it is painted from its layer as
      // it stands, drawn on another thread, and does not pop.
      Self.drawDirectly(
        layout, on: context, in: rect, captionScale: captionScale, usesLayers: usesCaptionLayers)
      guard usesCaptionLayers else { return }
      for position in CaptionPosition.allCases {
        let caption = layout.caption(at: position)
        guard Self.drawsInBackground(caption) else {
          captionLayers[position] = nil
          continue
        }
        let (layer, _) = layer(
          for: caption, in: .caption(position), placement: placement, current: captionLayers[position])
        captionLayers[position] = layer
        layer?.paint(on: context)
      }
      boxLayers = layout.layers.indices.map { index in
        guard Self.drawsInBackground(layout.layers[index]), !layout.layers[index].changesPicture else {
          return nil
        }
        let earlier = index < boxLayers.count ? boxLayers[index] : nil
        let (layer, isFinal) = layer(
          for: layout.layers[index], in: .box(index), placement: placement, current: earlier)
        layer?.paint(on: context)
        return isFinal || layer == nil ? layer : earlier
      }
      return
    }
    for position in CaptionPosition.allCases {
      let (layer, _) = layer(
        for: layout.caption(at: position), in: .caption(position), placement: placement,
        current: captionLayers[position])
      captionLayers[position] = layer
      layer?.paint(on: context)
    }
    // The boxes are drawn after the classic two, as export draws them.
    // A hidden area is drawn on the picture shown (see `PreviewPainter`), not on a layer of its own.
    boxLayers = layout.layers.indices.map { index in
      guard !layout.layers[index].changesPicture else { return nil }
      let earlier = index < boxLayers.count ? boxLayers[index] : nil
      let (layer, isFinal) = layer(
        for: layout.layers[index], in: .box(index), placement: placement, current: earlier)
      // A stand-in keeps its own caption, so the box is drawn again when its layer is ready.
      return isFinal || layer == nil ? layer : earlier
    }
    for layer in boxLayers { layer?.paint(on: context) }
    for slot in layersInDrawing.keys {
      switch slot {
      case .caption: continue
      case .box(let index) where index < layout.layers.count: continue
      case .box: layersInDrawing[slot] = nil
      }
    }
  }

  /// How layers put captions laid out on `imageWidth` × `imageHeight` pixels onto `rect` of a view
  /// showing `view` at `scaleFactor`.
  static func layerPlacement(
    imageWidth: Int, imageHeight: Int, in rect: ImageRect, view: ImageRect, scaleFactor: Double
  ) -> CaptionLayer.Placement {
    CaptionLayer.Placement(
      scaleX: rect.width / Double(imageWidth), scaleY: rect.height / Double(imageHeight),
      translateX: rect.x, translateY: rect.y, clip: rect.intersection(view), pixelsPerUnit: scaleFactor)
  }

  /// Whether a layer drawn in whole device pixels lands on whole device pixels of `context`: its
  /// user space is the view's, moved by whole device pixels at most. Otherwise the layer would be
  /// resampled, and the captions are drawn straight onto the view.
  private static func layerPixelsAlign(on context: OpaquePointer, scaleFactor: Double) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    let offset = (x: matrix.x0 * scaleFactor, y: matrix.y0 * scaleFactor)
    return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && scaleFactor > 0
      && offset.x == offset.x.rounded() && offset.y == offset.y.rounded()
  }

  /// The captions drawn straight onto `context`: the plain path the layers must match.
  private static func drawDirectly(
    _ layout: MemeLayout, on context: OpaquePointer, in rect: ImageRect, captionScale: Double,
    usesLayers: Bool
  ) {
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
    cairo_translate(context, rect.x, rect.y)
    cairo_scale(context, rect.width / Double(layout.outputWidth), rect.height / Double(layout.outputHeight))
    // A hidden area is drawn on the picture shown (see `PreviewPainter`).
    layout.draw(on: context, scalingEachCaptionBy: captionScale) {
      !$0.changesPicture && (!usesLayers || !drawsInBackground($0))
    }
    cairo_restore(context)
  }
}
