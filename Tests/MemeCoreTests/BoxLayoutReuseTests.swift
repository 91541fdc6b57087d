import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeCore

/// A layout made from the previous one takes over the boxes that did not change (what keeps a
/// drag of one box from laying out and drawing all the others again) and draws exactly what a
/// layout made from nothing draws.
@Suite struct BoxLayoutReuseTests {
  static let boxes = [
    TextBox(text: "the box being dragged", frame: RelativeRect(x: 0.1, y: 0.4, width: 0.35, height: 0.2)),
    TextBox(text: "a second box", frame: RelativeRect(x: 0.6, y: 0.25, width: 0.3, height: 0.15)),
    TextBox(
      text: "and a turned one", frame: RelativeRect(x: 0.55, y: 0.55, width: 0.35, height: 0.18), angle: -25),
  ]

  @Test func unchangedBoxesAreTakenOverAndTheResultDrawsAsAFreshLayout() {
    let before = MemeLayout(
      captions: MemeCaptions(top: "top", bottom: "bottom", layers: Self.boxes.map(MemeLayer.text)),
      imageWidth: 800,
      imageHeight: 600)
    var moved = Self.boxes
    moved[0].frame.x += 0.05
    // The dragged box also goes last (brought forward): boxes are matched by what they are, not where.
    moved.append(moved.remove(at: 0))
    let captions = MemeCaptions(top: "top", bottom: "bottom", layers: moved.map(MemeLayer.text))
    let reused = MemeLayout(captions: captions, imageWidth: 800, imageHeight: 600, reusing: before)
    #expect(reused.layers[0] === before.layers[1] && reused.layers[1] === before.layers[2])
    #expect(reused.layers[2] !== before.layers[0], "the moved box is laid out again")
    // Another picture size: nothing is taken over.
    let resized = MemeLayout(captions: captions, imageWidth: 801, imageHeight: 600, reusing: before)
    #expect(!resized.layers.contains { box in before.layers.contains { $0 === box } })

    let fresh = MemeLayout(captions: captions, imageWidth: 800, imageHeight: 600)
    let (a, b) = (
      TestPictures.gradient(width: 800, height: 600), TestPictures.gradient(width: 800, height: 600)
    )
    for (layout, image) in [(reused, a), (fresh, b)] {
      let context = cairo_create(image.surface)!
      layout.draw(on: context)
      cairo_destroy(context)
    }
    #expect(differingPixels(a, b) == 0)
    #expect(differingPixels(a, TestPictures.gradient(width: 800, height: 600)) > 0)
  }
}
