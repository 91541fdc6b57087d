// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import PictureChecks
import Testing

@testable import MemeUI

/// The screenshots of record, to be looked at: the editor with a photo and captions, Sent Memes'
/// Grid, Meme Detail and About MemeMe, each in the light, dark and high-contrast styles, at
/// 1280×800 and 360×640. The X11 run writes them to test-output/screenshots/, the Wayland run to
/// test-output/wayland/screenshots/, named `<window>-<style>-<width>x<height>.png`. Each shot is
/// checked for what it claims: the header bar light or dark as the style says, high contrast
/// really on, and every control inside the window. The software centre's screenshots are taken the
/// same way (`storeEditor`, `storeSentMemes`, `storeDetail`).
@Suite(.serialized) struct ScreenshotSetTests {
  private enum Style: String, CaseIterable {
    case light, dark
    case highContrast = "high-contrast"

    /// Makes this the desktop's style, as GNOME Settings does; libadwaita follows.
    func apply() {
      StyleManager.scheme = .followSystem
      SystemStyle.setColorScheme(self == .dark ? .preferDark : .default)
      SystemStyle.setHighContrast(self == .highContrast)
    }
  }

  private static let sizes: [(width: Int32, height: Int32)] = [(1280, 800), (360, 640)]

  @Test func editorWithAPhotoAndCaptions() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "screenshot-photo.png"), into: editor)
    EditorHarness.type(top: "When the build is green", bottom: "On the first try", into: editor)
    try shoot(editor.window, named: "editor") { EditorHarness.settle(editor) }
  }

  /// The editor with an animation: the Timing bar under the canvas, its trim and Timing button
  /// inside the window at a phone's width too.
  @Test func editorWithAnAnimationsTiming() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    // Paused on its first frame: a playing animation redraws the canvas every frame, so the window
    // never settles between shots, and each shot would show another frame.
    editor.canvas.playback.animationsEnabled = { false }
    let source = try AnimationSamples.write(AnimationSamples.movingSquare(width: 480, height: 360))
    #expect(EditorHarness.load(source, into: editor))
    EditorHarness.type(top: "When the GIF loops", bottom: "Trim it", into: editor)
    editor.document.timingChanges.trim(start: 0.07, end: 0.59, duration: 1.64)
    try shoot(editor.window, named: "editor-timing", styles: [.light, .dark]) { EditorHarness.settle(editor) }
    // The Timing popover, open at a phone's width: Speed, Reverse and Loop within the window.
    gtk_window_set_default_size(gtkkit_window(editor.window), 360, 640)
    EditorHarness.settle(editor)
    // As a click would, also on the headless compositor, which grants no grab (see `popUp`).
    DisplayHarness.popUp(editor.timing.bar.optionsButton.widget)
    EditorHarness.settle(editor)
    let group = editor.timing.bar.playback.widget
    #expect(MainContext.iterate { gtk_widget_get_mapped(group) != 0 })
    // A popover is placed within the screen, not the window: on a phone's 360-pixel screen it fits
    // when it is no wider than that.
    #expect(
      gtk_widget_get_width(group) <= gtk_widget_get_width(editor.window), "\(gtk_widget_get_width(group))")
    Screenshot.saveScreen(named: "screenshots/editor-timing-popover-360x640", width: 360, height: 640)
    // Closed before the window goes: an open popover holds the X server's keyboard and pointer grab,
    // which the real-input tests after this one need.
    editor.timing.bar.optionsButton.popDown()
    #expect(MainContext.iterate { gtk_widget_get_mapped(group) == 0 })
  }

  @Test func sentMemesGrid() throws {
    try SentMemesHarness.withSentMemes(memes: 4) { app, window, _ in
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.waitForThumbnails(window)
      try shoot(window.window, named: "sent-memes-grid") {
        SentMemesHarness.settle(app)
        SentMemesHarness.waitForThumbnails(window)
      }
    }
  }

  @Test func detail() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, _, memes in
      let detail = try #require(app.sentMemes?.showDetail(id: memes[0].id, from: .grid))
      #expect(MainContext.iterate { !detail.isLoading })
      try shoot(detail.window, named: "detail") { SentMemesHarness.settle(app) }
    }
  }

  @Test func aboutMemeMe() throws {
    try DisplayHarness.requireDisplay()
    let about = AboutMemeMe.present(parent: nil)
    defer { gtk_window_destroy(gtkkit_window(about.widget)) }
    #expect(DisplayHarness.waitForFrames(about.widget))
    // Its header bars are flat, drawn on the window's background: the whole window shows the style.
    try shoot(about.widget, named: "about", styleShownByHeaderBar: false) {
      DisplayHarness.waitForFrames(about.widget)
    }
  }

  // MARK: - The software centre's screenshots

  /// The screenshots of the AppStream metainfo, made by the same steps as the set above:
  /// `build-aux/make-screenshots.sh` runs these tests and copies test-output/store/ to
  /// data/screenshots/. Each is the window alone at 1000×700 (within Flathub's 1000×700 logical
  /// pixels) or, for the editor on a phone, 360×640: the editor with a photo and captions first,
  /// Sent Memes' Grid in the dark style, a meme's Detail. The photos are `MEMEME_SCREENSHOT_PHOTOS`'
  /// photo-1.jpg, photo-2.jpg, … (the script draws them), or the test pictures without it.
  @Test func storeEditor() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(Self.storePhoto(1), into: editor))
    EditorHarness.type(top: "When the build is green", bottom: "On the first try", into: editor)
    try shoot(editor.window, named: "editor", styles: [.light], sizes: [(1000, 700)], folder: "store") {
      Self.settleWithoutZoomIndicator(editor)
    }
    try shoot(editor.window, named: "editor", styles: [.dark], sizes: [(360, 640)], folder: "store") {
      Self.settleWithoutZoomIndicator(editor)
    }
  }

  @Test func storeSentMemes() throws {
    try SentMemesHarness.withSentMemes(Self.storeMemes) { app, window, _ in
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.waitForThumbnails(window)
      try shoot(
        window.window, named: "sent-memes-grid", styles: [.dark], sizes: [(1000, 700)], folder: "store"
      ) {
        SentMemesHarness.settle(app)
        SentMemesHarness.waitForThumbnails(window)
      }
    }
  }

  @Test func storeDetail() throws {
    try SentMemesHarness.withSentMemes(Self.storeMemes) { app, _, memes in
      let detail = try #require(app.sentMemes?.showDetail(id: memes[0].id, from: .grid))
      #expect(MainContext.iterate { !detail.isLoading })
      try shoot(detail.window, named: "detail", styles: [.light], sizes: [(1000, 700)], folder: "store") {
        SentMemesHarness.settle(app)
      }
    }
  }

  /// Lays out and draws `editor`, and waits for the zoom indicator, shown while the window's size
  /// changes, to go as it does once the size rests.
  private static func settleWithoutZoomIndicator(_ editor: EditorWindow) {
    EditorHarness.settle(editor)
    #expect(MainContext.iterate { !editor.canvas.zoomControls.indicator.isVisible })
    EditorHarness.settle(editor)
  }

  /// The memes of the store's screenshots, oldest first.
  private static var storeMemes: [(picture: URL, captions: MemeCaptions)] {
    [
      ("Monday morning", "Still loading"),
      ("One does not simply", "Close all the tabs"),
      ("Nobody:", "The cat at 3 a.m."),
      ("When the coffee kicks in", "Before the meeting"),
      ("It works on my machine", "Ship the machine"),
      ("Me after one line of code", "Time for a break"),
    ].enumerated().map { index, captions in
      (storePhoto(index + 2), MemeCaptions(top: captions.0, bottom: captions.1))
    }
  }

  /// The store's photo `number`: make-screenshots.sh's, or a test picture of its own size.
  private static func storePhoto(_ number: Int) -> URL {
    if let folder = ProcessInfo.processInfo.environment["MEMEME_SCREENSHOT_PHOTOS"] {
      let photo = URL(fileURLWithPath: folder).appendingPathComponent("photo-\(number).jpg")
      if FileManager.default.fileExists(atPath: photo.path) { return photo }
    }
    return Fixtures.picture(width: 1000 + 40 * number, height: 720, name: "store-photo-\(number).png")
  }

  /// The window's header bar as shown: its background is the style's.
  private static func headerBar(of window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
    GtkWidget
  >? {
    WidgetTree.first(in: window) {
      gtkkit_is_a($0, adw_header_bar_get_type()) != 0 && gtk_widget_get_mapped($0) != 0
    }
  }

  /// Takes `window`'s six shots per style; `settle` lets it restyle, lay out and draw.
  private func shoot(
    _ window: UnsafeMutablePointer<GtkWidget>, named name: String,
    styleShownByHeaderBar: Bool = true, styles: [Style] = Style.allCases,
    sizes: [(width: Int32, height: Int32)] = Self.sizes, folder: String = "screenshots",
    settle: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    defer { Style.light.apply() }
    settle()  // a window that is still opening may take a size of its own first
    var lightPixels: [Int32: [UInt8]] = [:]
    for style in styles {
      style.apply()
      for size in sizes {
        gtk_window_set_default_size(gtkkit_window(window), size.width, size.height)
        // The window widget leaves out the client-side decorations' shadow that Wayland's default
        // size includes (none on X11 without a compositor).
        settle()
        let shot = "\(name)-\(style.rawValue)-\(size.width)x\(size.height)"
        #expect(
          MainContext.iterate {
            (size.width - 64...size.width).contains(gtk_widget_get_width(window))
              && (size.height - 64...size.height).contains(gtk_widget_get_height(window))
          }, "\(shot) is \(gtk_widget_get_width(window))×\(gtk_widget_get_height(window))",
          sourceLocation: sourceLocation)
        settle()
        let styled = try #require(
          styleShownByHeaderBar ? Self.headerBar(of: window) : window, "\(shot): a header bar",
          sourceLocation: sourceLocation)
        let luminance = try ColorSchemeTests.luminance(of: styled)
        if style == .dark {
          #expect(luminance < 0.3, "\(shot): luminance \(luminance)", sourceLocation: sourceLocation)
        } else {
          #expect(luminance > 0.6, "\(shot): luminance \(luminance)", sourceLocation: sourceLocation)
        }
        #expect(StyleManager.isHighContrast == (style == .highContrast), sourceLocation: sourceLocation)
        let pixels = try #require(Screenshot.pixels(of: window), sourceLocation: sourceLocation)
        if style == .light {
          lightPixels[size.width] = pixels
        } else if style == .highContrast {
          #expect(
            pixels != lightPixels[size.width], "\(shot) looks as light does", sourceLocation: sourceLocation)
        }
        let cutOff = ShownControls.cutOff(in: window)
        #expect(cutOff.isEmpty, "\(shot) cuts off \(cutOff)", sourceLocation: sourceLocation)
        #expect(
          Screenshot.save(window, named: "\(folder)/\(shot)") != nil, "\(shot) saved",
          sourceLocation: sourceLocation)
      }
    }
  }
}
