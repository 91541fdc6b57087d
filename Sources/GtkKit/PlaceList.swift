// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CGtkTypes

/// A list model of places alone (`MemePlaceList`): a length, and an item per place that stands
/// for nothing but its position. A view over it finds what a place shows from the position of the
/// item it binds, so replacing what the places hold changes only the length.
public final class PlaceList {
  /// The `GListModel *` (selections and views take references of their own).
  public let owner = ObjectOwner(taking: UnsafeMutableRawPointer(meme_place_list_new()))
  public private(set) var count = 0

  public init() {}

  /// Replaces `removals` places at `position` with `additions` new ones, and tells the views.
  public func splice(at position: Int, removing removals: Int, inserting additions: Int) {
    precondition(position >= 0 && removals >= 0 && additions >= 0 && position + removals <= count)
    count += additions - removals
    meme_place_list_splice(OpaquePointer(owner.raw), guint(position), guint(removals), guint(additions))
  }
}
