// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeEditing
import Testing

@testable import MemeUI

/// The app's icon (what window lists and task switchers show) reaches its windows once the first
/// window has painted, not while that window is realised, when GTK would draw it before the frame.
@Suite(.serialized) struct WindowIconTests {
  private func iconName(of window: UnsafeMutablePointer<GtkWindow>) -> String? {
    gtk_window_get_icon_name(window).map { String(cString: $0) }
  }

  /// Runs `body` with the app registered (started up, no window shown yet) on a store of `memes`
  /// memes, and no default window icon set, as in a new process; then closes the app.
  private func withRegisteredApp(memes: Int, _ body: (MemeMeApplication) throws -> Void) throws {
    try DisplayHarness.requireDisplay()
    let previous = AppIcons.defaultName
    defer { AppIcons.defaultName = previous }
    AppIcons.defaultName = nil
    let app = SentMemesHarness.register(
      storeFolder: try SentMemesHarness.makeStoreFolder(memes: memes).folder)
    defer { SentMemesHarness.close(app) }
    try body(app)
  }

  @Test(arguments: [0, 1])
  func theFirstWindowGetsTheAppIconAfterItsFirstFrame(memes: Int) throws {
    try withRegisteredApp(memes: memes) { app in
      app.application.activate()
      // Presenting realised the window (the editor, or Sent Memes when memes exist) without an icon.
      let window = try #require(SentMemesHarness.visibleWindow(of: app))
      #expect(gtk_widget_get_realized(gtkkit_widget(window)) != 0)
      #expect(iconName(of: window) == nil)
      #expect(AppIcons.defaultName == nil)

      SentMemesHarness.settle(app)
      #expect(iconName(of: window) == AppIdentity.applicationID)
      // Windows opened later (Detail, dialogs) have it through GTK's default.
      #expect(AppIcons.defaultName == AppIdentity.applicationID)
    }
  }

  @Test(arguments: [0, 1])
  func aLaunchWithAPictureGetsTheAppIconToo(memes: Int) throws {
    try withRegisteredApp(memes: memes) { app in
      // What `mememe picture.png` does: the editor opens with the picture, by `open`, not `activate`.
      let url = Fixtures.picture(width: 640, height: 480, name: "window-icon.png")
      SentMemesHarness.open(url, in: app)
      let editor = try #require(app.editor)
      #expect(iconName(of: gtkkit_window(editor.window)) == nil)

      #expect(MainContext.iterate { !editor.isLoading })
      SentMemesHarness.settle(app)
      #expect(iconName(of: gtkkit_window(editor.window)) == AppIdentity.applicationID)
    }
  }
}
