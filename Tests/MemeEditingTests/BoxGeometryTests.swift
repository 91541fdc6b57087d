// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureFixtures
import Testing

@testable import MemeEditing

/// The pointer's geometry for text boxes: mapping between the canvas and the picture's fractions,
/// hit testing of a turned box, and the boxes a move, resize or turn makes, with snapping. Every
/// expectation is worked out here another way: points turned back by hand, fixed sides measured,
/// distances compared with the thresholds.
@MainActor @Suite struct BoxGeometryTests {
  /// A picture drawn at (40, 30), 800 × 600 logical pixels.
  let mapping = BoxMapping(pictureRect: ImageRect(x: 40, y: 30, width: 800, height: 600))
  let box = TextBox(text: "box", frame: RelativeRect(x: 0.2, y: 0.3, width: 0.4, height: 0.2), angle: 30)

  /// (x, y) turned by `degrees` clockwise on the screen about (cx, cy), written out plainly.
  private func turn(_ x: Double, _ y: Double, by degrees: Double, about cx: Double, _ cy: Double) -> (
    x: Double, y: Double
  ) {
    let r = degrees * .pi / 180
    return (cx + (x - cx) * cos(r) - (y - cy) * sin(r), cy + (x - cx) * sin(r) + (y - cy) * cos(r))
  }

  private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

  @Test func aFrameMapsToTheCanvasAndBack() {
    let shown = mapping.onScreen(box)
    // Centre: the frame's centre in fractions, on the picture's rectangle.
    #expect(near(shown.centreX, 40 + 0.4 * 800) && near(shown.centreY, 30 + 0.4 * 600))
    #expect(near(shown.width, 320) && near(shown.height, 120) && shown.angle == 30)
    let back = mapping.frame(of: shown)
    #expect(near(back.x, 0.2) && near(back.y, 0.3) && near(back.width, 0.4) && near(back.height, 0.2))
    // A box pushed far past the picture comes back within what the model allows.
    var far = shown
    far.centreX = 40 + 10 * 800
    #expect(mapping.frame(of: far).isAllowed)
  }

  @Test func thePaintersMappingFollowsZoomAndTheCut() throws {
    let painter = PreviewPainter()
    let picture = try EditorImage.load(
      contentsOf: Fixtures.picture(width: 1200, height: 800, name: "box-geometry.png"))
    // Cut to the right half and turned a quarter: the boxes lie on a 800 × 600 picture on its side.
    var transform = PictureTransform.identity
    transform.crop = PixelRect(x: 600, y: 0, width: 600, height: 800)
    transform.rotate(clockwise: true)
    painter.show(picture, transform: transform)
    var zoom = CanvasZoom()
    zoom.zoom(
      by: 2, aroundX: 100, y: 80, pictureWidth: 800, pictureHeight: 600, viewWidth: 640, viewHeight: 480)
    painter.zoom = zoom
    let mapping = try #require(painter.boxMapping(inWidth: 640, height: 480))
    let expected = zoom.rect(pictureWidth: 800, pictureHeight: 600, viewWidth: 640, viewHeight: 480)
    #expect(mapping.pictureRect == expected)
    #expect(near(expected.width / expected.height, 800.0 / 600.0), "the cut, turned picture's shape")
    #expect(expected.width > 640, "zoomed in past the view")
  }

