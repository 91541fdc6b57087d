import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures
import Testing

@testable import MemeCore

/// The reference comparison can fail: a caption with a glyph or a word erased no longer matches.
@Suite struct CaptionDamageTests {
  struct Damage: CustomTestStringConvertible, Sendable {
    let shape: CaptionCases.Shape
    /// Drawn scaled into an 800×600 view, as the editor shows it, or at the image's size.
    let preview: Bool
    /// How many characters at the end of the caption are erased.
    let erasedCharacters: Int
    var caption = "when you see the cat on the roof"
    var testDescription: String {
      "\(erasedCharacters) characters on \(shape.testDescription)\(preview ? " in the preview" : "")"
    }
  }

  @Test(arguments: [
    Damage(shape: CaptionCases.small, preview: false, erasedCharacters: 1),
    Damage(shape: CaptionCases.twelveMegapixels, preview: false, erasedCharacters: 1),
    Damage(shape: CaptionCases.veryWide, preview: true, erasedCharacters: 4),
    Damage(shape: CaptionCases.tiny, preview: true, erasedCharacters: 1, caption: "hi"),
    Damage(shape: CaptionCases.landscape, preview: true, erasedCharacters: 1),
  ])
  func anErasedPartIsCaught(damage: Damage) throws {
    let shape = damage.shape
    let layout = MemeLayout(
      captions: MemeCaptions(top: damage.caption, bottom: ""), imageWidth: shape.width,
      imageHeight: shape.height)
    let rendering =
      damage.preview
      ? ReferenceRendering(layout: layout, previewWidth: 800, previewHeight: 600)
      : ReferenceRendering(layout: layout)
    let image = rendering.drawProduction()
    let intact = rendering.compare(with: image)
    #expect(intact.matches, "\(intact)")
    // Put the background back over the last characters, as if they had not been drawn.
    let caption = layout.caption(at: .top)
    let erased = try #require(Self.inkRect(ofLast: damage.erasedCharacters, charactersOf: caption))
    let background = TestPictures.gradient(width: rendering.width, height: rendering.height)
    let context = cairo_create(image.surface)!
    cairo_set_source_surface(context, background.surface, 0, 0)
    cairo_scale(context, rendering.scale.x, rendering.scale.y)
    cairo_rectangle(context, erased.x, erased.y, erased.width, erased.height)
    cairo_fill(context)
    cairo_destroy(context)
    let damaged = rendering.compare(with: image)
    #expect(!damaged.matches, "\(damaged)")
  }

  /// The ink of the caption's last `count` characters (on its last line), in image pixels.
  static func inkRect(ofLast count: Int, charactersOf caption: CaptionLayout) -> ImageRect? {
    guard let layout = caption.layout else { return nil }
    var rects: [PangoRectangle] = []
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    repeat {
      var extents = PangoRectangle()
      pango_layout_iter_get_char_extents(iterator, &extents)
      rects.append(extents)
    } while pango_layout_iter_next_char(iterator) != 0
    let last = rects.suffix(count)
    guard let first = last.first, let final = last.last else { return nil }
    let left = min(first.x, final.x)
    let right = max(first.x + first.width, final.x + final.width)
    return ImageRect(
      x: caption.origin.x + pangoPixels(left) * caption.scale,
      y: caption.origin.y + pangoPixels(first.y) * caption.scale,
      width: pangoPixels(right - left) * caption.scale, height: pangoPixels(first.height) * caption.scale)
  }
}
