// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The picture's effects (deep-fry, More JPEG, black and white), kept in the captions with the
/// meme, so Sent Memes keeps them and Edit & Resend brings them back.
extension EditorDocument {
  /// The effects the meme is drawn with.
  public var effects: PictureEffects { captions.effects }

  /// Sets the effects: one undo step, or one for every change sharing `coalescingKey` (a strength
  /// slider dragged) until `endTyping()`.
  public func setEffects(_ effects: PictureEffects, coalescingKey: String? = nil) {
    guard state.captions.effects != effects else { return }
    var next = state
    next.captions.effects = effects
    apply(next, changed: .captions, coalescingKey: coalescingKey)
  }
}