  @Test func hitTestingFindsEachHandleOfATurnedBox() {
    let shown = mapping.onScreen(box)
    let (cx, cy) = (shown.centreX, shown.centreY)
    let (left, top, right, bottom) = (cx - 160, cy - 60, cx + 160, cy + 60)
    // Each handle's place on the unturned box, turned by hand.
    let places: [(BoxHandle, Double, Double)] = [
      (.topLeft, left, top), (.top, cx, top), (.topRight, right, top), (.right, right, cy),
      (.bottomRight, right, bottom), (.bottom, cx, bottom), (.bottomLeft, left, bottom), (.left, left, cy),
      (.rotation, cx, top - BoxOnScreen.rotationHandleDistance), (.body, cx + 40, cy + 10),
    ]
    for (handle, x, y) in places {
      let point = turn(x, y, by: 30, about: cx, cy)
      #expect(shown.handle(atCanvasX: point.x, y: point.y) == handle, "\(handle)")
      if handle != .body {
        let drawn = shown.position(of: handle)
        #expect(near(drawn.x, point.x) && near(drawn.y, point.y), "\(handle) is drawn where it is hit")
      }
    }
    // Inside the unturned box's top right corner lies outside the turned one, beyond every reach.
    #expect(shown.handle(atCanvasX: right - 2, y: top + 2) == nil)
    // Just beyond reach outside an edge: nothing; just within: that edge.
    let reach = BoxOnScreen.handleReach
    let outside = turn(right + reach + 1, cy + 20, by: 30, about: cx, cy)
    let within = turn(right + reach - 1, cy + 20, by: 30, about: cx, cy)
    #expect(shown.handle(atCanvasX: outside.x, y: outside.y) == nil)
    #expect(shown.handle(atCanvasX: within.x, y: within.y) == .right)
  }

