// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Editing the layers placed over the picture, whatever their kind: adding, changing, removing,
/// moving, resizing, turning and ordering them, and which one is selected. Every change is one undo
/// step, except runs that share a coalescing key (typing into one box, one drag, one run of nudges),
/// which make one step until `endTyping()`.
extension EditorDocument {
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

  /// The layer selected once undo or redo turns `old` into `new`, as in drawing apps, so the user can
  /// act on it at once: the layer that reappeared, or the one layer that changed; otherwise the
  /// selected layer wherever the change took it (nil when it was undone away).
  static func selection(after old: [MemeLayer], _ new: [MemeLayer], selected: Int?) -> Int? {
    let changed = new.indices.filter { !old.indices.contains($0) || new[$0] != old[$0] }
    if new.count > old.count { return changed.first }
    if new.count == old.count, changed.count == 1 { return changed[0] }
    guard let selected, old.indices.contains(selected) else { return nil }
    if new.count < old.count {
      // One layer gone: the others after it move down a place. More at once: nothing to follow.
      guard old.count - new.count == 1 else { return nil }
      let removed = old.indices.first { !new.indices.contains($0) || new[$0] != old[$0] } ?? old.count - 1
      return selected == removed ? nil : selected > removed ? selected - 1 : selected
    }
    // Reordered: the selected layer moved with the order.
    return changed.contains(selected) ? changed.first { new[$0] == old[selected] } ?? selected : selected
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
