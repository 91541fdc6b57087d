// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// A size limit you can see, that keeps your format: the Share button shows an active limit in every
/// window, and Save As's "Keep PNG" keeps the name and format chosen, with fewer pixels.
@Suite(.serialized) struct SizeLimitWindowTests {
  /// The badge beside the share icon, its text, whether it is on screen inside the window, and
  /// the Share menu's texts.
  private static func shown(in editor: EditorWindow) throws -> (text: String, mapped: Bool, menu: [String]) {
    EditorHarness.settle(editor)
    let badge = try #require(
      WidgetTree.descendant(of: editor.header.shareButton, named: ShareMenu.limitBadgeName))
    var mapped = gtk_widget_get_mapped(badge) != 0
    if mapped {
      var bounds = graphene_rect_t()
      #expect(gtk_widget_compute_bounds(badge, editor.window, &bounds) != 0)
      let width = Float(gtk_widget_get_width(editor.window))
      mapped = bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= width && bounds.size.width > 0
    }
    return (Label(wrapping: badge).text, mapped, WidgetTree.texts(in: editor.header.shareButton))
  }

  /// With no limit the button is the icon alone and the menu says "Size Limit"; with one, "Under
  /// 1 MB" is beside the icon, in the menu's label and in the tooltip, in every open editor, and it
  /// goes again when the limit is taken off.
  @Test func theShareButtonShowsTheSizeLimit() throws {
    try DisplayHarness.requireDisplay()
    // One app-wide setting, as the application's windows share it.
    let preferences = Preferences.inMemory()
    let editor = EditorHarness.makeEditor(preferences: preferences)
    defer { EditorHarness.close(editor) }
    let other = EditorHarness.makeEditor(preferences: preferences)
    defer { EditorHarness.close(other) }
    defer { editor.preferences.shareSizeLimit = nil }
    editor.preferences.shareSizeLimit = nil
    var shown = try Self.shown(in: editor)
    #expect(!shown.mapped, "no badge without a limit")
    #expect(shown.menu.contains("Size Limit") && !shown.menu.contains { $0.hasPrefix("Size Limit:") })
    #expect(editor.header.shareButton.tooltip == "Share")

    editor.preferences.shareSizeLimit = 1_000_000
    shown = try Self.shown(in: editor)
    #expect(shown.mapped && shown.text == "Under 1 MB", "\(shown)")
    #expect(shown.menu.contains("Size Limit: Under 1 MB"), "\(shown.menu)")
    #expect(editor.header.shareButton.tooltip == "Share\nShared files stay under 1 MB.")
    let otherBadge = try #require(
      WidgetTree.descendant(of: other.header.shareButton, named: ShareMenu.limitBadgeName))
    #expect(
      gtk_widget_get_visible(otherBadge) != 0 && Label(wrapping: otherBadge).text == "Under 1 MB",
      "every window shows it")
    Screenshot.save(editor.window, named: "share-size-limit")

    editor.preferences.shareSizeLimit = 2_500_000
    #expect(try Self.shown(in: editor).text == "Under 2.5 MB")
    editor.preferences.shareSizeLimit = nil
    #expect(
      gtk_widget_get_visible(otherBadge) == 0
        && WidgetTree.texts(in: other.header.shareButton).contains("Size Limit"))
    #expect(!(try Self.shown(in: editor)).mapped)
  }

  /// At 360 pixels the window does not grow for the badge: the icon gives it way, and the tooltip
  /// and the menu still say the limit.
  @Test func theLimitFitsA360PixelWindow() throws {
    try DisplayHarness.requireDisplay()
    let preferences = Preferences.inMemory()
    preferences.shareSizeLimit = 25_000_000
    let editor = EditorHarness.makeEditor(width: 360, height: 640, preferences: preferences)
    defer { EditorHarness.close(editor) }
    let shown = try Self.shown(in: editor)
    #expect(shown.menu.contains("Size Limit: Under 25 MB"), "\(shown.menu)")
    #expect(editor.header.shareButton.tooltip == "Share\nShared files stay under 25 MB.")
    #expect(gtk_widget_get_width(editor.window) <= 360, "\(gtk_widget_get_width(editor.window)) pixels wide")
    Screenshot.save(editor.window, named: "share-size-limit-360")
  }

  /// The presets read as people write limits: whole megabytes with no decimal.
  @Test func thePresetsReadAsWholeMegabytes() {
    #expect(
      SizeLimitChoice.presets.map(SizeLimitChoice.title(of:)) == ["Under 25 MB", "Under 8 MB", "Under 1 MB"])
  }

  /// A PNG over a limit it can meet only as a JPEG: "Save as JPEG?" offers Keep PNG, which saves the
  /// name chosen as a PNG with fewer pixels, within the limit, and no JPEG anywhere.
  @Test func keepPNGSavesASmallerPNGUnderTheNameChosen() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let (editor, limit) = try SendReadyWindowTests.editorWithNoiseOverTheLimit(sink: sink)
    defer { EditorHarness.close(editor) }
    defer { editor.preferences.shareSizeLimit = nil }
    let folder = Fixtures.folder.appendingPathComponent("keep-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let chosen = folder.appendingPathComponent("meme.png")
    editor.filePicker = { _, completion in completion(chosen) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    let question = try #require(SendReadyWindowTests.saveAsJPEGQuestion())
    #expect(question.label(ofResponse: RenamedSaveQuestion.Response.keepPNG.rawValue) == "_Keep PNG")
    #expect(question.label(ofResponse: RenamedSaveQuestion.Response.save.rawValue) == "Save as _JPEG")
    #expect(question.body.contains("400 kB") && question.body.contains("Keep PNG"), "\(question.body)")
    Screenshot.save(question.widget, named: "save-as-jpeg-keep-png")
    question.respond(RenamedSaveQuestion.Response.keepPNG.rawValue)
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })

    try SendReadyWindowTests.expectSmallerPNG(chosen, limit: limit, fullWidth: 1600, fullHeight: 1200)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["meme.png"], "no JPEG")
    let title = try #require(editor.toasts.shownToast?.title)
    #expect(title.hasPrefix("Saved “meme.png”: ") && !title.contains("JPEG"), "\(title)")
    #expect(sink.entries.last?.file.fileExtension == "png", "Sent Memes keeps the PNG")
  }
}

extension SendReadyWindowTests {
  /// `file` is a PNG (its signature and IHDR say so, and ImageMagick agrees) of fewer pixels than
  /// `fullWidth` × `fullHeight`, with their aspect ratio, and at most `limit` bytes on disk (`stat`).
  static func expectSmallerPNG(_ file: URL, limit: Int, fullWidth: Int, fullHeight: Int) throws {
    let bytes = [UInt8](try Data(contentsOf: file))
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
    try #require(bytes.count >= 24 && bytes[12..<16] == [0x49, 0x48, 0x44, 0x52], "an IHDR first")
    let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    let (width, height) = (number(16), number(20))
    #expect(width < fullWidth && height < fullHeight, "\(width)×\(height): fewer pixels")
    #expect(abs(Double(width) / Double(height) - Double(fullWidth) / Double(fullHeight)) < 0.01)
    let size = try run("/usr/bin/stat", ["-c", "%s", file.path]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(Int(size).map { $0 <= limit && $0 >= limit * 8 / 10 } == true, "\(size) bytes against \(limit)")
    #expect(try run("/usr/bin/identify", ["-format", "%m %w %h", file.path]) == "PNG \(width) \(height)")
  }
}
