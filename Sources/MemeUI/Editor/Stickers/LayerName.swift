// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What a screen reader calls a layer's field: each kind counted on its own, in drawing order, as
/// the toolbar's buttons name them: "Text box 1", "Text box 2", …, and "Sticker 1: glasses.png",
/// "Sticker 2: smiling face with sunglasses" (the file's name, or the emoji's), "Hidden area 1", "Speech bubble 1".
enum LayerName {
  static func accessibleLabel(ofLayerAt index: Int, in layers: [MemeLayer]) -> String {
    guard layers.indices.contains(index) else { return "" }
    let layer = layers[index]
    let number = layers[...index].count(where: { $0.kindName == layer.kindName })
    switch layer {
    case .text: return String(format: localized("Text box %ld"), number)
    case .sticker(let sticker):
      return String(format: localized("Sticker %ld"), number) + ": " + sticker.source.name
    case .hidden: return String(format: localized("Hidden area %ld"), number)
    case .bubble: return String(format: localized("Speech bubble %ld"), number)
    }
  }
}
