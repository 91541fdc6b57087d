// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The changes the editor's document takes for hidden areas: adding one, and how it hides and how
/// strongly. Moving, resizing, the drawing order and deleting are every layer's (see
/// `EditorDocument+Layers.swift`).
public struct HiddenAreaChanges {
  unowned let document: EditorDocument

  /// The number of hidden areas on the meme.
  public var count: Int { document.layers.count(where: { $0.hiddenArea != nil }) }

  /// Whether one more hidden area fits under `HiddenArea.maximumCount`.
  public var canAdd: Bool { count < HiddenArea.maximumCount }

  /// Adds a hidden area at `frame` (nil: `HiddenArea.newFrame`, the middle of the picture) with the
  /// default method and strength, selected, and returns its index; nil without a picture or when
  /// the meme holds as many as it may. With `coalescingKey` the area is being drawn: the changes
  /// sharing the key (the drag that goes on drawing it) make one undo step with the adding, until
  /// `endTyping()`.
  @discardableResult
  public func add(at frame: RelativeRect? = nil, coalescingKey: String? = nil) -> Int? {
    guard let image = document.image, canAdd else { return nil }
    let picture = document.transform.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    let area = HiddenArea(
      frame: frame ?? HiddenArea.newFrame(pictureWidth: picture.width, pictureHeight: picture.height))
    guard let coalescingKey else { return document.addLayer(.hidden(area)) }
    var next = document.state
    next.layers.append(.hidden(area))
    // Selected as it is added: `selectLayer` would end the run of changes the drawing goes on with.
    document.selectedLayerIndex = next.layers.count - 1
    document.apply(next, changed: [.captions, .selection], coalescingKey: coalescingKey)
    return next.layers.count - 1
  }

  /// Sets how the hidden area at `index` hides (one undo step).
  public func setMethod(_ method: HidingMethod, ofAreaAt index: Int) {
    updateHiddenArea(at: index) { $0.method = method }
  }

  /// Sets the strength of the hidden area at `index`, within `HiddenArea.strengths`: one undo step,
  /// or one for every change sharing `coalescingKey` (a slider dragged) until `endTyping()`.
  public func setStrength(_ strength: Int, ofAreaAt index: Int, coalescingKey: String? = nil) {
    let strengths = HiddenArea.strengths
    updateHiddenArea(at: index, coalescingKey: coalescingKey) {
      $0.strength = min(max(strength, strengths.lowerBound), strengths.upperBound)
    }
  }

  /// The hidden area at `index` changed by `change` (one undo step); nothing for another kind.
  private func updateHiddenArea(
    at index: Int, coalescingKey: String? = nil, _ change: (inout HiddenArea) -> Void
  ) {
    let layers = document.layers
    guard layers.indices.contains(index), var area = layers[index].hiddenArea else { return }
    change(&area)
    document.updateLayer(at: index, to: .hidden(area), coalescingKey: coalescingKey)
  }
}
