// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Hiding checks itself in the editor: a weak Blur that leaves 40-pixel letters half uncovered
/// warns "Still readable: make it stronger" in the warning strip and beside the Strength slider;
/// the default Pixelate over the whole line does not, and taking the area there takes the warning
/// away.
@MainActor @Suite(.serialized) struct HidingReadCheckWindowTests {
  /// The photo with the line of 40-pixel letters (see `HiddenAreaReadCheckTests`), as a file.
  static func pictureFile() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("hidden-read-picture.png")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    try ImageWriter.write(try HiddenAreaReadPicture.make(), to: url, as: .png)
    return url
  }

  /// Waits, in bounded main-context iterations, for the hidden areas' readings to end.
  static func waitForCheck(_ editor: EditorWindow) {
    #expect(
      MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
        !editor.hidingCheck.isChecking
      }, "the check ended")
    EditorHarness.settle(editor)
  }

  static func warns(_ editor: EditorWindow) -> Bool {
    editor.warningBar.revealer.revealsChild
      && editor.warningBar.label.text.contains(HidingReadCheck.message)
  }

  @Test func aWeakBlurOverFortyPixelLettersWarnsUntilTheAreaHidesThem() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.pictureFile(), into: editor))
    let document = editor.document
    let index = try #require(document.hiddenAreas.add(at: HiddenAreaReadPicture.lowerHalf))
    HiddenAreaHarness.activateLayerAction(HidingActions.methodName, editor, choosing: HidingMethod.blur.name)
    // Strength… as the menu opens it: the slider, moved to its weakest.
    let strength = editor.layerTools.strength
    if DisplayHarness.isWayland { gtk_popover_set_autohide(gtkkit_popover(strength.popover), 0) }
    HiddenAreaHarness.activateLayerAction(HidingActions.adjustStrengthName, editor)
    #expect(MainContext.iterate { strength.popover.isMapped }, "Strength… opened the slider")
    strength.scale.value = 1
    #expect(document.layers[index].hiddenArea?.strength == 1)
    Self.waitForCheck(editor)
    #expect(Self.warns(editor), "warning strip: \(editor.warningBar.label.text)")
    let note = strength.note
    #expect(note.widget.isVisible && note.text == "Still readable: make it stronger")
    Screenshot.save(editor.window, named: "hiding-still-readable")
    gtk_popover_popdown(gtkkit_popover(strength.popover))
    EditorHarness.settle(editor)

    // Over the whole line, Pixelate at its default strength: nothing reads, the warning goes.
    var area = try #require(document.layers[index].hiddenArea)
    area.frame = HiddenAreaReadPicture.wholeLine
    area.method = .pixelate
    area.strength = HiddenArea.defaultStrength
    document.updateLayer(at: index, to: .hidden(area))
    Self.waitForCheck(editor)
    #expect(!Self.warns(editor))
    #expect(!editor.warningBar.revealer.revealsChild)
  }

  @Test func theDefaultPixelateOverTheLettersDoesNotWarn() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.pictureFile(), into: editor))
    #expect(editor.document.hiddenAreas.add(at: HiddenAreaReadPicture.wholeLine) != nil)
    #expect(editor.document.layers.first?.hiddenArea?.method == .pixelate)
    Self.waitForCheck(editor)
    #expect(!Self.warns(editor))
    #expect(!editor.layerTools.strength.note.widget.isVisible)
  }
}
