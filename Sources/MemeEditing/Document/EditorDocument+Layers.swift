// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Editing the layers placed over the picture, whatever their kind: adding, changing, removing,
/// moving, resizing, turning and ordering them, and which one is selected. Every change is one undo
/// step, except runs that share a coalescing key (typing into one box, one drag, one run of nudges),
/// which make one step until `endTyping()`.
extension EditorDocument {
  /// Adding hidden areas and changing what only a hidden area has.
  public var hiddenAreas: HiddenAreaChanges { HiddenAreaChanges(document: self) }
  /// Adding speech bubbles and changing what only a speech bubble has.
  public var speechBubbles: SpeechBubbleChanges { SpeechBubbleChanges(document: self) }

  /// The layers over the picture, in drawing order (the last is drawn on top).
  public var layers: [MemeLayer] { state.layers }

  /// The selected layer, if it still exists.
  public var selectedLayer: MemeLayer? {
    selectedLayerIndex.flatMap { layers.indices.contains($0) ? layers[$0] : nil }
  }

  /// Selects the layer at `index` (nil: none). Selection is not a change undo restores.
  public func selectLayer(at index: Int?) {
    let valid = index.flatMap { layers.indices.contains($0) ? $0 : nil }
    guard valid != selectedLayerIndex else { return }
    history.endCoalescing()
    selectedLayerIndex = valid
    onChange(.selection)
  }

  /// Adds `layer` on top of the others and selects it (one undo step); returns its index.
  @discardableResult
  public func addLayer(_ layer: MemeLayer) -> Int {
    var next = state
    next.layers.append(layer)
    apply(next, changed: .captions)
    selectLayer(at: next.layers.count - 1)
    return next.layers.count - 1
  }

  /// Replaces the layer at `index`. Changes sharing `coalescingKey` (one drag, one run of typing)
  /// make one undo step.
  public func updateLayer(at index: Int, to layer: MemeLayer, coalescingKey: String? = nil) {
    guard layers.indices.contains(index), layers[index] != layer else { return }
    var next = state
    next.layers[index] = layer
    apply(next, changed: .captions, coalescingKey: coalescingKey)
  }

  /// Removes the layer at `index` (one undo step); nothing stays selected.
  public func removeLayer(at index: Int) {
    guard layers.indices.contains(index) else { return }
    var next = state
    next.layers.remove(at: index)
    selectedLayerIndex = nil
    apply(next, changed: [.captions, .selection])
  }

  /// Replaces every layer (one undo step).
  public func setLayers(_ layers: [MemeLayer]) {
    guard state.layers != layers else { return }
    var next = state
    next.layers = layers
    apply(next, changed: .captions)
  }

  /// Moves the layer at `index` to `newIndex` in drawing order (one undo step), keeping it selected
  /// if it was.
  public func moveLayer(at index: Int, to newIndex: Int) {
    guard layers.indices.contains(index), layers.indices.contains(newIndex), index != newIndex else { return }
    var next = state
    next.layers.insert(next.layers.remove(at: index), at: newIndex)
    if selectedLayerIndex == index { selectedLayerIndex = newIndex }
    apply(next, changed: [.captions, .selection])
  }
}
