// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import PictureChecks
import Testing

@testable import MemeUI

/// Issue 48's hostile animations in the app: opened in the editor, pasted, and as Sent Memes'
/// thumbnails, each is refused with the animation reader's reason (the picture and captions shown
/// before kept) or gives its first frame, through the same bounded reader as the command line.
@Suite(.serialized) struct AnimationBombWindowTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bombs-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// The refused ones, with the start of the reason the editor shows.
  nonisolated static let refused: [(name: String, bytes: [UInt8], reason: String)] = [
    (
      "ten-thousand.webp", WebPBuilder.animation(width: 999, height: 999, frames: 10_000),
      "The animation has more than 6,000 frames"
    ),
    (
      "gigapixel.webp", WebPBuilder.animation(width: 10_000, height: 10_000, frames: 21),
      "The animation's 10,000 × 10,000 canvas needs 2.0 GB of memory"
    ),
    (
      "tall.webp", WebPBuilder.animation(width: 16, height: 16_777_215, frames: 2), "Image is 16 × 16,777,215"
    ),
  ]

  func write(_ bytes: [UInt8], _ name: String) throws -> URL {
    let file = folder.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file
  }

  @Test(arguments: 0..<refused.count)
  func aRefusedAnimationOpensWithItsReason(index: Int) throws {
    try DisplayHarness.requireDisplay()
    let bomb = Self.refused[index]
    let (editor, picture) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    let file = try write(bomb.bytes, bomb.name)
    #expect(EditorHarness.load(file, into: editor))
    let error = try #require(editor.lastError, "the refusal is shown")
    #expect(error.title == "Could not open “\(bomb.name)”")
    #expect(error.detail.hasPrefix(bomb.reason), "\(error.detail)")
    #expect(!error.detail.contains("\n"))
    EditorHarness.expectMemeKept(in: editor, showing: picture)
    #expect(ThumbnailLoader.thumbnail(at: file, pixelWidth: 200) == nil)
  }

  @Test func aPastedAnimationIsReadByTheSameReader() throws {
    try DisplayHarness.requireDisplay()
    let (editor, picture) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    let bomb = Self.refused[0]
    let bytes = bomb.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let provider = gdk_content_provider_new_for_bytes("image/webp", bytes)
    g_bytes_unref(bytes)
    gdk_clipboard_set_content(gtk_widget_get_clipboard(gtkkit_widget(editor.window)), provider)
    g_object_unref(provider)
    editor.actions.action(named: "paste")?.activate()
    #expect(EditorHarness.answerStickerOrPicture(.replace))
    #expect(MainContext.iterate(maxIterations: 100_000) { editor.lastError != nil })
    #expect(
      editor.lastError?.detail.hasPrefix(bomb.reason) == true, "\(String(describing: editor.lastError))")
    EditorHarness.expectMemeKept(in: editor, showing: picture)
  }

  /// Within the limits: 2,000 frames on a 999 × 999 canvas open as an animation whose first frame is
  /// the red square on a transparent canvas, and a GIF whose frame follows two million empty blocks
  /// opens as its picture; both make thumbnails.
  @Test func animationsWithinTheLimitsOpenWithTheirFirstFrame() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    let frames = try write(WebPBuilder.animation(width: 999, height: 999, frames: 2_000), "two-thousand.webp")
    #expect(EditorHarness.load(frames, into: editor))
    #expect(editor.lastError == nil, "\(String(describing: editor.lastError))")
    let image = try #require(editor.document.image)
    #expect(image.url == frames)
    #expect(image.animation?.frameCount == 2_000)
    #expect(image.full.color(atX: 8, y: 8) == RGBAColor(red: 1, green: 0, blue: 0))
    #expect(image.full.color(atX: 500, y: 500).alpha == 0)
    #expect(ThumbnailLoader.thumbnail(at: frames, pixelWidth: 200) != nil)

    let flood = try write(try GIFBuilder.extensionFlood(blocks: 2_000_000, side: 100), "flood.gif")
    #expect(EditorHarness.load(flood, into: editor))
    #expect(editor.lastError == nil, "\(String(describing: editor.lastError))")
    #expect(editor.document.image?.url == flood)
    #expect(editor.document.image?.full.color(atX: 50, y: 50) == RGBAColor(red: 0, green: 0, blue: 1))
    #expect(ThumbnailLoader.thumbnail(at: flood, pixelWidth: 200) != nil)
  }
}