  @Test(arguments: [0.0, 30.0, -100.0, 180.0])
  func resizingKeepsTheOppositeSideWhereItWas(angle: Double) {
    let shown = BoxOnScreen(centreX: 400, centreY: 300, width: 200, height: 100, angle: angle)
    let opposite: [BoxHandle: BoxHandle] = [
      .topLeft: .bottomRight, .top: .bottom, .topRight: .bottomLeft, .right: .left,
      .bottomRight: .topLeft, .bottom: .top, .bottomLeft: .topRight, .left: .right,
    ]
    let (dx, dy) = (37.0, -23.0)
    // The drag along the box's own axes, by dot products with its turned unit vectors.
    let r = angle * .pi / 180
    let alongWidth = dx * cos(r) + dy * sin(r)
    let alongHeight = dx * -sin(r) + dy * cos(r)
    for handle in BoxHandle.resizeHandles {
      let resized = BoxDrag.resized(shown, handle: handle, by: dx, dy, minimumSide: 24)
      let fixed = opposite[handle]!
      let before = shown.position(of: fixed)
      let after = resized.position(of: fixed)
      #expect(
        near(before.x, after.x) && near(before.y, after.y), "\(handle) at \(angle)°: the opposite side stays")
      let side = handle.side!
      #expect(near(resized.width, 200 + side.x * alongWidth), "\(handle) width")
      #expect(near(resized.height, 100 + side.y * alongHeight), "\(handle) height")
      #expect(resized.angle == angle)
    }
  }

  @Test(arguments: [0.0, 30.0, -100.0])
  func shiftOnACornerKeepsTheProportionsAndTheOppositeCorner(angle: Double) {
    let shown = BoxOnScreen(centreX: 400, centreY: 300, width: 200, height: 100, angle: angle)
    let r = angle * .pi / 180
    // A drag mostly along the box's width: 60 pixels out along it, 5 along its height.
    let (alongWidth, alongHeight) = (60.0, 5.0)
    let dx = alongWidth * cos(r) - alongHeight * sin(r)
    let dy = alongWidth * sin(r) + alongHeight * cos(r)
    let opposite: [BoxHandle: BoxHandle] = [
      .topLeft: .bottomRight, .topRight: .bottomLeft, .bottomRight: .topLeft, .bottomLeft: .topRight,
    ]
    for (handle, fixed) in opposite {
      let side = handle.side!
      let free = BoxDrag.resized(shown, handle: handle, by: dx, dy, minimumSide: 24)
      let kept = BoxDrag.resized(shown, handle: handle, by: dx, dy, minimumSide: 24, keepingRatio: true)
      // The larger of the two scales the pointer asks for, applied to both sides.
      let scale = max((200 + side.x * alongWidth) / 200, (100 + side.y * alongHeight) / 100)
      #expect(near(kept.width, 200 * scale, 1e-6) && near(kept.height, 100 * scale, 1e-6), "\(handle)")
      #expect(near(kept.width / kept.height, 2, 1e-9), "\(handle) at \(angle)°: still twice as wide as high")
      #expect(!near(free.width / free.height, 2, 1e-3), "without Shift the proportions change")
      let before = shown.position(of: fixed)
      let after = kept.position(of: fixed)
      #expect(
        near(before.x, after.x, 1e-6) && near(before.y, after.y, 1e-6), "\(handle): the opposite corner stays"
      )
    }
    // An edge changes one side only: Shift leaves it as it was.
    let edge = BoxDrag.resized(shown, handle: .right, by: dx, dy, minimumSide: 24, keepingRatio: true)
    #expect(edge == BoxDrag.resized(shown, handle: .right, by: dx, dy, minimumSide: 24))
    // Shrinking with Shift stops where the shorter side reaches the smallest side, proportions kept.
    let upright = BoxOnScreen(centreX: 400, centreY: 300, width: 200, height: 100, angle: 0)
    let small = BoxDrag.resized(
      upright, handle: .bottomRight, by: -190, -95, minimumSide: 24, keepingRatio: true)
    #expect(near(small.height, 24, 1e-6) && near(small.width, 48, 1e-6))
  }

  /// A corner drag keeps a sticker's proportions and frees a text box's; Shift turns both over.
  @Test func shiftFreesAStickersProportionsAndKeepsATextBoxs() {
    let frame = RelativeRect(x: 0.2, y: 0.3, width: 0.25, height: 0.2)
    let sticker = MemeLayer.sticker(StickerLayer(source: .emoji("😎"), frame: frame))
    let upright = MemeLayer.text(TextBox(text: "box", frame: frame))
    for (layer, keepsByDefault) in [(sticker, true), (upright, false)] {
      let corner = mapping.onScreen(layer).position(of: .bottomRight)
      let drag = BoxDrag(
        index: 0, box: layer, handle: .bottomRight, mapping: mapping, pressX: corner.x, pressY: corner.y)
      let start = mapping.onScreen(layer)
      for shift in [false, true] {
        // Much wider, a little taller: only a free resize follows the pointer on both axes.
        let shown = mapping.onScreen(
          drag.box(pointerAtX: corner.x + 120, y: corner.y + 10, keepingRatio: shift).box)
        let keptRatio = near(shown.width / shown.height, start.width / start.height, 1e-6)
        #expect(keptRatio == (keepsByDefault != shift), "\(layer.kind) with Shift \(shift): \(shown)")
        #expect(shown.width > start.width)
      }
    }
  }

  @Test func aBoxDraggedFarOffThePictureStopsWithItsCentreOnTheEdge() {
    let drag = BoxDrag(index: 0, box: .text(box), handle: .body, mapping: mapping, pressX: 100, pressY: 100)
    // Far past the bottom right corner: the centre stops on that corner, the size is unchanged.
    let far = drag.box(pointerAtX: 100 + 5000, y: 100 + 4000).box
    #expect(near(far.frame.x + far.frame.width / 2, 1) && near(far.frame.y + far.frame.height / 2, 1))
    #expect(far.frame.width == box.frame.width && far.frame.height == box.frame.height)
    // Still under the pointer's reach: a press at the corner of the picture finds its body.
    let corner = (
      x: mapping.pictureRect.x + mapping.pictureRect.width,
      y: mapping.pictureRect.y + mapping.pictureRect.height
    )
    #expect(mapping.onScreen(far).handle(atCanvasX: corner.x, y: corner.y, reach: 0) == .body)
    // Past the top left, likewise; a drag within the picture is not held back.
    let back = drag.box(pointerAtX: 100 - 5000, y: 100 - 4000).box
    #expect(near(back.frame.x + back.frame.width / 2, 0) && near(back.frame.y + back.frame.height / 2, 0))
    let inside = drag.box(pointerAtX: 100 + 80, y: 100 + 60).box
    #expect(
      near((inside.frame.x - box.frame.x) * 800, 80, 1e-6)
        && near((inside.frame.y - box.frame.y) * 600, 60, 1e-6))
  }

  @Test func resizingStopsAtTheSmallestSide() {
    let shown = BoxOnScreen(centreX: 400, centreY: 300, width: 200, height: 100, angle: 0)
    let resized = BoxDrag.resized(shown, handle: .right, by: -500, 0, minimumSide: 24)
    #expect(resized.width == 24 && resized.height == 100)
    #expect(near(resized.centreX - 12, 300), "the left side stays; the box does not turn inside out")
  }

  @Test func movingSnapsTheCentreOnlyWithinThreshold() {
    let centre = mapping.pictureCentre
    let shown = mapping.onScreen(box)
    let threshold = BoxDrag.centreSnap
    // Dragged to land threshold - 1 pixels right of the vertical centre line: snapped onto it.
    let drag = BoxDrag(index: 0, box: .text(box), handle: .body, mapping: mapping, pressX: 100, pressY: 100)
    let toLine = centre.x - shown.centreX
    let snapped = drag.box(pointerAtX: 100 + toLine + threshold - 1, y: 100)
    #expect(snapped.guides == [.verticalCentre])
    #expect(near(snapped.box.frame.x + snapped.box.frame.width / 2, 0.5))
    #expect(snapped.box.frame.width == box.frame.width && snapped.box.angle == box.angle)
    // Threshold + 1 pixels off: left where the pointer put it.
    let free = drag.box(pointerAtX: 100 + toLine + threshold + 1, y: 100)
    #expect(free.guides.isEmpty)
    #expect(near((free.box.frame.x + free.box.frame.width / 2 - 0.5) * 800, threshold + 1, 1e-6))
    // Both lines at once.
    let both = drag.box(pointerAtX: 100 + toLine + 2, y: 100 + centre.y - shown.centreY - 3)
    #expect(both.guides == [.verticalCentre, .horizontalCentre])
    #expect(near(both.box.frame.y + both.box.frame.height / 2, 0.5))
  }

  @Test func snappingIsMeasuredInScreenPixels() {
    // A box whose centre is 1 % of the picture's width off the vertical centre line: 8 pixels on a
    // picture shown 800 pixels wide (no snap), 2 pixels on one shown 200 wide (snap).
    let offCentre = TextBox(text: "", frame: RelativeRect(x: 0.31, y: 0.1, width: 0.4, height: 0.2))
    for (width, snaps) in [(800.0, false), (200.0, true)] {
      let mapping = BoxMapping(pictureRect: ImageRect(x: 0, y: 0, width: width, height: width))
      let drag = BoxDrag(
        index: 0, box: .text(offCentre), handle: .body, mapping: mapping, pressX: 5, pressY: 5)
      #expect(drag.box(pointerAtX: 5, y: 5).guides.contains(.verticalCentre) == snaps, "shown \(width) wide")
    }
  }

  @Test func rotatingFollowsThePointerAndSnapsToMultiplesOf45Degrees() {
    let shown = mapping.onScreen(box)
    let drag = BoxDrag(
      index: 0, box: .text(box), handle: .rotation, mapping: mapping, pressX: shown.position(of: .rotation).x,
      pressY: shown.position(of: .rotation).y)
    // The pointer put 150 pixels from the centre in the direction "up, turned by `degrees`".
    func pointer(at degrees: Double) -> (x: Double, y: Double) {
      turn(shown.centreX, shown.centreY - 150, by: degrees, about: shown.centreX, shown.centreY)
    }
    let threshold = BoxDrag.angleSnap
    let cases: [(pointer: Double, angle: Double, snapped: Bool)] = [
      (33, 33, false), (90 + threshold - 1, 90, true), (90 + threshold + 1, 90 + threshold + 1, false),
      (-2, 0, true), (-47, -45, true), (-39, -39, false), (133, 135, true), (178, 180, true),
      (-178, 180, true), (271, -90, true),
    ]
    for (degrees, angle, snapped) in cases {
      let point = pointer(at: degrees)
      let result = drag.box(pointerAtX: point.x, y: point.y)
      #expect(near(result.box.angle, angle, 1e-9), "pointer at \(degrees)°: \(result.box.angle)")
      #expect(result.guides.contains(.snappedAngle) == snapped, "pointer at \(degrees)°")
      #expect(result.box.frame == box.frame, "turning leaves the frame")
    }
  }
}
