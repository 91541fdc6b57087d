// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension MemeCaptions {
  /// The captions as the editor shows them while no field is being typed in: each empty caption
  /// replaced by its placeholder (TOP, BOTTOM, TEXT). Never exported: see `EditorState`.
  public var showingPlaceholders: MemeCaptions {
    var shown = self
    if shown.top.isEmpty { shown.top = EditorState.placeholder(at: .top) }
    if shown.bottom.isEmpty { shown.bottom = EditorState.placeholder(at: .bottom) }
    for index in shown.layers.indices {
      guard var box = shown.layers[index].textBox, box.text.isEmpty else { continue }
      box.text = EditorState.boxPlaceholder
      shown.layers[index] = .text(box)
    }
    return shown
  }
}
