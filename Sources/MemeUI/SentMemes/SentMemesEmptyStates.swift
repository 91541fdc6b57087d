// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeStore

/// What the Sent Memes window shows in place of its memes: before the first meme, what this is and
/// how to make one; when a search finds nothing, that it found nothing.
struct SentMemesEmptyStates {
  /// The memes' page, the empty state or the no-results one.
  let stack = Stack()

  /// Puts `memes` (the notebook of the List and the Grid) in the stack beside the two states.
  init(memes: Widget) {
    for state in Self.states { stack.add(state.page.makeWidget(), named: state.name) }
    stack.add(memes, named: "memes")
    stack.widget.expandsVertically = true
  }

  private static let pages = states.map(\.name) + ["memes"]

  /// Shows the memes, or the state that says why there are none: no meme at all, none matching the
  /// search, or none the View choice (`filter`) lets through.
  func show(isEmpty: Bool, isSearching: Bool, filter: ReceivedFilter) {
    let shown =
      if !isEmpty { "memes" } else if isSearching { "no-results" } else {
        switch filter {
        case .all: "empty"
        case .receivedOnly: "no-received"
        case .sentOnly: "all-received"
        }
      }
    stack.visibleChildName = shown
    // The pages not shown stay visible widgets in GTK 4.8: hide them from screen readers too.
    for name in Self.pages {
      if let page = stack.child(named: name) { Accessible.setHidden(page, name != shown) }
    }
  }

  /// The states by their names in the stack: before the first meme, what this is and how to make
  /// one; when a search finds nothing, that it found nothing; under Received Only before any meme
  /// was collected, how to collect one; under Hide Received when every meme is a received one,
  /// how to make one.
  private static var states: [(name: String, page: StatusPage)] {
    let makeMeme = StatusPage.Button(
      label: localized("_Make a Meme"), actionName: SentMemesAction.add.detailedName)
    return [
      (
        "empty",
        StatusPage(
          name: "empty-state", iconName: IconName.noPicture, title: localized("No Sent Memes"),
          description: localized("Memes you share appear here. Click + to make your first one."),
          button: makeMeme)
      ),
      (
        "no-results",
        StatusPage(
          name: "no-results", iconName: IconName.search, title: localized("No Results Found"),
          description: localized("No sent meme has these words in its texts. Try other or fewer words."))
      ),
      (
        "no-received",
        StatusPage(
          name: "no-received", iconName: IconName.received, title: localized("No Received Memes"),
          description: localized(
            "Memes others send you appear here once you collect them, or drop them here."),
          button: StatusPage.Button(
            label: localized("_Collect…"), actionName: SentMemesAction.collect.detailedName))
      ),
      (
        "all-received",
        StatusPage(
          name: "all-received", iconName: IconName.noPicture, title: localized("No Memes of Your Own"),
          description: localized("Every meme here was received. Memes you share appear here."),
          button: makeMeme)
      ),
    ]
  }
}
