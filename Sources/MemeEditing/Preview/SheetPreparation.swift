// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The captions over the launch state's empty sheet, laid out and drawn into their layers on a
/// thread of their own while the main thread styles and lays out the window that will show them
/// (see `PreviewPainter.prepareSheet(inWidth:height:scaleFactor:)`).
///
/// Pango objects stay with the thread that made them: this one ends as soon as the layout and the
/// layers are made, and hands them over whole. From then on only the main thread uses them, as if
/// it had made them itself.
final class SheetPreparation {
  let captions: MemeCaptions
  let imageWidth: Int
  let imageHeight: Int
  private let task: BackgroundTask<PreparedSheet>

  /// Starts laying `captions` out over a sheet of `imageWidth` × `imageHeight` and drawing them into
  /// layers for `placement`.
  init(captions: MemeCaptions, imageWidth: Int, imageHeight: Int, placement: CaptionLayer.Placement) {
    self.captions = captions
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    task = BackgroundTask {
      let layout = MemeLayout(captions: captions, imageWidth: imageWidth, imageHeight: imageHeight)
      var layers: [CaptionPosition: CaptionLayer] = [:]
      for position in CaptionPosition.allCases {
        layers[position] = CaptionLayer(layout.caption(at: position), placement: placement)
      }
      return PreparedSheet(layout: layout, layers: layers)
    }
  }

  /// Whether this preparation is for `captions` over a sheet of `width` × `height`.
  func matches(_ captions: MemeCaptions, width: Int, height: Int) -> Bool {
    captions == self.captions && width == imageWidth && height == imageHeight
  }

  /// The layout and its layers, once made (blocks until then).
  func wait() -> PreparedSheet { task.wait() }
}

/// What a `SheetPreparation` makes. Not shared but handed over: the thread that made it has ended
/// by the time anyone else can reach it (`BackgroundTask` orders its writes before the reads).
nonisolated struct PreparedSheet: @unchecked Sendable {
  let layout: MemeLayout
  /// The layer of each caption that draws something.
  let layers: [CaptionPosition: CaptionLayer]
}
