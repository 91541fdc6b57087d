// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Crop mode in the editor window: dragging, presets, Done and Enter, Cancel and Escape, undo, and
/// the crop surviving Sent Memes.
@Suite(.serialized) struct CropTests {
  private func activate(_ action: EditorAction, in editor: EditorWindow) {
    editor.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  /// Crop mode's actions are in its own `crop.` group.
  private func activate(_ action: CropAction, in editor: EditorWindow) {
    editor.cropMode.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  private func isVisible(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_visible(widget) != 0
  }

  /// A drag on the crop layer from a point of the picture (fractions of its on-screen rectangle).
  private func drag(in editor: EditorWindow, from fx: Double, _ fy: Double, by dx: Double, _ dy: Double) {
    let rect = editor.canvas.pictureRect
    editor.cropMode.overlay.beginDrag(atX: rect.x + rect.width * fx, y: rect.y + rect.height * fy)
    editor.cropMode.overlay.updateDrag(dx: dx / 2, dy: dy / 2)
    editor.cropMode.overlay.updateDrag(dx: dx, dy: dy)
  }

  /// Crop mode's actions are a `crop.` group of its own on the editor window, not the window's:
  /// Ctrl+Shift+X, the picture's Crop… item and the crop bar's buttons find them there by name, as
  /// GTK resolves an accelerator or a button's action from the widget.
  @Test func cropModesActionsAreAGroupOfTheirOwn() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    let application = EditorHarness.application.application
    #expect(application.accelerators(for: "crop.begin") == ["<Shift><Control>x"])
    #expect(editor.actions.action(named: "crop") == nil && editor.actions.action(named: "crop-apply") == nil)
    #expect(gtk_widget_activate_action_variant(editor.window, "crop.begin", nil) != 0)
    EditorHarness.settle(editor)
    #expect(editor.cropMode.isOn)
    #expect(editor.cropMode.actions.action(named: CropAction.begin.name)?.isEnabled == false)
    let done = try #require(editor.cropMode.bar.doneButton)
    #expect(done.actionName == "crop.apply")
    // A button's activation clicks it after its pressed look has shown a moment.
    #expect(gtk_widget_activate(done) != 0)
    #expect(MainContext.iterate { !editor.cropMode.isOn })
    #expect(editor.cropMode.actions.action(named: CropAction.apply.name)?.isEnabled == false)
  }

  @Test(arguments: [(960, 720), (420, 760)])
  func draggingACornerAndDoneCropsTheSourceAndUndoRestoresIt(width: Int32, height: Int32) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: width, height: height)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    EditorHarness.type(top: "Only the sun", bottom: "nothing else", into: editor)
    activate(CropAction.begin, in: editor)
    #expect(editor.cropMode.selection != nil)
    #expect(isVisible(editor.cropMode.overlay.widget) && isVisible(editor.cropMode.bar.widget))
    #expect(!isVisible(editor.canvas.fields.topEntry.widget), "the caption fields step aside while cropping")
    #expect(
      editor.cropMode.selection?.rect == ImageRect(x: 0, y: 0, width: 1200, height: 800),
      "the crop starts as the whole")
    #expect(editor.cropMode.actions.action(named: CropAction.begin.name)?.isEnabled == false)

    // The top-left corner dragged a quarter of the picture right and down.
    let rect = editor.canvas.pictureRect
    let corner = editor.cropMode.overlay.handle(atX: rect.x + 3, y: rect.y + 3)
    #expect(corner == .topLeft && CropOverlay.cursorName(for: corner) == "nwse-resize")
    #expect(
      editor.cropMode.overlay.handle(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == .move)
    drag(in: editor, from: 0, 0, by: rect.width / 4, rect.height / 4)
    let selected = try #require(editor.cropMode.selection?.rect)
    #expect(abs(selected.x - 300) < 3 && abs(selected.y - 200) < 3)
    #expect(abs(selected.maxX - 1200) < 0.5 && abs(selected.maxY - 800) < 0.5, "the opposite corner stays")
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-crop-\(width)x\(height)")

    activate(CropAction.apply, in: editor)
    #expect(editor.cropMode.selection == nil && !isVisible(editor.cropMode.overlay.widget))
    let crop = try #require(editor.document.transform.crop)
    #expect(abs(crop.x - 300) <= 3 && abs(crop.y - 200) <= 3)
    #expect(crop.x + crop.width == 1200 && crop.y + crop.height == 800)
    #expect(editor.canvas.layout?.imageWidth == crop.width, "captions lay out on the crop")
    #expect(isVisible(editor.canvas.fields.topEntry.widget))
    Screenshot.save(editor.window, named: "editor-cropped-\(width)x\(height)")

    activate(.undo, in: editor)
    #expect(editor.document.transform.crop == nil)
    #expect(editor.canvas.layout?.imageWidth == 1200)
    activate(.redo, in: editor)
    #expect(editor.document.transform.crop == crop)
    // Reopening crop mode shows the crop where it was, still adjustable.
    activate(CropAction.begin, in: editor)
    let again = try #require(editor.cropMode.selection?.rect)
    #expect(abs(again.x - Double(crop.x)) < 0.5 && abs(again.width - Double(crop.width)) < 0.5)
    #expect(editor.cropMode.handleKey(UInt32(GDK_KEY_Escape)))
    #expect(
      editor.cropMode.selection == nil && editor.document.transform.crop == crop, "Escape leaves it as it was"
    )
  }

  /// The names of the canvas's children, bottom to top.
  private func layerNames(of editor: EditorWindow) -> [String] {
    var names: [String] = []
    var child = gtk_widget_get_first_child(editor.canvas.widget)
    while let current = child {
      names.append(String(cString: gtk_widget_get_name(current)))
      child = gtk_widget_get_next_sibling(current)
    }
    return names
  }

  @Test func cropToolsAreBuiltWhenCropModeFirstOpens() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    activate(.addText, in: editor)
    let box = try #require(editor.canvas.fields.boxEntries.first?.widget)
    // Not built at launch, nor by a key outside crop mode (Enter and Escape pass on).
    #expect(editor.cropMode.tools == nil)
    for name in ["crop-overlay", "crop-bar", "crop-done-button"] {
      #expect(WidgetTree.descendant(of: editor.window, named: name) == nil, "\(name)")
    }
    #expect(
      !editor.cropMode.handleKey(UInt32(GDK_KEY_Escape)) && !editor.cropMode.handleKey(UInt32(GDK_KEY_Return))
    )
    #expect(editor.cropMode.tools == nil)

    activate(CropAction.begin, in: editor)
    let tools = try #require(editor.cropMode.tools)
    #expect(isVisible(tools.overlay.widget) && isVisible(tools.bar.widget))
    #expect(editor.cropMode.selection?.aspect == .free)
    // The layer where a canvas built with it had it: above the zoom indicator and the box's angle,
    // under the box's field.
    let names = layerNames(of: editor)
    let zoom = try #require(names.firstIndex(of: "zoom-indicator"))
    let angle = try #require(names.firstIndex(of: "angle-badge"))
    let overlay = try #require(names.firstIndex(of: "crop-overlay"))
    let field = try #require(names.firstIndex(of: String(cString: gtk_widget_get_name(box))))
    #expect(angle == zoom + 1 && overlay == angle + 1 && field == overlay + 1, "\(names)")
    // The bar below the picture, in the bottom bar's place: nothing of it lies over the picture.
    #expect(!names.contains("crop-bar"))
    #expect(!isVisible(editor.bottomBar.widget), "the bottom bar makes way")
    let canvasBounds = try #require(WidgetTree.bounds(of: editor.canvas.widget, in: editor.window))
    let barBounds = try #require(WidgetTree.bounds(of: tools.bar.widget, in: editor.window))
    #expect(
      barBounds.y >= canvasBounds.y + canvasBounds.height - 0.5,
      "bar \(barBounds) under canvas \(canvasBounds)")

    // Its first showing works: a preset shapes the crop, Done applies it through its action.
    gtk_toggle_button_set_active(gtkkit_toggle_button(try #require(tools.bar.presetButton(.square))), 1)
    EditorHarness.settle(editor)
    let square = try #require(editor.cropMode.selection?.rect)
    #expect(abs(square.width - square.height) < 0.5 && square.height == 800, "\(square)")
    let done = try #require(WidgetTree.descendant(of: tools.bar.widget, named: "crop-done-button"))
    #expect(gtk_widget_activate(done) != 0)
    // A keyboard-activated button shows itself pressed for a moment, then clicks.
    #expect(MainContext.iterate { editor.cropMode.selection == nil }, "Done leaves crop mode")
    EditorHarness.settle(editor)
    #expect(
      editor.cropMode.selection == nil && !isVisible(tools.overlay.widget) && !isVisible(tools.bar.widget))
    let crop = try #require(editor.document.transform.crop)
    #expect(crop.width == 800 && crop.height == 800)

    // Built once: the next crop mode shows the same layer and bar.
    activate(CropAction.begin, in: editor)
    #expect(editor.cropMode.tools?.bar === tools.bar && editor.cropMode.tools?.overlay === tools.overlay)
    #expect(editor.cropMode.handleKey(UInt32(GDK_KEY_Escape)), "Escape leaves crop mode")
    #expect(editor.cropMode.selection == nil && editor.document.transform.crop == crop)
  }

  @Test func presetsGiveTheirShapesAndEnterAppliesThem() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    activate(CropAction.begin, in: editor)
    let expected: [(CropAspect, Double)] = [
      (.square, 1), (.portrait, 0.8), (.widescreen, 16.0 / 9.0), (.tall, 9.0 / 16.0), (.original, 1.5),
    ]
    for (aspect, ratio) in expected {
      let button = try #require(editor.cropMode.bar.presetButton(aspect))
      gtk_toggle_button_set_active(gtkkit_toggle_button(button), 1)
      EditorHarness.settle(editor)
      let rect = try #require(editor.cropMode.selection?.rect)
      #expect(abs(rect.width / rect.height - ratio) < 0.01, "\(aspect.rawValue): \(rect)")
      #expect(rect.x >= 0 && rect.y >= 0 && rect.maxX <= 1200.5 && rect.maxY <= 800.5)
      #expect(
        max(abs(rect.width - 1200), abs(rect.height - 800)) < 0.5 || rect.width == 1200 || rect.height == 800,
        "the largest of its shape")
    }
    // Dragging an edge keeps the shape.
    gtk_toggle_button_set_active(
      gtkkit_toggle_button(try #require(editor.cropMode.bar.presetButton(.square))), 1)
    drag(in: editor, from: 0.5, 1, by: 0, -100)
    let square = try #require(editor.cropMode.selection?.rect)
    #expect(abs(square.width - square.height) < 0.5 && square.height < 800)
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-crop-square-960x720")
    #expect(editor.cropMode.handleKey(UInt32(GDK_KEY_Return)), "Enter applies")
    let crop = try #require(editor.document.transform.crop)
    #expect(crop.width == crop.height || abs(crop.width - crop.height) <= 1)
    // Free lets the shape go: the Free button is what crop mode starts with.
    activate(CropAction.begin, in: editor)
    #expect(editor.cropMode.selection?.aspect == .free)
    let reopened = try #require(editor.cropMode.selection?.rect)
    drag(in: editor, from: reopened.maxX / 1200, 0.5, by: -50, 0)
    #expect(
      abs((editor.cropMode.selection?.rect.width ?? 0) - (editor.cropMode.selection?.rect.height ?? 0)) > 20)
    activate(CropAction.cancel, in: editor)
    #expect(editor.document.transform.crop == crop)
  }

  @Test func aCropOfATurnedPictureExportsThatRegionAtFullResolution() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    activate(.rotateRight, in: editor)
    activate(CropAction.begin, in: editor)
    // Seen 800×1200: keep its upper half.
    let rect = editor.canvas.pictureRect
    drag(in: editor, from: 0.5, 1, by: 0, -rect.height / 2)
    activate(CropAction.apply, in: editor)
    let transform = editor.document.transform
    // The upper half of the turned picture is the left half of the source.
    let crop = try #require(transform.crop)
    #expect(crop.x == 0 && crop.y == 0 && crop.height == 800 && abs(crop.width - 600) <= 3)

    let output = Fixtures.folder.appendingPathComponent("cropped-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let saved = try ImageLoader().load(contentsOf: output)
    #expect(saved.width == 800 && saved.height == crop.width)
    let expected = try #require(
      MemeRenderer.rendered(
        editor.document.captions, image: try ImageLoader().load(contentsOf: picture), transform: transform))
    var differing = 0
    for y in stride(from: 0, to: saved.height, by: 3) {
      for x in stride(from: 0, to: saved.width, by: 3)
      where saved.color(atX: x, y: y) != expected.color(atX: x, y: y) {
        differing += 1
      }
    }
    #expect(differing == 0)
    #expect(sink.entries.first?.transform == transform)
  }

  @Test func theCropSurvivesARoundTripThroughSentMemes() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    EditorHarness.load(Fixtures.picture(width: 900, height: 600, name: "to-crop.png"), into: editor)
    activate(CropAction.begin, in: editor)
    drag(
      in: editor, from: 1, 1, by: -editor.canvas.pictureRect.width / 3, -editor.canvas.pictureRect.height / 3)
    activate(CropAction.apply, in: editor)
    let sent = editor.document.transform
    #expect(sent.crop != nil)
    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 1))
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.transform == sent)
    #expect(try ImageLoader().pixelSize(ofImageAt: stored.originalImageURL) == (900, 600) as (Int, Int))

    let reopened = try #require(SentMemesHarness.editSelectedMeme(in: app))
    #expect(reopened.document.transform == sent)
    activate(CropAction.begin, in: reopened)
    let shown = try #require(reopened.cropMode.selection?.rect)
    #expect(abs(shown.width - Double(sent.crop?.width ?? 0)) < 0.5, "the crop is adjustable where it was")
    activate(CropAction.cancel, in: reopened)
  }
}
