// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Runs the whole app (editor, Sent Memes, Detail) against a store in a temporary folder, driven
/// through its actions.
enum SentMemesHarness {
  private static var launches = 0

  /// A new store folder, empty or with `count` memes made from real pictures (newest first in the
  /// returned order, as the list shows them).
  static func makeStoreFolder(memes count: Int = 0) throws -> (folder: URL, memes: [SentMeme]) {
    try makeStoreFolder(
      memes: (0..<count).map { index in
        (
          Fixtures.picture(width: 640 + 40 * index, height: 480, name: "sent-\(index).png"),
          MemeCaptions(top: "Top \(index + 1)", bottom: "Bottom \(index + 1)")
        )
      })
  }

  /// A store holding a meme of each picture with its captions, sent in that order an hour apart
  /// (returned newest first, as the list shows them).
  static func makeStoreFolder(memes: [(picture: URL, captions: MemeCaptions)]) throws -> (
    folder: URL, memes: [SentMeme]
  ) {
    try makeStoreFolder(
      shares: memes.map { picture, captions in
        let snapshot = ShareSnapshot(
          captions: captions, picture: try EditorImage.load(contentsOf: picture), transform: .identity)
        // As Copy Image shares: an animated picture as a GIF.
        return (snapshot, snapshot.picture.isAnimated ? .animated(.gif) : .still(.png))
      })
  }

  /// A store holding each snapshot shared in its format, sent in that order an hour apart
  /// (returned newest first, as the list shows them).
  static func makeStoreFolder(shares: [(snapshot: ShareSnapshot, format: ShareFormat)]) throws -> (
    folder: URL, memes: [SentMeme]
  ) {
    let folder = ScratchFolder.unique("sent-memes")
    let store = try SentMemeStore(directory: folder)
    var saved: [SentMeme] = []
    let count = shares.count
    for (index, (snapshot, format)) in shares.enumerated() {
      // Shared as the editor does: through the Share pipeline, to the caller.
      let meme = try SharePipeline.run(snapshot, as: format, to: .caller).get()
      let draft = SentMemeDraftMaker.draft(
        of: meme, sentAt: Date(timeIntervalSinceNow: Double(index - count) * 3600))
      saved.append(try store.save(draft))
    }
    return (folder, saved.reversed())
  }

  /// Launches the app on the store in `folder`: registered (start-up opens the store, checking it
  /// after the first frame) and activated (the first window is shown), as `mememe` does at launch.
  static func launch(storeFolder folder: URL, preferences: Preferences = .inMemory()) -> MemeMeApplication {
    let app = register(storeFolder: folder, preferences: preferences)
    app.application.activate()
    MainContext.iterate { visibleWindow(of: app) != nil }
    settle(app)
    return app
  }

  /// The app on the store in `folder`, registered (started up: the store opened) but showing no
  /// window yet; `launch` then activates it.
  static func register(storeFolder folder: URL, preferences: Preferences = .inMemory()) -> MemeMeApplication {
    launches += 1
    let app = MemeMeApplication(
      id: "io.github.mememe.SentMemesTests.p\(ProcessInfo.processInfo.processIdentifier).n\(launches)",
      sink: InMemorySentMemes(), preferences: preferences)
    // As the app opens its own: on a background thread from launch on.
    let opening = SentMemesLibrary.startOpening(directory: folder)
    app.openStore = { SentMemesLibrary.open(opening) }
    // As `mememe` does before it takes its name: the desktop's search provider on the session bus.
    app.exportSearchProvider()
    app.application.register()
    return app
  }

  /// What a launch with `file` (or a second launch forwarding it) does in the primary instance.
  static func open(_ file: URL, in app: MemeMeApplication) {
    var files: [OpaquePointer?] = [FileURL.file(for: file)]
    files.withUnsafeMutableBufferPointer { buffer in
      g_application_open(app.application.gApplication, buffer.baseAddress, 1, "")
    }
    for file in files { g_object_unref(file?.raw) }
  }

  /// Runs `body` with the app launched on a new store of `count` memes (requires a display) and its
  /// Sent Memes window, then closes the app. `body` gets the memes newest first.
  static func withSentMemes(
    memes count: Int, _ body: (MemeMeApplication, SentMemesWindow, [SentMeme]) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    try withStore(makeStoreFolder(memes: count), body)
  }

  /// As `withSentMemes(memes:)`, with a meme of each picture and its captions.
  static func withSentMemes(
    _ samples: [(picture: URL, captions: MemeCaptions)],
    _ body: (MemeMeApplication, SentMemesWindow, [SentMeme]) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    try withStore(makeStoreFolder(memes: samples), body)
  }

  /// As `withSentMemes(memes:)`, with each snapshot shared in its format.
  static func withSentMemes(
    shares: [(snapshot: ShareSnapshot, format: ShareFormat)],
    _ body: (MemeMeApplication, SentMemesWindow, [SentMeme]) throws -> Void
  ) throws {
    try DisplayHarness.requireDisplay()
    try withStore(makeStoreFolder(shares: shares), body)
  }

