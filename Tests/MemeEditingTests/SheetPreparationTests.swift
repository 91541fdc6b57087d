// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import PixelCompare
import Testing

@testable import MemeCore
@testable import MemeEditing

/// The launch captions laid out and drawn on a thread of their own (`prepareSheet`) paint the
/// pixels the plain path draws, caption straight onto the view on the main thread; made for another
/// size or other captions, they are not used.
@MainActor @Suite struct SheetPreparationTests {
  typealias View = CaptionLayerTests.View

  @Test(arguments: [View(), View(scaleFactor: 2)])
  func preparedLaunchCaptionsPaintThePlainPixels(view: View) throws {
    let prepared = PreviewPainter()
    prepared.prepareSheet(
      inWidth: CaptionLayerTests.viewWidth, height: CaptionLayerTests.viewHeight,
      scaleFactor: view.scaleFactor)
    let preparation = try #require(prepared.sheetPreparation)
    let canvas = try CaptionLayerTests.paint(prepared, view)
    #expect(paintedLayers(of: prepared, areThoseOf: preparation), "the paint took the prepared layers")

    let plain = PreviewPainter()
    plain.usesCaptionLayers = false
    let expected = try CaptionLayerTests.paint(plain, view)
    let difference = CaptionLayerTests.difference(canvas, expected, threshold: CaptionLayerTests.rounding)
    #expect(difference.differing == 0, "\(difference)")
    // Not vacuous: the launch captions are there to compare.
    let blank = PreviewPainter()
    blank.show(MemeCaptions(top: "", bottom: "", style: .classic))
    let withoutCaptions = try CaptionLayerTests.paint(blank, view)
    #expect(CaptionLayerTests.difference(canvas, withoutCaptions, threshold: 64).differing > 500)
  }

  @Test func captionsPreparedForAnotherSizeAreNotUsed() throws {
    let painter = PreviewPainter()
    painter.prepareSheet(
      inWidth: CaptionLayerTests.viewWidth - 10, height: CaptionLayerTests.viewHeight, scaleFactor: 1)
    try expectPlainPixels(from: painter)
  }

  @Test func captionsTypedAfterThePreparationAreLaidOutAgain() throws {
    let painter = PreviewPainter()
    painter.prepareSheet(
      inWidth: CaptionLayerTests.viewWidth, height: CaptionLayerTests.viewHeight, scaleFactor: 1)
    try expectPlainPixels(
      from: painter, captions: MemeCaptions(top: "typed before the first frame", bottom: "BOTTOM"))
  }

  @Test func aPictureShownBeforeTheFirstPaintIsPaintedWithItsOwnLayout() throws {
    let painter = PreviewPainter()
    painter.prepareSheet(
      inWidth: CaptionLayerTests.viewWidth, height: CaptionLayerTests.viewHeight, scaleFactor: 1)
    try expectPlainPixels(from: painter, picture: CaptionLayerTests.picture(width: 1200, height: 900))
  }

  /// Shows `picture` and `captions` (when given) on `painter`, whose preparation they make stale,
  /// and expects it to paint without the prepared captions the pixels the plain path paints.
  private func expectPlainPixels(
    from painter: PreviewPainter, picture: EditorImage? = nil, captions: MemeCaptions? = nil
  ) throws {
    let preparation = try #require(painter.sheetPreparation)
    let plain = PreviewPainter()
    plain.usesCaptionLayers = false
    for target in [painter, plain] {
      if let picture { target.show(picture) }
      if let captions { target.show(captions) }
    }
    let canvas = try CaptionLayerTests.paint(painter, View())
    #expect(!paintedLayers(of: painter, areThoseOf: preparation), "the paint made its own layers")
    let difference = CaptionLayerTests.difference(
      canvas, try CaptionLayerTests.paint(plain, View()), threshold: CaptionLayerTests.rounding)
    #expect(difference.differing == 0, "\(difference)")
  }

  /// Whether the caption layers `painter` painted are the very ones `preparation` made.
  private func paintedLayers(of painter: PreviewPainter, areThoseOf preparation: SheetPreparation) -> Bool {
    let made = preparation.wait().layers
    return !made.isEmpty
      && CaptionPosition.allCases.allSatisfy { painter.paintedCaptions.captionLayers[$0] === made[$0] }
  }
}
