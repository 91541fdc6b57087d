// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// The editor's preview hides and draws the effects with the export's own code: shown at the
/// picture's own size, it is the export pixel for pixel; shown smaller, its blocks are as many and
/// as large on the picture as the export's.
@MainActor
@Suite struct PreviewHidingTests {
  static let width = 480
  static let height = 320

  static func captions(effects: PictureEffects = .none) -> MemeCaptions {
    MemeCaptions(
      top: "", bottom: "",
      layers: [
        .hidden(HiddenArea(frame: RelativeRect(x: 0.1, y: 0.2, width: 0.4, height: 0.3))),
        .hidden(HiddenArea(frame: RelativeRect(x: 0.55, y: 0.5, width: 0.4, height: 0.4), method: .blur)),
      ], effects: effects)
  }

  /// The preview of `captions` on `picture` in a view of `width` × `height`.
  static func preview(_ captions: MemeCaptions, on picture: RasterImage, width: Int, height: Int) throws
    -> RasterImage
  {
    let painter = PreviewPainter()
    painter.show(EditorImage(url: URL(fileURLWithPath: "/picture.png"), full: picture, preview: picture))
    painter.show(captions)
    let view = try #require(RasterImage(width: width, height: height, hasAlpha: true))
    let context = cairo_create(view.surface)!
    painter.paint(on: context, width: Double(width), height: Double(height))
    cairo_destroy(context)
    return view
  }

  @Test(arguments: [
    PictureEffects.none, PictureEffects(isBlackAndWhite: true), PictureEffects(deepFry: 6, seed: 2),
    PictureEffects(moreJPEG: 2),
  ])
  func atThePicturesOwnSizeThePreviewIsTheExport(effects: PictureEffects) throws {
    let picture = TestPictures.gradient(width: Self.width, height: Self.height)
    let captions = Self.captions(effects: effects)
    let exported = try #require(MemeRenderer.rendered(captions, image: picture))
    let shown = try Self.preview(captions, on: picture, width: Self.width, height: Self.height)
    #expect(differingPixels(shown, exported) == 0)
    let plain = try #require(MemeRenderer.rendered(MemeCaptions(top: "", bottom: ""), image: picture))
    #expect(differingPixels(exported, plain) > 1000, "nothing was hidden or drawn")
  }

  /// At half the size, the first hidden area's blocks are half as large: the same number of them.
  @Test func shownSmallerTheBlocksAreAsManyOnThePicture() throws {
    let picture = TestPictures.gradient(width: Self.width, height: Self.height)
    let area = try #require(Self.captions().layers[0].hiddenArea)
    let rect = area.pixelRect(pictureWidth: Self.width, pictureHeight: Self.height)
    let side = area.blockSide(forHeight: rect.height)
    let shown = try Self.preview(Self.captions(), on: picture, width: Self.width / 2, height: Self.height / 2)
    let samples = PixelSamples(shown)
    // Along the area's first row of blocks, on the half-size view: a new colour at each block's edge.
    let y = Int(rect.y / 2 + side / 4)
    var edges = 0
    for x in Int(rect.x / 2) + 1..<Int(rect.maxX / 2) where samples.color(x, y) != samples.color(x - 1, y) {
      edges += 1
    }
    #expect(edges == Int((rect.width / side).rounded(.up)) - 1, "\(edges) block edges")
  }
}
