// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension MemeCaptions {
  /// The captions as the editor shows them while no field is being typed in: each empty caption
  /// replaced by its placeholder (TOP, BOTTOM, TEXT, a comic bubble's too). Never exported: see
  /// `EditorState`.
  public var showingPlaceholders: MemeCaptions {
    var shown = self
    if shown.top.isEmpty { shown.top = EditorState.placeholder(at: .top) }
    if shown.bottom.isEmpty { shown.bottom = EditorState.placeholder(at: .bottom) }
    for index in shown.layers.indices {
      let layer = shown.layers[index]
      guard layer.kind.editing.hasText, layer.text.isEmpty else { continue }
      shown.layers[index].text = EditorState.boxPlaceholder
    }
    return shown
  }
}
