// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// The windows follow the desktop's light and dark style as it changes, and the main menu's style
/// choice overrides it. The style is read from the pixels: the header bar's background and the
/// letterbox around the picture, as a person sees them.
@Suite(.serialized) struct ColorSchemeTests {
  /// Mean relative luminance (Rec. 709, on the sRGB values) of `widget` as its window draws it.
  static func luminance(
    of widget: UnsafeMutablePointer<GtkWidget>, rows: Range<Int>? = nil
  ) throws -> Double {
    let image = try #require(CanvasMatchesExportTests.snapshot(widget))
    let rows = rows ?? 0..<image.height
    var sum = 0.0
    for y in rows {
      for x in 0..<image.width {
        let pixel = image.color(atX: x, y: y)
        sum += 0.2126 * pixel.red + 0.7152 * pixel.green + 0.0722 * pixel.blue
      }
    }
    return sum / Double(rows.count * image.width)
  }

  /// The letterbox above the picture (the editor is taller than the landscape picture's shape).
  static func letterboxLuminance(_ editor: EditorWindow) throws -> Double {
    let top = Int(editor.canvas.pictureRect.y.rounded(.down))
    try #require(top >= 8, "a letterbox above the picture")
    return try luminance(of: editor.canvas.drawingArea, rows: 0..<(top - 2))
  }

  /// Runs the main loop until `condition` holds or `seconds` have passed; whether it held.
  static func within(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      if try condition() { return true }
      g_main_context_iteration(nil, 0)
    }
    return try condition()
  }

  static func editorShowingLandscape() -> EditorWindow {
    let editor = EditorHarness.makeEditor(width: 800, height: 900)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    return editor
  }

  /// A registered app of its own (its `app.` actions: the style choice) with its editor shown.
  static func appWithEditor(named name: String, preferences: Preferences) -> (MemeMeApplication, EditorWindow)
  {
    let app = MemeMeApplication(
      id: "io.github.mememe.ColorSchemeTests.\(name)\(ProcessInfo.processInfo.processIdentifier)",
      sink: InMemorySentMemes(), preferences: preferences)
    app.application.register()
    let editor = app.presentEditor()
    EditorHarness.settle(editor)
    return (app, editor)
  }

  @Test func aChangeOfTheDesktopsStyleRestylesTheOpenEditorWithinASecond() throws {
    try DisplayHarness.requireDisplay()
    StyleManager.scheme = .followSystem
    try #require(SystemStyle.setColorScheme(.default), "GNOME's interface settings schema is installed")
    defer { SystemStyle.setColorScheme(.default) }
    let editor = Self.editorShowingLandscape()
    defer { EditorHarness.close(editor) }

    let lightHeader = try Self.luminance(of: editor.header.bar.widget)
    let lightLetterbox = try Self.letterboxLuminance(editor)
    #expect(lightHeader > 0.6, "a light header bar: \(lightHeader)")
    #expect(lightLetterbox > 0.6, "a light letterbox: \(lightLetterbox)")

    SystemStyle.setColorScheme(.preferDark)
    let turned = try Self.within(seconds: 1) {
      try Self.luminance(of: editor.header.bar.widget) < 0.3 && Self.letterboxLuminance(editor) < 0.3
    }
    let darkHeader = try Self.luminance(of: editor.header.bar.widget)
    #expect(turned, "dark within a second: header \(darkHeader)")
    #expect(StyleManager.isDark)
    _ = Screenshot.save(editor.window, named: "editor-dark")

    SystemStyle.setColorScheme(.default)
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) > 0.6 }, "light again")
  }

  /// Follow System, Light and Dark in the main menu: the choice wins over the desktop's, every
  /// window follows it, and it is remembered.
  @Test func theStyleChoiceOverridesTheDesktopAndIsRemembered() throws {
    try DisplayHarness.requireDisplay()
    try #require(SystemStyle.setColorScheme(.preferDark))
    defer {
      SystemStyle.setColorScheme(.default)
      StyleManager.scheme = .followSystem
    }
    let preferences = Preferences.inMemory()
    let (app, editor) = Self.appWithEditor(named: "p", preferences: preferences)
    defer { EditorHarness.close(editor) }
    let choice = try #require(app.application.actions.action(named: StyleChoice.actionName))
    #expect(choice.stringState == "follow")
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) < 0.3 },
      "the desktop's dark")

    choice.activate(choosing: "light")
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) > 0.6 },
      "light by choice"
    )
    #expect(preferences.styleVariant == .light)
    #expect(choice.stringState == "light")

    SystemStyle.setColorScheme(.default)
    choice.activate(choosing: "dark")
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) < 0.3 }, "dark by choice"
    )
    #expect(preferences.styleVariant == .dark)

    choice.activate(choosing: "follow")
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) > 0.6 },
      "the desktop's light")
    #expect(preferences.styleVariant == .followSystem)
  }

  /// With real keys (X11): F10 opens the primary menu, the arrows reach "Dark Style", Enter chooses it.
  @Test func theStyleChoiceWorksFromTheKeyboard() throws {
    try DisplayHarness.requireDisplay()
    SystemStyle.setColorScheme(.default)
    defer { StyleManager.scheme = .followSystem }
    let preferences = Preferences.inMemory()
    let (app, editor) = Self.appWithEditor(named: "k", preferences: preferences)
    // The menu's style actions are the application's: it must outlive the key presses.
    defer { withExtendedLifetime(app) { EditorHarness.close(editor) } }
    try RealKeyboard.focus(editor.window)
    try RealKeyboard.press("F10")
    let focusedLabel = { () -> String in
      guard let focused = editor.toplevel.focusedWidget else { return "" }
      return WidgetTree.texts(in: focused).first ?? ""
    }
    #expect(MainContext.iterate { !focusedLabel().isEmpty }, "the menu has the focus")
    for _ in 0..<20 where focusedLabel() != "Dark Style" {
      try RealKeyboard.press("Down")
    }
    #expect(focusedLabel() == "Dark Style", "the arrows reach Dark Style")
    Screenshot.saveScreen(named: "style-choice-by-keyboard")
    try RealKeyboard.press("Return")
    #expect(
      try Self.within(seconds: 1) { try Self.luminance(of: editor.header.bar.widget) < 0.3 },
      "dark by the keyboard")
    #expect(preferences.styleVariant == .dark)
  }

  /// The menu offers the three choices as radio items, under the window's own items.
  @Test func theMainMenuOffersTheStyleChoice() throws {
    let section = StyleChoice.menuSection
    let model = section.model
    #expect(g_menu_model_get_n_items(model) == 3)
    var targets: [String] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      let target = g_menu_model_get_item_attribute_value(model, index, "target", nil)
      defer { if let target { g_variant_unref(target) } }
      targets.append(target.map { String(cString: g_variant_get_string($0, nil)) } ?? "")
    }
    #expect(targets == ["follow", "light", "dark"])
  }
}
