// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Where a caption's layer goes: a classic caption, or the text box at an index.
enum CaptionLayerSlot: Hashable {
  case caption(CaptionPosition)
  case box(Int)
}

/// A caption's layer being drawn on its own thread (see `PaintedCaptions.drawsInBackground`).
///
/// The thread reads only the caption's drawing (Cairo paths and thread-safe scaled fonts, as the
/// two captions of an export are drawn on two cores), never its Pango layout, and hands the layer
/// over whole once it has ended.
final class BackgroundCaptionLayer {
  let caption: HandedOver<CaptionLayout>
  let placement: CaptionLayer.Placement
  let task: BackgroundTask<HandedOver<CaptionLayer?>>

  init(caption: CaptionLayout, placement: CaptionLayer.Placement) {
    let handed = HandedOver(caption)
    self.caption = handed
    self.placement = placement
    task = BackgroundTask { HandedOver(CaptionLayer(handed.value, placement: placement, onOneCore: true)) }
  }
}

/// A reference another thread may read while this one keeps it: only what never changes after it
/// was made (a caption's drawing), or what the other thread made and has finished with (its layer).
nonisolated struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
