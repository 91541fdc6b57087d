// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// The caption font chooser: a button naming the family, opening a list of families, each written
/// in its own face, with a search field that matches anywhere in the name ("serif" finds "DejaVu
/// Serif") and takes the keys typed as soon as the list opens. (GTK 4.8's drop-down searches by
/// prefix only and shows every name in the interface font.)
///
/// The list opens below the button, which spans the style panel at the window's end, so it stays
/// within the panel and does not lie over the captions being styled.
final class FontList {
  /// The button; put it in the style controls.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// Called with the family chosen (nil: the default meme face).
  var onChoose: (String?) -> Void = { _ in }
  let search: SearchEntry
  let listView: UnsafeMutablePointer<GtkWidget>
  /// The search field's widget (tests type into it).
  var searchEntry: UnsafeMutablePointer<GtkWidget> { search.widget }
  private let defaultLabel: String
  /// What the search field filters the list by.
  private let filter = StringFilter()
  private let selection: SingleSelection
  private let popover: Popover
  private let factory: ObjectOwner
  private let label: Label
  /// The family named on the button (nil: the default face).
  private var current: String?

  /// `families` in the list, after the default face named `defaultLabel`.
  init(families: [String], defaultLabel: String) {
    self.defaultLabel = defaultLabel
    selection = SingleSelection(over: filter.filtering([defaultLabel] + families))
    selection.selectsAutomatically = false
    selection.allowsNoSelection = true

    factory = ObjectOwner(taking: gtk_signal_list_item_factory_new())
    listView = Widget.listView(of: selection, factory: factory)
    listView.name = "font-list"
    gtk_list_view_set_single_click_activate(gtkkit_list_view(listView), 1)
    Accessible.setLabel(listView, localized("Fonts"))
    let scrolled = ScrolledWindow(vertical: listView)
    scrolled.setMinimumContentSize(width: 260, height: 320)

    search = SearchEntry()
    search.widget.name = "font-search"
    Accessible.setLabel(search.widget, localized("Search fonts"))
    let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    box.append(search.widget)
    box.append(scrolled.widget)
    popover = Popover(child: box.widget, position: GTK_POS_BOTTOM)
    popover.widget.name = "font-popover"

    label = Label(defaultLabel)
    label.ellipsize(PANGO_ELLIPSIZE_END)
    label.textAlignment = 0
    widget = MenuButton(child: label.widget, popover: popover).widget
    widget.name = "font-family"
    connectSignals()
  }

  /// Names `family` on the button (nil: the default face) without calling `onChoose`.
  func show(_ family: String?) {
    current = family
    label.text = family ?? defaultLabel
  }

  /// The names the list shows now, in order (tests look at them).
  var shownNames: [String] {
    (0..<selection.count).compactMap { selection.string(at: $0) }
  }

  /// Chooses the entry at `position` of the list as shown (filtered).
  func choose(at position: UInt32) {
    guard let name = selection.string(at: Int(position)) else { return }
    let family = name == defaultLabel ? nil : name
    show(family)
    popover.close()
    onChoose(family)
  }

  private func connectSignals() {
    Signal.connectListItem(factory.raw, "setup") { item in
      let label = Label()
      label.textAlignment = 0
      label.ellipsize(PANGO_ELLIPSIZE_END)
      label.widget.setMargins(top: 4, bottom: 4)
      ListItem(item).child = label.widget
    }
    Signal.connectListItem(factory.raw, "bind") { [weak self] item in
      let item = ListItem(item)
      guard let self, let child = item.child, let name = item.string else { return }
      let label = Label(wrapping: child)
      label.text = name
      // Each name in its own face; the default entry in the face it stands for.
      label.showInFace(name == defaultLabel ? FontResolver.resolve(nil).family : name, scale: 1.25)
    }
    Signal.connectActivatePosition(listView) { [weak self] position in
      self?.choose(at: UInt32(position))
    }
    Signal.connect(search.widget, "search-changed") { [weak self] in
      guard let self else { return }
      filter.search = search.text
    }
    // Enter in the search field takes the first match.
    Signal.connect(search.widget, "activate") { [weak self] in self?.choose(at: 0) }
    // Escape: the search field takes it (as "stop-search") before the popover sees it, which left
    // the list open over the window, keeping the window's shortcuts from it. It closes the list,
    // as it closes every other menu.
    Signal.connect(search.widget, "stop-search") { [weak self] in self?.popover.close() }
    // Keys typed while the list is open go to the search field, the first time too.
    search.captureKeys(from: popover.widget)
    Signal.connect(popover.widget, "show") { [weak self] in
      guard let self else { return }
      search.text = ""
      filter.search = ""
      // The family in use is the one highlighted.
      let position = shownNames.firstIndex(of: current ?? defaultLabel) ?? 0
      selection.selectedPosition = Int(position)
      search.widget.grabFocus()
    }
  }
}
