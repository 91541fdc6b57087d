// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import Testing

@testable import MemeEditing

/// The crop rectangle's rules, without a window.
@Suite struct CropSelectionTests {
  @Test func aDragNeverLeavesThePictureNorGoesBelowTheSmallestSide() {
    var selection = CropSelection(pictureWidth: 400, pictureHeight: 300)
    let start = selection.rect
    selection.drag(.move, from: start, by: 50, 50)
    #expect(selection.rect == start, "the whole picture cannot move")
    selection.drag(.left, from: start, by: 1000, 0)
    #expect(selection.rect.width == selection.minimumSide && selection.rect.maxX == 400)
    selection.drag(.topLeft, from: start, by: -80, -80)
    #expect(selection.rect == start)
    selection.drag(.bottomRight, from: start, by: -200, -150)
    let half = selection.rect
    selection.drag(.move, from: half, by: 500, 500)
    #expect(selection.rect == ImageRect(x: 200, y: 150, width: 200, height: 150))
  }

  @Test func theHandleUnderThePointer() {
    let selection = CropSelection(
      pictureWidth: 400, pictureHeight: 300, rect: ImageRect(x: 100, y: 100, width: 200, height: 100))
    #expect(selection.handle(at: (100, 100), reach: 5) == .topLeft)
    #expect(selection.handle(at: (302, 198), reach: 5) == .bottomRight)
    #expect(selection.handle(at: (200, 101), reach: 5) == .top)
    #expect(selection.handle(at: (200, 150), reach: 5) == .move)
    #expect(selection.handle(at: (20, 20), reach: 5) == nil)
  }

  @Test func theCropMapsBetweenWhatIsSeenAndTheSource() {
    let transform = PictureTransform(quarterTurns: 1, flipsHorizontally: true)
    let seen = ImageRect(x: 10, y: 20, width: 100, height: 50)
    let source = transform.sourceCrop(forView: seen, sourceWidth: 600, sourceHeight: 400)
    var cropped = transform
    cropped.crop = source
    #expect(cropped.cropInView(sourceWidth: 600, sourceHeight: 400) == seen)
    #expect(cropped.outputSize(sourceWidth: 600, sourceHeight: 400) == (100, 50) as (Int, Int))
    #expect(
      transform.sourceCrop(
        forView: ImageRect(x: 0, y: 0, width: 400, height: 600), sourceWidth: 600, sourceHeight: 400) == nil)
  }
}
