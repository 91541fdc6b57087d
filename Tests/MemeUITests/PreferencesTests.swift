// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// What the app remembers between runs, through GSettings (the memory backend and the schema
/// compiled from data/ by the test harness), and the fallback when the schema is missing.
@Suite(.serialized) struct PreferencesTests {
  /// This test's settings store: every test starts from the schema's defaults, and what it stores
  /// is seen by the preferences and settings it makes with it, nowhere else.
  private let backend = SettingsBackend.inMemory()

  /// Preferences backed by the app's real schema, starting from its defaults.
  private func installedPreferences() throws -> Preferences {
    let preferences = Preferences.load(backend: backend)
    try #require(preferences.settings != nil, "the test harness compiles the schema from data/")
    return preferences
  }

  /// The settings as another run of the app reads them.
  private func storedSettings() throws -> Settings {
    try #require(Settings(schemaID: Preferences.schemaID, backend: backend))
  }

  private func makeEditor(_ preferences: Preferences) -> EditorWindow {
    let editor = EditorWindow(
      application: EditorHarness.application.application, sink: InMemorySentMemes(), preferences: preferences)
    editor.present()
    MainContext.iterate { gtk_widget_get_mapped(editor.window) != 0 }
    EditorHarness.settle(editor)
    return editor
  }

  @Test func captionStyleCarriesIntoTheNextEditor() throws {
    try DisplayHarness.requireDisplay()
    let preferences = try installedPreferences()
    let first = makeEditor(preferences)
    EditorHarness.load(Fixtures.picture(width: 800, height: 600, name: "style-memory.png"), into: first)
    let family = try #require(FontResolver.availableFamilies().first)
    let chosen = CaptionStyle(
      fontFamily: family, textColor: RGBAColor(red: 1, green: 0.8, blue: 0), outlineColor: .white,
      isUppercase: false)
    // As the style popover reports a change the user made.
    first.stylePanel.onChange(chosen)
    #expect(first.document.captions.style == chosen)
    EditorHarness.close(first)

    // Stored in GSettings as one value, the style's own serialisation...
    let settings = try storedSettings()
    #expect(CaptionStyle(jsonText: settings.string("caption-style")) == chosen)
    #expect(settings.string("caption-style") == (try chosen.jsonText()))

    // ...and a new editor, with preferences read afresh, starts with that style.
    let second = makeEditor(Preferences.load(backend: backend))
    defer { EditorHarness.close(second) }
    #expect(second.document.captions.style == chosen)
    #expect(!second.document.canUndo, "the remembered style is the starting point, not an edit")
    // Start over keeps the remembered style.
    EditorHarness.load(Fixtures.picture(width: 800, height: 600, name: "style-memory.png"), into: second)
    second.actions.action(named: EditorAction.cancel.name)?.activate()
    #expect(second.document.captions.style == chosen)
  }

  /// (The maximised state is bound the same way but cannot be tested here: without a window
  /// manager, as under Xvfb, nothing grants a maximise request.)
  @Test func windowSizeCarriesIntoTheNextEditor() throws {
    try DisplayHarness.requireDisplay()
    let preferences = try installedPreferences()
    let first = makeEditor(preferences)
    // What GTK does when the user resizes the window: the default size follows the window.
    gtk_window_set_default_size(gtkkit_window(first.window), 700, 540)
    EditorHarness.close(first)
    let settings = try storedSettings()
    #expect(settings.int("window-width") == 700)
    #expect(settings.int("window-height") == 540)

    let second = makeEditor(Preferences.load(backend: backend))
    defer { EditorHarness.close(second) }
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(gtkkit_window(second.window), &width, &height)
    #expect(width == 700 && height == 540)
    #expect(settings.bool("window-maximized") == false)
  }

