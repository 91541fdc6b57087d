// SPDX-License-Identifier: GPL-3.0-or-later

import MemeCore

/// What a change to the editor's document touched, so observers update only what they must.
public struct EditorChange: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let captions = EditorChange(rawValue: 1)
  public static let style = EditorChange(rawValue: 2)
  public static let image = EditorChange(rawValue: 4)
  /// Part of every change, undo and redo: what `undo()` would take back is no longer the same.
  public static let history = EditorChange(rawValue: 8)
  /// The crop, turn or mirroring of the picture.
  public static let transform = EditorChange(rawValue: 16)
  /// Which layer is selected.
  public static let selection = EditorChange(rawValue: 32)
  /// The description the user wrote (the default one follows `.captions`).
  public static let description = EditorChange(rawValue: 64)
  /// A panel meme's grid: its cells, their pictures, placements and captions, the gutter.
  public static let panels = EditorChange(rawValue: 128)
  /// How a moving picture plays: its trim, speed, direction, play count, sound.
  public static let timing = EditorChange(rawValue: 256)
  public static let all: EditorChange = [
    .captions, .style, .image, .history, .transform, .selection, .description, .panels, .timing,
  ]

  /// What differs between `old` and `new` (undo and redo replace the whole state), with `.history`.
  static func between(_ old: EditorState, _ new: EditorState) -> EditorChange {
    var changed: EditorChange = .history
    if new.top != old.top || new.bottom != old.bottom || new.layers != old.layers
      || new.captions.effects != old.captions.effects
    {
      changed.insert(.captions)
    }
    if new.style != old.style || new.layout != old.layout { changed.insert([.captions, .style]) }
    if new.customDescription != old.customDescription { changed.insert(.description) }
    if new.image !== old.image { changed.insert(.image) }
    if new.transform != old.transform { changed.insert(.transform) }
    if new.content.panels != old.content.panels { changed.insert([.panels, .captions]) }
    if new.timing != old.timing { changed.insert(.timing) }
    return changed
  }
}