  private static func withStore(
    _ store: (folder: URL, memes: [SentMeme]),
    _ body: (MemeMeApplication, SentMemesWindow, [SentMeme]) throws -> Void
  ) throws {
    let (folder, memes) = store
    let app = launch(storeFolder: folder)
    defer { close(app) }
    let window = try #require(sentMemes(of: app))
    try body(app, window, memes)
  }

  /// Destroys every window of `app` (as quitting does) and runs what that posts.
  static func close(_ app: MemeMeApplication) {
    for window in app.application.windows { gtk_window_destroy(window) }
    MainContext.drain()
  }

  static func visibleWindow(of app: MemeMeApplication) -> UnsafeMutablePointer<GtkWindow>? {
    app.application.windows.first { gtk_widget_get_visible(gtkkit_widget($0)) != 0 }
  }

  /// A toplevel window (dialogs included, which belong to no application) named `name`.
  static func toplevel(named name: String) -> UnsafeMutablePointer<GtkWidget>? {
    let toplevels = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(toplevels) {
      guard let item = g_list_model_get_item(toplevels, index) else { continue }
      g_object_unref(item)  // the list keeps its own reference
      let widget = gtkkit_widget(item)
      if String(cString: gtk_widget_get_name(widget)) == name { return widget }
    }
    return nil
  }

  static func isVisible(_ widget: UnsafeMutablePointer<GtkWidget>?) -> Bool {
    widget.map { gtk_widget_get_visible($0) != 0 } ?? false
  }

  /// Runs pending work and draws a couple of frames of whatever window is shown.
  static func settle(_ app: MemeMeApplication) {
    MainContext.drain()
    if let window = visibleWindow(of: app) { DisplayHarness.waitForFrames(window) }
    MainContext.drain()
  }

  /// The Sent Memes window, once shown.
  static func sentMemes(of app: MemeMeApplication) -> SentMemesWindow? {
    app.sentMemes?.sentMemesWindow
  }

  /// Opens the selected meme of the Sent Memes window in Detail, then Edit: the editor it reopens,
  /// once its picture has loaded (nil if a step did not happen).
  static func editSelectedMeme(in app: MemeMeApplication) -> EditorWindow? {
    guard let window = sentMemes(of: app) else { return nil }
    activate(SentMemesAction.openMeme.name, in: window.window)
    guard let detail = app.sentMemes?.detailWindow else { return nil }
    activate(DetailAction.edit.name, in: detail.window)
    guard let editor = app.editor,
      MainContext.iterate(
        maxIterations: backgroundWorkBound, until: { editor.document.image != nil && !editor.isLoading })
    else { return nil }
    return editor
  }

  /// Activates a `win.` action of a window.
  static func activate(_ action: String, in window: UnsafeMutablePointer<GtkWidget>) {
    ActionMap(window).action(named: action)?.activate()
  }

  /// How many main-loop turns a wait for work on another thread may take: the share's export and
  /// the thumbnails' decoding run on worker threads, which take several times longer under
  /// ThreadSanitizer (build-aux/run-sanitizers.sh runs these suites there), while the main loop
  /// turns quickly on the window's own events; the default bound ran out before a share finished.
  static let backgroundWorkBound = 12_000

  /// Waits until every bound row and tile of the window shows its thumbnail or its placeholder.
  @discardableResult
  static func waitForThumbnails(_ window: SentMemesWindow) -> Bool {
    MainContext.iterate(maxIterations: backgroundWorkBound) {
      let views =
        window.listFactory.boundCells.filter { $0.memeID != nil }.map(\.thumbnail)
        + window.boundGridTiles.filter { $0.memeID != nil }.map(\.thumbnail)
      return !views.isEmpty && views.allSatisfy { $0.showsThumbnail || $0.showsPlaceholder }
    }
  }

  /// Shares the editor's meme through Copy Image (no file dialog) and waits until it is stored and
  /// Sent Memes shows it.
  @discardableResult
  static func shareByCopying(_ editor: EditorWindow, in app: MemeMeApplication, expecting count: Int) -> Bool
  {
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    let shown = MainContext.iterate(maxIterations: backgroundWorkBound) {
      (sentMemes(of: app)?.memes.list.count ?? 0) == count && isVisible(sentMemes(of: app)?.window)
    }
    settle(app)
    return shown
  }

  /// The texts of the labels under `root`, in tree order.
  static func labels(in root: UnsafeMutablePointer<GtkWidget>) -> [String] {
    var texts: [String] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      if gtkkit_is_label(widget) != 0 {
        texts.append(String(cString: gtk_label_get_text(gtkkit_label(widget))))
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        visit(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    visit(root)
    return texts
  }
}
