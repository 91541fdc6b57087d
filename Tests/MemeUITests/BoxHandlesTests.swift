import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@testable import MemeUI

/// Text boxes under a real pointer (XTest through the X server): a click selects, a click elsewhere
/// lets go, drags move, resize and turn with snapping, one drag is one undo step, a caption field
/// lying over a box still gets its clicks, and the export shows the moved box as the renderer draws it.
@Suite(.serialized) struct BoxHandlesTests {
  static let box = TextBoxEditorHarness.box

  private func makeEditor(boxes: [TextBox] = [box]) -> EditorWindow {
    TextBoxEditorHarness.makeEditor(boxes: boxes)
  }

  private func shown(_ index: Int, in editor: EditorWindow) throws -> BoxOnScreen {
    try TextBoxEditorHarness.shown(index, in: editor)
  }

  private func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

  @Test func aClickSelectsABoxAndAClickElsewhereLetsGo() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    let canvas = editor.canvas.widget
    let box = try shown(0, in: editor)
    try RealPointer.click(atX: box.centreX, y: box.centreY, of: canvas, in: editor.window)
    #expect(editor.document.selectedLayerIndex == 0)
    #expect(editor.document.textBoxes == [Self.box], "a click moves nothing")
    // On the empty picture: nothing selected.
    let picture = editor.canvas.pictureRect
    try RealPointer.click(
      atX: picture.x + picture.width * 0.8, y: picture.y + picture.height * 0.5, of: canvas, in: editor.window
    )
    #expect(editor.document.selectedLayerIndex == nil)
    // The clicks made no undo step: one undo takes the box away again.
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes.isEmpty)
    editor.actions.action(named: EditorAction.redo.name)?.activate()
    EditorHarness.settle(editor)
    // The classic top caption is no box: its field takes the click as before, and no box is selected.
    try RealPointer.click(atX: box.centreX, y: box.centreY, of: canvas, in: editor.window)
    #expect(editor.document.selectedLayerIndex == 0)
    let top = try #require(WidgetTree.bounds(of: editor.canvas.fields.topEntry.widget, in: canvas))
    try RealPointer.click(
      atX: top.x + top.width / 2, y: top.y + top.height / 2, of: canvas, in: editor.window)
    #expect(editor.document.selectedLayerIndex == nil)
    #expect(editor.canvas.fields.focusedEntry === editor.canvas.fields.topEntry)
    // Crop mode shows no boxes and takes no presses for them.
    editor.cropMode.actions.action(named: CropAction.begin.name)?.activate()
    #expect(editor.boxHandles.mapping == nil)
    #expect(editor.boxHandles.target(atX: box.centreX, y: box.centreY) == nil)
  }

  @Test func draggingABoxMovesItAndOneUndoPutsItBack() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    let start = try shown(0, in: editor)
    let picture = editor.canvas.pictureRect
    try RealPointer.drag(
      fromX: start.centreX, y: start.centreY, by: 80, -50, of: editor.canvas.widget, in: editor.window
    ) {
      let cursor = gtk_widget_get_cursor(editor.canvas.widget).map {
        String(cString: gdk_cursor_get_name($0))
      }
      #expect(cursor == "move")
    }
    let moved = try #require(editor.document.textBoxes.first)
    // Where the pointer put it, to the pixel; its size and turn as they were.
    #expect(near((moved.frame.x - Self.box.frame.x) * picture.width, 80, 1.5))
    #expect(near((moved.frame.y - Self.box.frame.y) * picture.height, -50, 1.5))
    #expect(moved.frame.width == Self.box.frame.width && moved.frame.height == Self.box.frame.height)
    #expect(moved.angle == Self.box.angle && editor.document.selectedLayerIndex == 0)
    EditorHarness.settle(editor)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes == [Self.box], "one undo restores the box exactly")
    editor.actions.action(named: EditorAction.redo.name)?.activate()
    #expect(editor.document.textBoxes == [moved])
  }

  @Test func aCaptionFieldOverTheBoxGetsClicksButNotDrags() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    // A transparent field over the box, as the canvas lays one over each box for typing in place.
    let start = try shown(0, in: editor)
    let field = gtk_entry_new()!
    gtk_editable_set_text(gtkkit_editable(field), "a box to move")
    field.horizontalAlignment = GTK_ALIGN_START
    field.verticalAlignment = GTK_ALIGN_START
    gtk_widget_set_margin_start(field, Int32(start.centreX - start.width / 2))
    gtk_widget_set_margin_top(field, Int32(start.centreY - start.height / 2))
    gtk_widget_set_size_request(field, Int32(start.width), Int32(start.height))
    editor.canvas.addOverlay(field)
    EditorHarness.settle(editor)
    let bounds = try #require(WidgetTree.bounds(of: field, in: editor.canvas.widget))
    #expect(
      near(bounds.x + bounds.width / 2, start.centreX, 2)
        && near(bounds.y + bounds.height / 2, start.centreY, 2))

    // A click: the field has the focus (the caret goes where clicked), the box is selected, unmoved.
    try RealPointer.click(atX: start.centreX, y: start.centreY, of: editor.canvas.widget, in: editor.window)
    let focus = try #require(gtk_root_get_focus(OpaquePointer(editor.window)))
    #expect(gtk_widget_is_ancestor(focus, field) != 0, "the field under the box took the click")
    #expect(editor.document.selectedLayerIndex == 0 && editor.document.textBoxes == [Self.box])

    // A drag from inside the field moves the box and selects no text.
    try RealPointer.drag(
      fromX: start.centreX, y: start.centreY, by: 60, 40, of: editor.canvas.widget, in: editor.window)
    let moved = try #require(editor.document.textBoxes.first)
    #expect(near((moved.frame.x - Self.box.frame.x) * editor.canvas.pictureRect.width, 60, 1.5))
    var selectionStart: Int32 = 0
    var selectionEnd: Int32 = 0
    #expect(gtk_editable_get_selection_bounds(gtkkit_editable(field), &selectionStart, &selectionEnd) == 0)
    #expect(String(cString: gtk_editable_get_text(gtkkit_editable(field))) == "a box to move")

    // With all of the field's text selected (a new box's placeholder waiting to be typed over), a
    // drag moves the box and leaves that selection as it was.
    gtk_editable_select_region(gtkkit_editable(field), 0, -1)
    let here = try shown(0, in: editor)
    try RealPointer.drag(
      fromX: here.centreX, y: here.centreY, by: -30, 25, of: editor.canvas.widget, in: editor.window)
    #expect(
      near((editor.document.textBoxes[0].frame.x - moved.frame.x) * editor.canvas.pictureRect.width, -30, 1.5)
    )
    #expect(gtk_editable_get_selection_bounds(gtkkit_editable(field), &selectionStart, &selectionEnd) != 0)
    #expect(selectionStart == 0 && selectionEnd == Int32("a box to move".count), "the selection stays")
    let beforeResize = try #require(editor.document.textBoxes.first)

    // A press on a corner handle (inside the field's edge) resizes at once.
    let corner = try shown(0, in: editor).position(of: .bottomRight)
    try RealPointer.drag(
      fromX: corner.x - 2, y: corner.y - 2, by: 30, 20, of: editor.canvas.widget, in: editor.window)
    let resized = try #require(editor.document.textBoxes.first)
    #expect(
      resized.frame.width > beforeResize.frame.width && resized.frame.height > beforeResize.frame.height)
    #expect(
      near(resized.frame.x, beforeResize.frame.x, 1e-9) && near(resized.frame.y, beforeResize.frame.y, 1e-9))
  }

  @Test func thePointerShowsWhatAPressWouldTakeHoldOf() throws {
    try DisplayHarness.requireDisplay()
    var turned = Self.box
    turned.angle = 90
    let editor = makeEditor(boxes: [turned, Self.second])
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let canvas = editor.canvas.widget
    func cursor() -> String? {
      gtk_widget_get_cursor(canvas).map { String(cString: gdk_cursor_get_name($0)) }
    }
    // The selected box, on its side: its right edge faces down, its top left corner the top right.
    let selected = try shown(0, in: editor)
    let cases: [(BoxHandle, String)] = [
      (.body, "move"), (.right, "ns-resize"), (.top, "ew-resize"), (.topLeft, "nesw-resize"),
      (.topRight, "nwse-resize"), (.rotation, "grab"),
    ]
    for (handle, name) in cases {
      let place =
        handle == .body ? (selected.centreX + 5, selected.centreY + 5) : selected.position(of: handle)
      try RealPointer.hover(atX: place.0, y: place.1, of: canvas, in: editor.window)
      #expect(cursor() == name, "\(handle)")
      #expect(editor.boxHandles.hoveredIndex == nil, "the selected box has its frame, no hover outline")
    }
    // Another box: outlined while the pointer is over it, and no more once it leaves.
    let other = try shown(1, in: editor)
    try RealPointer.hover(atX: other.centreX, y: other.centreY, of: canvas, in: editor.window)
    #expect(editor.boxHandles.hoveredIndex == 1 && cursor() == "move")
    let picture = editor.canvas.pictureRect
    try RealPointer.hover(atX: picture.x + 10, y: picture.maxY - 10, of: canvas, in: editor.window)
    #expect(editor.boxHandles.hoveredIndex == nil && cursor() == nil)
  }

  @Test func resizingATurnedBoxKeepsTheOppositeCorner() throws {
    try DisplayHarness.requireDisplay()
    var turned = Self.box
    turned.angle = 20
    let editor = makeEditor(boxes: [turned])
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let start = try shown(0, in: editor)
    let handle = start.position(of: .topLeft)
    let fixed = start.position(of: .bottomRight)
    #expect(editor.boxHandles.target(atX: handle.x, y: handle.y)?.handle == .topLeft)
    try RealPointer.drag(
      fromX: handle.x, y: handle.y, by: -40, -30, of: editor.canvas.widget, in: editor.window
    ) {
      let cursor = gtk_widget_get_cursor(editor.canvas.widget).map {
        String(cString: gdk_cursor_get_name($0))
      }
      #expect(cursor == "nwse-resize", "the top left handle of a box turned 20°")
    }
    let after = try shown(0, in: editor)
    let stayed = after.position(of: .bottomRight)
    #expect(near(stayed.x, fixed.x, 1e-6) && near(stayed.y, fixed.y, 1e-6), "the opposite corner stays")
    // Larger by the drag measured along the box's own axes (within the pointer's whole pixels).
    let r = 20 * Double.pi / 180
    #expect(near(after.width - start.width, 40 * cos(r) + 30 * sin(r), 2))
    #expect(near(after.height - start.height, -40 * sin(r) + 30 * cos(r), 2))
    #expect(after.angle == 20)
  }

  @Test func rotatingSnapsToRightAnglesWhileTheGuideShows() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor(boxes: [Self.box, Self.second, Self.turned])
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-three-boxes-selected")
    let start = try shown(0, in: editor)
    let knob = start.position(of: .rotation)
    // To a point 2° short of a quarter turn, seen from the centre: the box snaps upright on its side.
    let radius = hypot(knob.x - start.centreX, knob.y - start.centreY)
    let r = 88 * Double.pi / 180
    let target = (x: start.centreX + radius * sin(r), y: start.centreY - radius * cos(r))
    try RealPointer.drag(
      fromX: knob.x, y: knob.y, by: target.x - knob.x, target.y - knob.y, of: editor.canvas.widget,
      in: editor.window
    ) {
      #expect(editor.boxHandles.guides == [.snappedAngle])
      EditorHarness.settle(editor)
      Screenshot.save(editor.window, named: "editor-box-rotate-snapping")
    }
    #expect(editor.document.textBoxes[0].angle == 90)
    #expect(editor.document.textBoxes[0].frame == Self.box.frame, "turning leaves the frame")
    #expect(editor.boxHandles.guides.isEmpty, "the guide goes with the drag")
    // Farther than the snap: the angle the pointer gives.
    let again = try shown(0, in: editor).position(of: .rotation)
    let far = 90 + BoxDrag.angleSnap + 6
    let point = (
      x: start.centreX + radius * sin(far * .pi / 180), y: start.centreY - radius * cos(far * .pi / 180)
    )
    try RealPointer.drag(
      fromX: again.x, y: again.y, by: point.x - again.x, point.y - again.y, of: editor.canvas.widget,
      in: editor.window)
    #expect(near(editor.document.textBoxes[0].angle, far, 1))
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes[0].angle == 90)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.textBoxes[0] == Self.box)
  }

  @Test func movingSnapsToThePicturesCentreLines() throws {
    try DisplayHarness.requireDisplay()
    let editor = makeEditor()
    defer { EditorHarness.close(editor) }
    let start = try shown(0, in: editor)
    let picture = editor.canvas.pictureRect
    // To 3 pixels right of and 2 below the picture's centre: both lines snap.
    let dx = picture.x + picture.width / 2 + 3 - start.centreX
    let dy = picture.y + picture.height / 2 + 2 - start.centreY
    try RealPointer.drag(
      fromX: start.centreX, y: start.centreY, by: dx, dy, of: editor.canvas.widget, in: editor.window
    ) {
      #expect(editor.boxHandles.guides == [.verticalCentre, .horizontalCentre])
      EditorHarness.settle(editor)
      Screenshot.save(editor.window, named: "editor-box-move-snapping")
    }
    let moved = try #require(editor.document.textBoxes.first)
    #expect(near(moved.frame.x + moved.frame.width / 2, 0.5, 1e-9))
    #expect(near(moved.frame.y + moved.frame.height / 2, 0.5, 1e-9))
    // Well past the snap distance: where the pointer puts it.
    let off = BoxDrag.centreSnap + 10
    let now = try shown(0, in: editor)
    try RealPointer.drag(
      fromX: now.centreX, y: now.centreY, by: off, 0, of: editor.canvas.widget, in: editor.window)
    let free = try #require(editor.document.textBoxes.first)
    #expect(near((free.frame.x + free.frame.width / 2 - 0.5) * picture.width, off, 1.5))
  }

  @Test func theExportAfterAMoveIsTheRendererOnTheMovedBox() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    editor.document.addBox(Self.box)
    EditorHarness.settle(editor)
    let start = try shown(0, in: editor)
    let rect = editor.canvas.pictureRect
    // Dragged with the controller's own calls, by a known distance that stays clear of the snaps.
    let (dx, dy) = (120.0, 45.0)
    editor.boxHandles.press(atX: start.centreX, y: start.centreY)
    editor.boxHandles.pointerMoved(by: dx / 2, dy / 2)
    editor.boxHandles.pointerMoved(by: dx, dy)
    editor.boxHandles.release()
    var expected = Self.box
    expected.frame.x += dx / rect.width
    expected.frame.y += dy / rect.height
    #expect(near(editor.document.textBoxes[0].frame.x, expected.frame.x, 1e-12))

    let output = Fixtures.folder.appendingPathComponent("moved-box-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let saved = try ImageLoader().load(contentsOf: output)
    let source = try ImageLoader().load(contentsOf: picture)
    var captions = editor.document.captions
    captions.layers = [expected].map(MemeLayer.text)
    let reference = try #require(MemeRenderer.rendered(captions, image: source))
    #expect(differingPixels(saved, reference) == 0, "the export is the moved box")
    captions.layers = [Self.box].map(MemeLayer.text)
    let unmoved = try #require(MemeRenderer.rendered(captions, image: source))
    #expect(differingPixels(saved, unmoved) > 1000, "and not the box where it was")
  }

  static let second = TextBox(
    text: "second", frame: RelativeRect(x: 0.6, y: 0.25, width: 0.3, height: 0.15),
    style: CaptionStyle.classic)
  static let turned = TextBox(
    text: "turned one", frame: RelativeRect(x: 0.55, y: 0.55, width: 0.35, height: 0.18), angle: -25)
}
