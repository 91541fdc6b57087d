// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// Searching Sent Memes with the keyboard, as a person does: typing over the list or the grid,
/// Ctrl+F, Enter to the results, Escape to clear; deleting, undoing and reordering on the results.
@Suite(.serialized) struct SentMemesSearchTests {
  /// Four memes, newest first as the list shows them: "Monday mood", "Café time", "monkey business",
  /// "Nothing here".
  private static var samples: [(picture: URL, captions: MemeCaptions)] {
    ["Nothing here", "monkey business", "Café time", "Monday mood"].enumerated().map { index, top in
      (
        Fixtures.picture(width: 480 + 40 * index, height: 360, name: "search-\(index).png"),
        MemeCaptions(top: top, bottom: "")
      )
    }
  }

  /// The ids both views show, once the search (run after GTK's typing pause) has shown `expected`.
  private func waitForResults(
    _ expected: [Int64], in window: SentMemesWindow, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      MainContext.iterate { window.memes.list.ids == expected }, "the list shows \(expected)",
      sourceLocation: sourceLocation)
  }

  private func isFocused(_ widget: UnsafeMutablePointer<GtkWidget>, in window: SentMemesWindow) -> Bool {
    var focus = window.toplevel.focusedWidget
    while let current = focus {
      if current == widget { return true }
      focus = current.parent
    }
    return false
  }

  @Test func typingOverTheListSearchesAndEscapeClears() throws {
    try SentMemesHarness.withSentMemes(Self.samples) { app, window, memes in
      let all = memes.map(\.id)
      try focusTheList(selecting: all[0], in: window, app: app)
      #expect(!window.search.isSearching)

      try RealKeyboard.type("mon")
      #expect(window.search.isSearching, "typing over the list opens the search bar")
      #expect(window.search.entry.text == "mon")
      // "mon" is a prefix of Monday and monkey, in any case; not of "Nothing" or "Café".
      waitForResults([all[0], all[2]], in: window)
      #expect(window.states.stack.visibleChildName == "memes")
      SentMemesHarness.waitForThumbnails(window)
      Screenshot.save(window.window, named: "sent-memes-search-list")

      // The grid shows the same results.
      window.currentTab = .grid
      SentMemesHarness.settle(app)
      #expect(
        MainContext.iterate {
          Set(window.boundGridTiles.compactMap(\.memeID)) == [all[0], all[2]]
        }, "the grid shows the results")

      // More letters typed over the grid narrow it; a word nothing has shows the no-results page.
      #expect(!isFocused(window.search.entry.widget, in: window), "the grid has the focus")
      try RealKeyboard.type("d")
      #expect(window.search.entry.text == "mond")
      waitForResults([all[0]], in: window)
      try RealKeyboard.type("x")
      waitForResults([], in: window)
      #expect(window.states.stack.visibleChildName == "no-results")
      #expect(SentMemesHarness.labels(in: window.window).contains("No Results Found"))
      Screenshot.save(window.window, named: "sent-memes-search-no-results")

      try RealKeyboard.press("Escape")
      #expect(MainContext.iterate { !window.search.isSearching }, "Escape closes the search bar")
      #expect(window.search.entry.text == "", "Escape clears the search")
      waitForResults(all, in: window)
      #expect(window.states.stack.visibleChildName == "memes")
    }
  }

  @Test func ctrlFSearchesAccentsIgnoredAndEnterGoesToTheResults() throws {
    try SentMemesHarness.withSentMemes(Self.samples) { app, window, memes in
      let all = memes.map(\.id)
      try focusTheList(selecting: all[3], in: window, app: app)

      try RealKeyboard.press("ctrl+f")
      #expect(window.search.isSearching, "Ctrl+F opens the search bar")
      #expect(isFocused(window.search.entry.widget, in: window), "the search field has the focus")
      try RealKeyboard.type("CAFE")
      waitForResults([all[1]], in: window)

      try RealKeyboard.press("Return")
      #expect(MainContext.iterate { window.focusedMemeID == all[1] }, "Enter moves to the first result")
      #expect(window.selectedMeme?.id == all[1])

      // Escape from the results clears the search too, and the focus stays on the meme.
      try RealKeyboard.press("Escape")
      #expect(MainContext.iterate { !window.search.isSearching })
      waitForResults(all, in: window)
      #expect(MainContext.iterate { window.focusedMemeID == all[1] }, "the focus stays on the meme")
    }
  }

  /// Gives the window the keyboard and the list's focus to meme `id`.
  private func focusTheList(selecting id: Int64, in window: SentMemesWindow, app: MemeMeApplication) throws {
    try RealKeyboard.focus(window.window)
    window.select(id: id)
    SentMemesHarness.settle(app)
  }

  /// Types "mon" over the list (Monday and monkey match) and moves the focus to the first result
  /// with Enter.
  private func typeMonAndEnterTheResults(in window: SentMemesWindow, app: MemeMeApplication, all: [Int64])
    throws
  {
    try focusTheList(selecting: all[0], in: window, app: app)
    try RealKeyboard.type("mon")
    waitForResults([all[0], all[2]], in: window)
    try RealKeyboard.press("Return")
    #expect(MainContext.iterate { window.focusedMemeID == all[0] })
  }

  @Test func deleteAndUndoWorkOnTheResults() throws {
    try SentMemesHarness.withSentMemes(Self.samples) { app, window, memes in
      let all = memes.map(\.id)
      try typeMonAndEnterTheResults(in: window, app: app, all: all)

      try RealKeyboard.press("Delete")
      waitForResults([all[2]], in: window)
      #expect(window.isUndoToastShown)
      #expect(try window.memes.store.memeIDs() == [all[1], all[2], all[3]])

      try RealKeyboard.press("ctrl+z")
      // Back among the results, at its place; the memes the search hides stay hidden.
      waitForResults([all[0], all[2]], in: window)
      #expect(try window.memes.store.memeIDs() == all)

      try RealKeyboard.press("Escape")
      waitForResults(all, in: window)
    }
  }

  @Test func reorderingIsRefusedWhileSearchingAndSaysWhy() throws {
    try SentMemesHarness.withSentMemes(Self.samples) { app, window, memes in
      let all = memes.map(\.id)
      try typeMonAndEnterTheResults(in: window, app: app, all: all)

      try RealKeyboard.press("alt+Down")
      #expect(window.toasts.shownToast?.title == "Clear the search to move memes")
      #expect(window.memes.list.ids == [all[0], all[2]])
      #expect(try window.memes.store.memeIDs() == all, "the order is unchanged")

      // Without a search, the same key moves the meme.
      try RealKeyboard.press("Escape")
      waitForResults(all, in: window)
      window.select(id: all[0])
      SentMemesHarness.settle(app)
      try RealKeyboard.press("alt+Down")
      #expect(try window.memes.store.memeIDs() == [all[1], all[0], all[2], all[3]])
    }
  }

  /// A meme shared while searching shows only if it matches.
  @Test func aMemeSharedWhileSearchingShowsWhenItMatches() throws {
    try SentMemesHarness.withSentMemes(Self.samples) { app, window, memes in
      let all = memes.map(\.id)
      SentMemesHarness.activate(SentMemesAction.search.name, in: window.window)
      window.search.entry.text = "monkey"
      waitForResults([all[2]], in: window)

      let editor = try #require(app.sentMemes?.showEditor())
      #expect(EditorHarness.load(Fixtures.picture(width: 500, height: 400, name: "shared.png"), into: editor))
      _ = editor.document.setText("Monkey see", at: .top)
      editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
      #expect(
        MainContext.iterate { window.memes.list.count == 2 && SentMemesHarness.isVisible(window.window) })
      let newest = try #require(window.memes.list.ids.first)
      #expect(window.memes.list.ids == [newest, all[2]])
      #expect(window.search.entry.text == "monkey", "the search stays")
    }
  }

  /// Ctrl+F and Escape are in the Keyboard Shortcuts window's Sent Memes group, and the search
  /// button's tooltip names Ctrl+F.
  @Test func theShortcutsWindowListsSearch() throws {
    let group = try #require(
      ShortcutsWindow.sections.first { $0.name == ShortcutsWindow.sentMemesSection }?.groups.first)
    #expect(group.shortcuts.contains(.init(title: "Search sent memes", accelerators: ["<Control>f"])))
    #expect(group.shortcuts.contains(.init(title: "Clear the search", accelerators: ["Escape"])))
  }
}
