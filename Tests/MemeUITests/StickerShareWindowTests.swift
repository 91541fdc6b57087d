// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
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
    let suggested = EditorHarness.save(editor, through: .saveAsSticker, to: output, keptIn: sink)
    #expect(suggested?.hasSuffix("-sticker.png") == true, "\(suggested ?? "")")
    let text = try Self.read("identify", ["-format", "%w %h %[channels]", output.path])
    let fields = text.split(separator: " ")
    #expect(fields.first == "512", "\(text)")
    #expect(fields.last?.hasPrefix("srgba") == true, "the band is transparent: \(text)")
    #expect(try Data(contentsOf: output).count <= StickerExport.stillByteLimit)
    let kept = try #require(sink.entries.first)
    #expect(kept.file.data == (try Data(contentsOf: output)))
  }

  /// An animated GIF makes a WebM: VP9 with its alpha, 512 px wide, read back by ffprobe.
  @Test func anAnimatedMemeSavesAWebMSticker() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(try AnimationSamples.write(AnimationSamples.movingSquare()), into: editor)
    EditorHarness.type(top: "moving", bottom: "sticker", into: editor)
    EditorHarness.settle(editor)
    let output = ScratchFolder.unique("animated-sticker").appendingPathExtension("webm")
    let suggested = EditorHarness.save(editor, through: .saveAsSticker, to: output, keptIn: sink)
    #expect(suggested?.hasSuffix("-sticker.webm") == true, "\(suggested ?? "")")
    let probe = try Self.read(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,width:stream_tags=alpha_mode",
        "-of", "csv=p=0", output.path,
      ])
    #expect(probe == "vp9,512,1", "\(probe)")
    #expect(try Data(contentsOf: output).count <= StickerExport.animationByteLimit)
  }

  /// Meme Detail makes the sticker again from the meme's picture and texts.
  @Test func detailSavesAStickerOfTheSentMeme() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
      let output = ScratchFolder.unique("detail-sticker").appendingPathExtension("png")
      var suggested: String?
      detail.filePicker = { request, completion in
        if case .saveMeme(let name) = request { suggested = name }
        completion(output)
      }
      SentMemesHarness.activate(ShareTarget.saveAsSticker.name, in: detail.window)
      #expect(MainContext.iterate { FileManager.default.fileExists(atPath: output.path) })
      #expect(suggested?.hasSuffix("-sticker.png") == true, "\(suggested ?? "")")
      let size = try Self.read("identify", ["-format", "%w %h", output.path]).split(separator: " ").compactMap
      {
        Int($0)
      }
      #expect(size.max() == 512, "\(size)")
    }
  }

  /// Runs `/usr/bin/<tool> arguments`; its standard output, trimmed.
  private static func read(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
