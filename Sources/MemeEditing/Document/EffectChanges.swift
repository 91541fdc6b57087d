// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension EditorDocument {
  /// Setting the picture's effects (read them in `captions.effects`).
  public var effectChanges: EffectChanges { EffectChanges(document: self) }
}

/// The picture's effects (deep-fry, More JPEG, black and white) as the editor's document changes
/// them: kept in the captions with the meme, so Sent Memes keeps them and Edit & Resend brings them
/// back.
public struct EffectChanges {
  fileprivate unowned let document: EditorDocument

  /// Sets the effects: one undo step, or one for every change sharing `coalescingKey` (a strength
  /// slider dragged) until `endTyping()`.
  public func set(_ effects: PictureEffects, coalescingKey: String? = nil) {
    guard document.state.captions.effects != effects else { return }
    var next = document.state
    next.captions.effects = effects
    document.apply(next, changed: .captions, coalescingKey: coalescingKey)
  }
}
