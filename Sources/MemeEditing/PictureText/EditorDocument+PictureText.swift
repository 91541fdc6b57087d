// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

extension EditorDocument {
  /// "Use the picture's text": the words read in the picture (`offer`) become the captions, as
  /// `PictureTextCaptions` splits them for the current layout, and Solid hidden areas cover the
  /// old words (see `WordCover`), so the new captions replace them. One undo step; nothing when the
  /// offer no longer matches the picture shown or holds no words.
  public func usePictureText(_ offer: PictureTextOffer) {
    guard offer.matches(self), !offer.text.isEmpty else { return }
    let captions = PictureTextCaptions(offer.text, layout: layout)
    let room = HiddenArea.maximumCount - hiddenAreas.count
    let areas = WordCover.areas(over: captions.lines.map(\.frame), in: offer.picture, limit: room)
    var next = state
    next.top = MemeCaptions.bounded(captions.top).text
    next.bottom = MemeCaptions.bounded(captions.bottom).text
    next.layers += areas.map(MemeLayer.hidden)
    history.endCoalescing()
    apply(next, changed: .captions)
  }
}
