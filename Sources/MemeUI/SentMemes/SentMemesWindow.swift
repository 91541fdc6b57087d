// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// The Sent Memes window: an Add button, a search bar, a notebook with the List and the Grid over one
/// shared model and selection, an empty state and a no-results one, and toasts: Undo for deletions,
/// what a share did. Its parts own their state: deletion with undo (`SentMemesDeletion`), search
/// (`SentMemesSearch`), keyboard focus (`SentMemesFocus`), the context menu (`SentMemesContextMenu`)
/// and moving memes (`SentMemesReordering`). This file holds the views and the wiring; `SentMemesWindow+Actions.swift`
/// the `win.` actions.
package final class SentMemesWindow: AppWindow, SentMemesHost {
  /// The notebook's pages, in order.
  package enum Tab: Int {
    case list = 0
    case grid = 1
  }

  package let window: UnsafeMutablePointer<GtkWidget>
  package let memes: SentMemesLibrary
  let thumbnails: ThumbnailCache
  let timeFormatter = SentTimeFormatter()

  /// `GtkSingleSelection *` over `memes.list`, shared by both views (one reference of our own).
  let selection: SingleSelection
  /// The memes, or why there are none.
  private(set) var states: SentMemesEmptyStates!
  private(set) var notebook = Notebook()
  package private(set) var listView: UnsafeMutablePointer<GtkWidget>!
  /// The Grid's notebook page. Its view is built the first time the page is shown or the view is
  /// asked for, not with the window: a window that opens on the List has no use for its tiles yet.
  private var gridPage: Box!
  private var builtGrid: (view: UnsafeMutablePointer<GtkWidget>, factory: MemeItemFactory<MemeGridTile>)?
  package private(set) var listFactory: MemeItemFactory<MemeListRow>!
  /// The toasts over the window's content: what a share did ("Saved “cat-meme.png”"), said again
  /// here when Sent Memes takes over, and Undo for deletions, which takes its place.
  let toasts = ToastOverlay(dismissLabel: localized("Dismiss"))
  /// The bar at the top of the window, built before the body it stands above.
  private(set) var header: SentMemesHeader!

  private(set) var deletion: SentMemesDeletion!
  private(set) var searching: SentMemesSearch!
  private(set) var focus: SentMemesFocus!
  private(set) var contextMenu: SentMemesContextMenu!
  private(set) var reordering: SentMemesReordering!
  /// Collect, and pictures dropped or pasted: memes others sent, kept as received ones.
  private(set) var collecting: SentMemesCollecting!
  /// Set when GTK destroys the window: work posted earlier must not touch its widgets.
  private(set) var isDestroyed = false

  /// Add: open an empty editor.
  var onAdd: () -> Void = {}
  /// A meme was activated: show its detail, remembering the tab it was opened from.
  var onOpen: (_ id: Int64, _ tab: Tab) -> Void = { _, _ in }
  /// Read Text Again on a received meme.
  var onReadTextAgain: (SentMeme) -> Void = { _ in }

  init(
    application: Application, memes: SentMemesLibrary, thumbnails: ThumbnailCache, preferences: Preferences
  ) {
    self.memes = memes
    self.thumbnails = thumbnails
    SentMemesStyleSheet.installOnce()
    selection = SingleSelection(over: memes.list.model)
    window = Self.makeWindow(of: application, title: localized("Sent Memes"), name: "sent-memes-window")
    // The same size as the editor: the navigator turns between them like pages.
    preferences.rememberGeometry(of: window)
    deletion = SentMemesDeletion(host: self)
    searching = SentMemesSearch(host: self, keysFrom: notebook.widget)
    focus = SentMemesFocus(host: self)
    contextMenu = SentMemesContextMenu(host: self)
    reordering = SentMemesReordering(host: self) { [unowned self] in searching.refusesToReorder() }
    collecting = SentMemesCollecting(host: self, preferences: preferences)
    // The View choice as remembered, before the first rows are made.
    memes.show(preferences.receivedFilter)
    header = SentMemesHeader(searchButton: searching.button.widget)
    buildContent()
    addActions()
    ReceivedFilterChoice.add(to: actions, preferences: preferences) { [weak self] filter in
      self?.showReceived(filter)
    }
    contextMenu.build(for: .list)
    connectModel()
    updateState()
    Signal.connect(window, "destroy") { [weak self] in
      guard let self else { return }
      isDestroyed = true
      deletion.windowDestroyed()
    }
  }

  /// The search bar under the header bar.
  package var search: SearchBar { searching.bar }

  /// The Grid's view, built on first use.
  package var gridView: UnsafeMutablePointer<GtkWidget> { grid.view }
  package var gridFactory: MemeItemFactory<MemeGridTile> { grid.factory }
  /// The List's view, and the Grid's once it is built.
  var builtViews: [UnsafeMutablePointer<GtkWidget>] { [listView] + (builtGrid.map { [$0.view] } ?? []) }
  /// The tiles the Grid shows now; none before it is built.
  var boundGridTiles: [MemeGridTile] { builtGrid?.factory.boundCells ?? [] }

  private var grid: (view: UnsafeMutablePointer<GtkWidget>, factory: MemeItemFactory<MemeGridTile>) {
    if let builtGrid { return builtGrid }
    let built = buildGrid()
    contextMenu.build(for: .grid)
    return built
  }

  func present(requestedAt time: UInt32 = 0) {
    toplevel.present(requestedAt: time)
    (currentTab == .list ? listView : gridView).grabFocus()
  }

  package var currentTab: Tab {
    get { Tab(rawValue: notebook.currentPage) ?? .list }
    set { notebook.currentPage = newValue.rawValue }
  }

  /// The selected meme's position, if any.
  var selectedPosition: Int? {
    selection.selectedPosition
  }

  var selectedMeme: SentMeme? { selectedPosition.flatMap { memes.list.meme(at: $0) } }

  /// Selects the meme in the current view (or `tab`'s), scrolls it into view and gives its row or
  /// tile the keyboard focus, so that Enter and Delete act on the meme shown selected.
  func select(id: Int64, in tab: Tab? = nil) {
    guard !isDestroyed, let position = memes.list.index(of: id) else { return }
    let tab = tab ?? currentTab
    let view = view(for: tab)
    gtkkit_list_select_item(view, guint(position))
    selection.selectedPosition = position
    view.scrollToItem(at: position)
    focus.move(to: id, in: tab)
  }

  /// The list or the grid.
  func view(for tab: Tab) -> UnsafeMutablePointer<GtkWidget> {
    tab == .list ? listView : gridView
  }

  /// The meme ids and widgets of the rows or tiles `tab`'s view shows now.
  func boundCells(in tab: Tab) -> [(id: Int64?, widget: UnsafeMutablePointer<GtkWidget>)] {
    tab == .list
      ? listFactory.boundCells.map { ($0.memeID, $0.widget) }
      : boundGridTiles.map { ($0.memeID, $0.widget) }
  }

  // MARK: - Building the tree

  private func buildContent() {
    notebook.widget.name = "sent-memes-notebook"
    buildList()
    appendGridPage()
    states = SentMemesEmptyStates(memes: notebook.widget)
    let body = Box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    body.append(search.widget)
    body.append(states.stack.widget)
    toasts.child = body.widget
    collecting.acceptDrops(on: toasts.widget)
    AdwWindow.setContent(of: window, header: header.bar, body: toasts.widget)
  }

  private func buildList() {
    let events = cellEvents(for: .list)
    listFactory = MemeItemFactory(list: memes.list) { [thumbnails, timeFormatter] in
      MemeListRow(thumbnails: thumbnails, timeFormatter: timeFormatter, events: events)
    }
    // The view takes references of its own to the selection and the factory.
    listView = Widget.listView(of: selection, factory: listFactory.factory)
    setUpView(listView, name: "meme-list")
    focus.openOnClick(in: .list)
    let page = Self.scrolled(Self.clamped(listView))
    listFactory.rebindStaleCells(whenScrolling: listView)
    appendPage(
      page, tab: .list, title: localized("List"),
      tooltip: localized("List (Alt+1)"),
      icon: IconName.listView)
  }

  /// The Grid's tab and its page, empty until the grid is built into it.
  private func appendGridPage() {
    gridPage = Box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    appendPage(
      gridPage.widget, tab: .grid, title: localized("Grid"), tooltip: localized("Grid (Alt+2)"),
      icon: IconName.gridView)
  }

  /// Builds the grid into its page and keeps it in `builtGrid`.
  private func buildGrid() -> (view: UnsafeMutablePointer<GtkWidget>, factory: MemeItemFactory<MemeGridTile>)
  {
    let events = cellEvents(for: .grid)
    let sizer = GridTileSizer()
    let factory = MemeItemFactory(list: memes.list) { [thumbnails, sizer] in
      MemeGridTile(thumbnails: thumbnails, events: events, size: sizer.size)
    }
    sizer.onChange = { [weak self] size in
      for tile in self?.boundGridTiles ?? [] { tile.resize(to: size) }
    }
    let view = Widget.gridView(of: selection, factory: factory.factory)
    setUpView(view, name: "meme-grid")
    let scrolled = Self.scrolled(view)
    factory.rebindStaleCells(whenScrolling: view)
    sizer.follow(view, in: scrolled)
    gridPage.append(scrolled)
    builtGrid = (view, factory)
    focus.openOnClick(in: .grid)
    return (view, factory)
  }

  /// What the list and the grid share: a name that is also their style class, their accessible
  /// name, and opening the activated meme (Enter, a double click).
  private func setUpView(_ view: UnsafeMutablePointer<GtkWidget>, name: String) {
    view.name = name
    view.addCSSClass(name)
    Accessible.setLabel(view, localized("Sent memes"))
    Signal.connectActivatePosition(view) { [weak self] position in self?.open(at: position) }
  }

  private func cellEvents(for tab: Tab) -> MemeCellEvents {
    MemeCellEvents(
      contextMenu: { [weak self] id, widget, x, y in
        self?.contextMenu.show(for: id, in: tab, over: widget, x: x, y: y)
      },
      drop: { [weak self] dragged, target, below in
        self?.reordering.drop(dragged, onto: target, below: below)
      })
  }

  /// The list at a readable width: on a wide window a row's time would stand far from its caption.
  /// (AdwClampScrollable is itself scrollable, so the list still builds only the rows shown.)
  private static func clamped(_ view: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    let clamp = adw_clamp_scrollable_new()!
    adw_clamp_scrollable_set_maximum_size(gtkkit_adw_clamp_scrollable(clamp), 760)
    adw_clamp_scrollable_set_tightening_threshold(gtkkit_adw_clamp_scrollable(clamp), 600)
    adw_clamp_scrollable_set_child(gtkkit_adw_clamp_scrollable(clamp), view)
    return clamp
  }

  private static func scrolled(_ view: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    let scrolled = ScrolledWindow(vertical: view)
    scrolled.widget.expandsVertically = true
    return scrolled.widget
  }

  private func appendPage(
    _ page: UnsafeMutablePointer<GtkWidget>, tab: Tab, title: String, tooltip: String, icon: String
  ) {
    let tabContent = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    let label = tabContent.widget
    label.horizontalAlignment = GTK_ALIGN_CENTER
    tabContent.append(Image(iconName: icon).widget)
    tabContent.append(Label(title).widget)
    // The menu label doubles as the tab's plain-text name (the tab itself is an icon and a label);
    // tabs share the width, like a view switcher.
    notebook.appendPage(page, tab: label, title: title, expandsTab: true)
    // The tab (the label's parent) is what a screen reader lands on; GTK 4.8 names it "Tab" unless
    // it carries a name of its own.
    if let tabWidget = label.parent { Accessible.setLabel(tabWidget, title) }
    label.tooltip = tooltip
  }

  // MARK: - Model to widgets

  private func connectModel() {
    // One Sent Memes window shows a list at a time: it owns the list's change callback.
    memes.list.onChange = { [weak self] in self?.updateState() }
    Signal.connectNotify(selection.raw, property: "selected") { [weak self] in self?.updateState() }
    // Focus entering the other view selects its first item; the meme selected stays selected.
    Signal.connectSwitchPage(notebook.widget) { [weak self] page in
      guard let self else { return }
      // Before the page is shown: the grid is built the first time it is.
      if page == Tab.grid.rawValue { _ = gridView }
      exposeOnlyPage(page)
      showItemsOnlyIn(page)
      guard let id = selectedMeme?.id, let tab = Tab(rawValue: page) else { return }
      MainLoop.post { [weak self] in self?.select(id: id, in: tab) }
    }
    exposeOnlyPage(notebook.currentPage)
    showItemsOnlyIn(notebook.currentPage)
  }

  /// Only the view shown holds rows or tiles. The other is emptied, so that a search typed (or any
  /// change to the list) costs it nothing, and filled again when its tab is shown: GTK then builds
  /// the rows around where it is scrolled to, and the selected meme is scrolled to.
  private func showItemsOnlyIn(_ shown: Int) {
    listView.showItems(of: shown == Tab.list.rawValue ? selection : nil)
    builtGrid?.view.showItems(of: shown == Tab.grid.rawValue ? selection : nil)
  }

  /// The tab not shown stays a visible widget in GTK 4.8: hide its page from screen readers, which
  /// would otherwise walk the list while the grid is shown.
  private func exposeOnlyPage(_ shown: Int) {
    for (index, page) in notebook.pages.enumerated() { Accessible.setHidden(page, index != shown) }
  }

  /// The empty state or the notebook, and each action enabled from the current state.
  func updateState() {
    guard !isDestroyed else { return }
    states.show(isEmpty: memes.list.isEmpty, isSearching: memes.isSearching, filter: memes.receivedFilter)
    let target = targetMeme
    let hasSelection = target != nil
    for action in SentMemesAction.allCases where action.needsSelection {
      actions.action(named: action.name)?.isEnabled = hasSelection
    }
    actions.action(named: SentMemesAction.readTextAgain.name)?.isEnabled = target?.isReceived == true
    let position = target.flatMap { memes.list.index(of: $0.id) } ?? 0
    actions.action(named: SentMemesAction.moveUp.name)?.isEnabled = hasSelection && position > 0
    actions.action(named: SentMemesAction.moveDown.name)?.isEnabled =
      hasSelection && position < memes.list.count - 1
    actions.action(named: SentMemesAction.undo.name)?.isEnabled = deletion.canUndo
    actions.action(named: SentMemesAction.clearSearch.name)?.isEnabled = searching.isSearching
  }

  /// The View choice: the memes it lets through (and the search matches), from the top.
  private func showReceived(_ filter: ReceivedFilter) {
    memes.show(filter)
    if !memes.list.isEmpty {
      for view in builtViews where view.scrollOffset > 0 { view.scrollToItem(at: 0) }
    }
    updateState()
  }

  /// Says what a share did, in a toast (after any toast shown now).
  func confirm(_ confirmation: ShareConfirmation) {
    toasts.show(confirmation.toast(in: window))
  }

  /// Shows an error over this window.
  func showError(title: String, detail: String) {
    MessageDialog.present(parent: gtkkit_window(window), heading: title, body: detail)
  }
}
