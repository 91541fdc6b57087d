// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// What the Sent Memes window shows in place of its memes: before the first meme, what this is and
/// how to make one; when a search finds nothing, that it found nothing.
struct SentMemesEmptyStates {
  /// The memes' page, the empty state or the no-results one.
  let stack = Stack()

  /// Puts `memes` (the notebook of the List and the Grid) in the stack beside the two states.
  init(memes: Widget) {
    stack.add(Self.makeEmptyState(), named: "empty")
    stack.add(Self.makeNoResultsState(), named: "no-results")
    stack.add(memes, named: "memes")
    stack.widget.expandsVertically = true
  }

  /// Shows the memes, or the state that says why there are none.
  func show(isEmpty: Bool, isFiltered: Bool) {
    let shown = !isEmpty ? "memes" : isFiltered ? "no-results" : "empty"
    stack.visibleChildName = shown
    // The pages not shown stay visible widgets in GTK 4.8: hide them from screen readers too.
    for name in ["empty", "no-results", "memes"] {
      if let page = stack.child(named: name) { Accessible.setHidden(page, name != shown) }
    }
  }

  /// What the window shows before the first meme: what this is and how to make one.
  private static func makeEmptyState() -> Widget {
    StatusPage(
      name: "empty-state", iconName: IconName.noPicture,
      title: localized("No Sent Memes"),
      description: localized("Memes you share appear here. Click + to make your first one."),
      button: StatusPage.Button(
        label: localized("_Make a Meme"), actionName: SentMemesAction.add.detailedName)
    ).makeWidget()
  }

  /// What the window shows when a search finds nothing.
  private static func makeNoResultsState() -> Widget {
    StatusPage(
      name: "no-results", iconName: IconName.search, title: localized("No Results Found"),
      description: localized("No sent meme has these words in its texts. Try other or fewer words.")
    ).makeWidget()
  }
}