  @Test func folderOfTheLastPictureIsRemembered() throws {
    try DisplayHarness.requireDisplay()
    let preferences = try installedPreferences()
    #expect(preferences.lastFolder == nil)
    let editor = makeEditor(preferences)
    defer { EditorHarness.close(editor) }
    let picture = Fixtures.picture(width: 640, height: 480, name: "folder-memory.png")
    #expect(EditorHarness.load(picture, into: editor))
    #expect(
      Preferences.load(backend: backend).lastFolder?.standardizedFileURL.path
        == Fixtures.folder.standardizedFileURL.path)
  }

  /// Save As remembers its own folder in GSettings ("save-folder"): opening a picture elsewhere does
  /// not change it, and before the first save it is Pictures.
  @Test func folderOfTheLastSavedMemeIsRememberedApartFromTheAlbums() throws {
    try DisplayHarness.requireDisplay()
    let preferences = try installedPreferences()
    #expect(preferences.saveFolder == Preferences.picturesFolder)
    let memes = Fixtures.folder.appendingPathComponent("saved-memes-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: memes, withIntermediateDirectories: true)
    let editor = makeEditor(preferences)
    defer { EditorHarness.close(editor) }
    #expect(
      EditorHarness.load(Fixtures.picture(width: 640, height: 480, name: "save-memory.png"), into: editor))
    let output = memes.appendingPathComponent("save-memory-meme.png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { FileManager.default.fileExists(atPath: output.path) })

    let reloaded = Preferences.load(backend: backend)
    #expect(reloaded.settings?.string("save-folder") == memes.path)
    #expect(reloaded.saveFolder.standardizedFileURL.path == memes.standardizedFileURL.path)
    #expect(reloaded.lastFolder?.standardizedFileURL.path == Fixtures.folder.standardizedFileURL.path)
    // A folder that is gone falls back to Pictures.
    try FileManager.default.removeItem(at: memes)
    #expect(Preferences.load(backend: backend).saveFolder == Preferences.picturesFolder)
  }

  /// An earlier version kept the style a key per field: the first read takes the user's style
  /// from them into `caption-style` and resets them, so the style is kept across the update.
  @Test func aStyleSavedAKeyPerFieldIsKept() throws {
    try DisplayHarness.requireDisplay()
    let settings = try storedSettings()
    settings.setString("DejaVu Serif", for: "font-family")
    settings.setString("#ffcc00", for: "text-color")
    settings.setBool(false, for: "uppercase")
    let earlier = CaptionStyle(
      fontFamily: "DejaVu Serif", textColor: RGBAColor(red: 1, green: 0.8, blue: 0),
      outlineColor: CaptionStyle.classic.outlineColor, isUppercase: false)

    #expect(try installedPreferences().captionStyle == earlier)
    #expect(CaptionStyle(jsonText: settings.string("caption-style")) == earlier)
    #expect(settings.string("font-family").isEmpty && settings.bool("uppercase"), "the old keys are reset")
    // Read again (the old keys now at their defaults), and once more after a new choice.
    #expect(try installedPreferences().captionStyle == earlier)
    let chosen = CaptionStyle(textColor: .black, outlineColor: .white)
    try installedPreferences().captionStyle = chosen
    #expect(try installedPreferences().captionStyle == chosen)
  }

  @Test func untouchedSettingsGiveTheClassicStyleAndStoreNothing() throws {
    try DisplayHarness.requireDisplay()
    #expect(try installedPreferences().captionStyle == .classic)
    #expect(try storedSettings().string("caption-style").isEmpty)
  }

  @Test func missingSchemaFallsBackToDefaultsInMemory() throws {
    try DisplayHarness.requireDisplay()
    // g_settings_new would abort the process here; the lookup says no instead.
    #expect(Settings(schemaID: "io.github.mememe.NoSuchSchema") == nil)
    let preferences = Preferences.load(schemaID: "io.github.mememe.NoSuchSchema")
    #expect(preferences.settings == nil)
    #expect(preferences.captionStyle == .classic)
    #expect(preferences.lastFolder == nil)
    #expect(preferences.windowSize == (900, 700, false))

    // The app works the same for this run: a second editor gets the first one's style and size.
    let first = makeEditor(preferences)
    let style = CaptionStyle(textColor: .black, outlineColor: .white)
    first.stylePanel.onChange(style)
    gtk_window_set_default_size(gtkkit_window(first.window), 640, 480)
    EditorHarness.close(first)
    let second = makeEditor(preferences)
    defer { EditorHarness.close(second) }
    #expect(second.document.captions.style == style)
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(gtkkit_window(second.window), &width, &height)
    #expect(width == 640 && height == 480)
  }

  @Test func schemaIsFoundInTheAppsOwnDataFolder() throws {
    try DisplayHarness.requireDisplay()
    // An app installed under a prefix GLib does not search (MEMEME_DATA_DIR/glib-2.0/schemas).
    let compiled = try #require(TestEnvironment.schemaDirectory)
    #expect(Settings(schemaID: Preferences.schemaID, extraSchemaDirectory: compiled) != nil)
  }
}
