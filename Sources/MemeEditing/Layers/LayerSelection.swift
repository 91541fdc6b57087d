// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Which layer is selected after undo or redo changed the layers.
enum LayerSelection {
  /// The layer selected once undo or redo turns `old` into `new`, as in drawing apps, so the user
  /// can act on it at once: the layer that reappeared, or the one layer that changed; otherwise the
  /// selected layer wherever the change took it (nil when it was undone away).
  static func after(_ old: [MemeLayer], _ new: [MemeLayer], selected: Int?) -> Int? {
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
}
