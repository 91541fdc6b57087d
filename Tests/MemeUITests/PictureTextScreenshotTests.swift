// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Screenshots to look at of "Use the picture's text" offered and of a hidden area still readable,
/// in the light and dark styles at a phone's 360 × 640: `picture-text-<style>-360x640.png`,
/// `picture-text-used-<style>-360x640.png` and
/// `hiding-readable-<style>-360x640.png` in the test output. With `MEMEME_TEST_LOCALE_DIR` (a folder
/// of compiled catalogues) and `LANGUAGE`, in that language: a process has one locale, so only a
/// run of this suite alone should set them.
@MainActor @Suite(.serialized) struct PictureTextScreenshotTests {
  init() {
    if let folder = ProcessInfo.processInfo.environment["MEMEME_TEST_LOCALE_DIR"] {
      Gettext.setUp(domain: Gettext.appDomain, directory: URL(fileURLWithPath: folder))
    }
  }

  private func shoot(_ editor: EditorWindow, named name: String) {
    defer { SystemStyle.setColorScheme(.default) }
    StyleManager.scheme = .followSystem
    gtk_window_set_default_size(gtkkit_window(editor.window), 360, 640)
    for (style, scheme) in [("light", SystemStyle.Scheme.default), ("dark", .preferDark)] {
      SystemStyle.setColorScheme(scheme)
      EditorHarness.settle(editor)
      MainContext.iterate(maxIterations: 50) { false }
      EditorHarness.settle(editor)
      #expect(Screenshot.save(editor.window, named: "\(name)-\(style)-360x640") != nil)
    }
  }

  @Test func theOfferAndTheWarningAtAPhonesWidth() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 360, height: 640)
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try PictureTextWindowTests.memeFile(), into: editor))
    PictureTextWindowTests.waitForReading(editor)
    #expect(editor.pictureText.bar.isShown)
    shoot(editor, named: "picture-text")
    PictureTextWindowTests.use(editor)
    shoot(editor, named: "picture-text-used")

    #expect(EditorHarness.load(try HidingReadCheckWindowTests.pictureFile(), into: editor))
    let index = try #require(editor.document.hiddenAreas.add(at: HiddenAreaReadPicture.lowerHalf))
    editor.document.hiddenAreas.setMethod(.blur, ofAreaAt: index)
    editor.document.hiddenAreas.setStrength(1, ofAreaAt: index)
    HidingReadCheckWindowTests.waitForCheck(editor)
    #expect(HidingReadCheckWindowTests.warns(editor))
    shoot(editor, named: "hiding-readable")
  }
}
