// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import MemeTextReading

/// Whether a hidden area hides its words: the meme is drawn as export draws it (the one renderer,
/// at the picture's own size), the area's region cut out with a margin, and read. A word of
/// `letters` letters or more read there means the area is not hidden well enough.
///
/// Only the hidden areas are drawn: a caption or sticker over the area is the user's own text and
/// would read as a word the area failed to hide.
public nonisolated enum HiddenAreaReadCheck {
  /// The fewest letters of a word read that make the area "still readable" (shorter ones are
  /// Tesseract's guesses at a texture as often as words).
  public static let letters = 3

  /// The flattened region of `area` in `picture` shown through `transform`, with `layers` (those
  /// drawn with it: the meme's hidden areas) hiding what they hide, grown by a margin of a sixth of
  /// its height (at least a grid cell, 16 pixels: letters an area leaves half uncovered are read) and cut at the picture's edges; nil when the area lies off the
  /// picture or out of memory. Slow: call it off the main thread.
  public static func region(
    of area: HiddenArea, in picture: RasterImage, transform: PictureTransform, layers: [MemeLayer]
  ) -> RasterImage? {
    let hidden = layers.filter { $0.hiddenArea != nil }
    let captions = MemeCaptions(top: "", bottom: "", layers: hidden.isEmpty ? [.hidden(area)] : hidden)
    guard let flattened = MemeRenderer.rendered(captions, image: picture, transform: transform) else {
      return nil
    }
    let place = area.pixelRect(pictureWidth: flattened.width, pictureHeight: flattened.height)
    guard place.width > 0, place.height > 0 else { return nil }
    let margin = max(HiddenArea.grid, place.height / 6)
    let x0 = max(0, place.x - margin)
    let y0 = max(0, place.y - margin)
    let x1 = min(Double(flattened.width), place.maxX + margin)
    let y1 = min(Double(flattened.height), place.maxY + margin)
    return PictureTransform.identity.render(
      flattened, region: ImageRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
  }

  /// Whether `text`, read in an area's region, shows that the area is still readable.
  public static func isStillReadable(_ text: PictureText) -> Bool {
    text.hasWord(ofAtLeast: letters)
  }

  /// The hidden areas whose hiding can be read through and so are checked: Pixelate and Blur
  /// (Solid leaves nothing of what lay beneath).
  public static func isChecked(_ area: HiddenArea) -> Bool {
    switch area.method {
    case .pixelate, .blur: true
    case .solid: false
    }
  }
}
