// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import PictureChecks
import Testing

@testable import MemeCore
@testable import MemeUI

/// A 108 MP photo (over the 100 MP limit) opens in the editor, smaller, within the limit, and the
/// warning strip says at what size while it is shown, as it says a picture is damaged.
@Suite(.serialized) struct BigPhotoWindowTests {
  @Test(arguments: ["jpg", "png"])
  func aPhotoOverTheLimitOpensSmallerAndSaysSo(kind: String) throws {
    try DisplayHarness.requireDisplay()
    let photo = try BigPhotos.photo(kind)
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    // Decoding 108 MP takes seconds on a busy machine: more main-loop turns than the harness waits.
    if !EditorHarness.load(photo, into: editor) {
      #expect(MainContext.iterate(maxIterations: 1_000_000) { !editor.isLoading })
      EditorHarness.settle(editor)
    }
    #expect(editor.lastError == nil, "not refused")
    let image = try #require(editor.document.image?.full)
    #expect(image.width * image.height <= ImageLoader.defaultMaxPixels)
    #expect(image.sizeInFile?.width == BigPhotos.width && image.sizeInFile?.height == BigPhotos.height)
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(editor.warningBar.revealer.widget)) != 0)
    let text = String(cString: gtk_label_get_text(gtkkit_label(editor.warningBar.label.widget)))
    let megapixels = Int((Double(image.width * image.height) / 1e6).rounded())
    #expect(text == "Opened at \(megapixels) MP", "\(text)")
    #expect(editor.canvas.fields.topEntry.widget.isVisible)
    Screenshot.save(editor.window, named: "editor-opened-smaller-\(kind)")

    #expect(
      EditorHarness.load(Fixtures.picture(width: 800, height: 600, name: "small-after-big.png"), into: editor)
    )
    #expect(
      gtk_revealer_get_reveal_child(OpaquePointer(editor.warningBar.revealer.widget)) == 0,
      "gone with the picture")
  }
}
