// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Save as Sticker… in a real editor window (the Share menu's items are checked with the others in
/// `ShareConfirmationTests`): `win.save-as-sticker` writes the sticker to the name chosen (read back by ImageMagick, not by MemeMe) and keeps the
/// meme in Sent Memes.
@MainActor @Suite(.serialized) struct StickerShareWindowTests {
  @Test func saveAsStickerWritesA512PixelStickerWithTransparentBands() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "sticker time", bottom: "", into: editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    let band = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "layout-band"))
    gtk_toggle_button_set_active(gtkkit_toggle_button(band), 1)
    EditorHarness.settle(editor)
    let output = ScratchFolder.unique("sticker").appendingPathExtension("png")
    var suggested: String?
    editor.filePicker = { request, completion in
      guard case .saveMeme(let name) = request else { return completion(nil) }
      suggested = name
      completion(output)
    }
    editor.actions.action(named: ShareTarget.saveAsSticker.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    #expect(suggested?.hasSuffix("-sticker.png") == true, "\(suggested ?? "")")
    let identify = Process()
    identify.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
    identify.arguments = ["-format", "%w %h %[channels]", output.path]
    let pipe = Pipe()
    identify.standardOutput = pipe
    try identify.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    identify.waitUntilExit()
    let fields = text.split(separator: " ")
    #expect(fields.first == "512", "\(text)")
    #expect(fields.last?.hasPrefix("srgba") == true, "the band is transparent: \(text)")
    #expect(try Data(contentsOf: output).count <= StickerExport.stillByteLimit)
    let kept = try #require(sink.entries.first)
    #expect(kept.file.data == (try Data(contentsOf: output)))
  }
}
