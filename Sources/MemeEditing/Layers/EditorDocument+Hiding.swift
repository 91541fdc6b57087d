// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Adding hidden areas and changing what only a hidden area has: how it hides and how strongly.
extension EditorDocument {
  /// The number of hidden areas on the meme.
  public var hiddenAreaCount: Int { layers.count(where: { $0.hiddenArea != nil }) }

  /// Whether one more hidden area fits under `HiddenArea.maximumCount`.
  public var canAddHiddenArea: Bool { hiddenAreaCount < HiddenArea.maximumCount }

  /// Adds a hidden area at `frame` (nil: `HiddenArea.newFrame`, the middle of the picture) with the
  /// default method and strength, selected, and returns its index; nil without a picture or when
  /// the meme holds as many as it may. With `coalescingKey` the area is being drawn: the changes
  /// sharing the key (the drag that goes on drawing it) make one undo step with the adding, until
  /// `endTyping()`.
  @discardableResult
  public func addHiddenArea(at frame: RelativeRect? = nil, coalescingKey: String? = nil) -> Int? {
    guard let image, canAddHiddenArea else { return nil }
    let picture = transform.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    let area = HiddenArea(
      frame: frame ?? HiddenArea.newFrame(pictureWidth: picture.width, pictureHeight: picture.height))
    guard let coalescingKey else { return addLayer(.hidden(area)) }
    var next = state
    next.layers.append(.hidden(area))
    // Selected as it is added: `selectLayer` would end the run of changes the drawing goes on with.
    selectedLayerIndex = next.layers.count - 1
    apply(next, changed: [.captions, .selection], coalescingKey: coalescingKey)
    return next.layers.count - 1
  }

  /// Sets how the hidden area at `index` hides (one undo step).
  public func setHidingMethod(_ method: HidingMethod, ofAreaAt index: Int) {
    updateHiddenArea(at: index) { $0.method = method }
  }

  /// Sets the strength of the hidden area at `index`, within `HiddenArea.strengths`: one undo step,
  /// or one for every change sharing `coalescingKey` (a slider dragged) until `endTyping()`.
  public func setHidingStrength(_ strength: Int, ofAreaAt index: Int, coalescingKey: String? = nil) {
    let strengths = HiddenArea.strengths
    updateHiddenArea(at: index, coalescingKey: coalescingKey) {
      $0.strength = min(max(strength, strengths.lowerBound), strengths.upperBound)
    }
  }

  /// The hidden area at `index` changed by `change` (one undo step); nothing for another kind.
  private func updateHiddenArea(
    at index: Int, coalescingKey: String? = nil, _ change: (inout HiddenArea) -> Void
  ) {
    guard layers.indices.contains(index), var area = layers[index].hiddenArea else { return }
    change(&area)
    updateLayer(at: index, to: .hidden(area), coalescingKey: coalescingKey)
  }
}
