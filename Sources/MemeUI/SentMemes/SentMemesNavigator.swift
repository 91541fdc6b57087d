// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeStore
import MemeTextReading

/// Moves the user between the editor, Sent Memes and a meme's detail, one window at a time.
///
/// The Sent Memes window lives as long as the app and is hidden, not destroyed, while the editor or
/// a detail is shown, so it comes back on the tab and scroll position the user left. The window
/// being left hands its size to the one shown, so the switch feels like turning a page. Closing the
/// editor or a detail any way (Cancel, Back, the close button) returns to Sent Memes.
package final class SentMemesNavigator {
  let application: Application
  let memes: SentMemesLibrary
  package let thumbnails: ThumbnailCache
  /// Makes or returns the app's editor window (the app sets it up: camera, files, shortcuts).
  private let makeEditor: () -> EditorWindow
  package private(set) var sentMemesWindow: SentMemesWindow?
  package private(set) var detailWindow: DetailWindow?
  private(set) weak var adoptedEditor: EditorWindow?
  /// Templates, kept in the same store (see `SentMemesNavigator+Templates`).
  package let templates: TemplateLibrary
  /// "New from Template", while it is open.
  package var templateGallery: TemplateGallery?

  let preferences: Preferences
  /// Reads the words in received memes, once the store has passed its check (`reading.start()`).
  package let reading: ReceivedMemeReading

  /// `textReader` is the app's one reader thread.
  init(
    application: Application, memes: SentMemesLibrary, preferences: Preferences,
    textReader: BackgroundTextReader, makeEditor: @escaping () -> EditorWindow
  ) {
    self.application = application
    reading = ReceivedMemeReading(reader: textReader, memes: memes)
    self.memes = memes
    self.preferences = preferences
    self.makeEditor = makeEditor
    thumbnails = ThumbnailCache(store: memes.store)
    templates = TemplateLibrary(store: memes.store)
    thumbnails.onThumbnailReplaced = { [weak memes] meme in memes?.list.update(meme) }
    memes.onSaved = { [weak self] meme in self?.shareCompleted(meme) }
    memes.onError = { [weak self] title, message in self?.showError(title: title, detail: message) }
    templates.onError = { [weak self] title, message in self?.showError(title: title, detail: message) }
    templates.onChange = { [weak self] in self?.templateGallery?.show() }
    // The detail of a meme just read shows its words as its description.
    reading.onRead = { [weak self] meme in
      guard let detail = self?.detailWindow, !detail.isDestroyed, detail.meme.id == meme.id else { return }
      detail.show(meme)
    }
  }

  /// At launch (and on a later launch): the window already shown, else Sent Memes when there are
  /// memes, else the editor.
  func presentAtLaunch() {
    if let visible = visibleWindow {
      Window(wrapping: visible).present(requestedAt: requestTime)
    } else if !memes.isEmpty {
      showSentMemes()
    } else {
      showEditor()
    }
  }

  // MARK: - Going places

  /// When the user asked for the window being shown, in the window system's time (GNOME Shell
  /// passes it with a search result), or 0 for now: see `Window.present(requestedAt:)`.
  private var requestTime: UInt32 = 0

  /// Runs `body`, whose windows are presented as asked for at `time`.
  func presenting(requestedAt time: UInt32, _ body: () -> Void) {
    requestTime = time
    defer { requestTime = 0 }
    body()
  }

  /// Shows Sent Memes (on `tab`, if given). The window that asked closes itself (the editor's
  /// Cancel) or is closed by the caller.
  @discardableResult
  func showSentMemes(tab: SentMemesWindow.Tab? = nil) -> SentMemesWindow {
    let target = sentMemesWindow ?? makeSentMemesWindow()
    if let tab { target.currentTab = tab }
    let leaving = visibleWindow
    if leaving != target.window { carryGeometry(from: leaving, to: target.window) }
    target.present(requestedAt: requestTime)
    return target
  }

  /// Shows the editor, empty or with a sent meme to change and resend, in place of the window
  /// shown now.
  @discardableResult
  func showEditor(_ meme: Meme? = nil) -> EditorWindow {
    let leaving = visibleWindow
    let editor = makeEditor()
    if leaving != editor.window { carryGeometry(from: leaving, to: editor.window) }
    editor.present(requestedAt: requestTime)
    if let meme { editor.loading.load(sent: meme) }
    hideOrClose(leaving, keeping: editor.window)
    return editor
  }

  /// Shows a meme's detail in place of Sent Memes.
  @discardableResult
  func showDetail(id: Int64, from tab: SentMemesWindow.Tab) -> DetailWindow? {
    // Not in the list when a search hides it (the desktop's search opens any meme).
    guard let meme = memes.list.meme(id: id) ?? memes.storedMeme(id: id) else { return nil }
    let leaving = visibleWindow
    // Another meme's detail gives way to this one once this one shows (its size carried over first:
    // destroyed any sooner, its widget would be read after it was freed).
    let previousDetail = detailWindow
    let detail = DetailWindow(application: application, meme: meme, returnTab: tab, preferences: preferences)
    detail.onBack = { [weak self, weak detail] in
      guard let self, let detail else { return }
      back(from: detail)
    }
    detail.onEdit = { [weak self] meme in self?.showEditor(meme) }
    detail.saveDescription = { [weak self] id, text in self?.memes.setDescription(text, ofMemeWithID: id) }
    detail.recordSavedFile = { [weak self] id, file in self?.memes.recordSavedFile(file, ofMemeWithID: id) }
    detail.onReadTextAgain = { [weak self] meme in self?.reading.read(meme) }
    addTemplateActions(to: detail)
    detail.onDelete = { [weak self, weak detail] id in
      guard let self, let detail else { return }
      back(from: detail)
      sentMemesWindow?.deletion.delete(id: id)
    }
    Signal.connect(detail.window, "destroy") { [weak self, weak detail] in
      guard let self else { return }
      if detailWindow === detail { detailWindow = nil }
      returnToSentMemesIfNothingShown()
    }
    detailWindow = detail
    carryGeometry(from: leaving, to: detail.window)
    detail.present(requestedAt: requestTime)
    if let previousDetail {
      previousDetail.toplevel.destroy()
      if leaving == previousDetail.window { return detail }
    }
    hideOrClose(leaving, keeping: detail.window)
    return detail
  }

  /// Back from a detail: Sent Memes on the tab the detail was opened from, the meme selected.
  func back(from detail: DetailWindow) {
    let window = showSentMemes(tab: detail.returnTab)
    window.select(id: detail.meme.id)
    // Closed on the next iteration: this runs inside one of the detail window's own actions.
    Self.closeSoon(detail)
  }

  /// The app made (or presented) an editor: Cancel and closing it lead back here.
  func adopt(_ editor: EditorWindow) {
    editor.showSentMemes = { [weak self] in self?.showSentMemes() }
    guard adoptedEditor !== editor else { return }
    adoptedEditor = editor
    addTemplateActions(to: editor)
    // A panel meme's cell can take a sent meme.
    editor.panels.bar.sentMemes.meme = { [weak self] position in self?.memes.list.meme(at: position) }
    editor.panels.bar.sentMemes.memeCount = { [weak self] in self?.memes.list.count ?? 0 }
    Signal.connect(editor.window, "destroy") { [weak self, weak editor] in
      guard let self else { return }
      if adoptedEditor === editor { adoptedEditor = nil }
      // After GTK destroys the editor; deferred so the app has forgotten it too.
      MainLoop.post { [weak self] in self?.returnToSentMemesIfNothingShown() }
    }
  }

  /// A share completed and the meme is stored: the editor closes and Sent Memes shows it on top,
  /// selected and focused (Enter opens it), with the editor's confirmation.
  private func shareCompleted(_ meme: SentMeme) {
    let editor = adoptedEditor
    let window = showSentMemes()
    window.select(id: meme.id)
    if let confirmation = editor?.sharing.confirmation { window.confirm(confirmation) }
    if let editor { editor.toplevel.close() }
  }

  // MARK: - Windows

  private func makeSentMemesWindow() -> SentMemesWindow {
    let window = SentMemesWindow(
      application: application, memes: memes, thumbnails: thumbnails, preferences: preferences)
    window.onAdd = { [weak self] in self?.showEditor() }
    window.onOpen = { [weak self] id, tab in self?.showDetail(id: id, from: tab) }
    window.onReadTextAgain = { [weak self] meme in self?.reading.read(meme) }
    window.collecting.onCollected = { [weak self] meme in self?.reading.read(meme) }
    addTemplateActions(to: window)
    // New from Layout: a new editor with the empty grid.
    PanelLayoutChoice.add(to: window.actions) { [weak self] arrangement in
      self?.showEditor().panels.start(arrangement)
    }
    Signal.connect(window.window, "destroy") { [weak self, weak window] in
      guard let self, sentMemesWindow === window else { return }
      sentMemesWindow = nil
    }
    sentMemesWindow = window
    return window
  }

  /// The one of our windows the user sees now.
  var visibleWindow: UnsafeMutablePointer<GtkWidget>? {
    [detailWindow?.window, adoptedEditor?.window, sentMemesWindow?.window].compactMap { $0 }.first {
      ($0).isVisible
    }
  }

  /// Sent Memes is hidden while away; a detail is closed (on the next iteration, as this may run
  /// inside one of its actions).
  private func hideOrClose(
    _ leaving: UnsafeMutablePointer<GtkWidget>?, keeping kept: UnsafeMutablePointer<GtkWidget>
  ) {
    guard let leaving, leaving != kept else { return }
    if leaving == sentMemesWindow?.window {
      leaving.isVisible = false
    } else if let detailWindow, leaving == detailWindow.window {
      Self.closeSoon(detailWindow)
    }
  }

  /// Closes a detail at the next iteration, unless it is gone by then.
  private static func closeSoon(_ detail: DetailWindow) {
    MainLoop.post { [weak detail] in
      guard let detail, !detail.isDestroyed else { return }
      detail.toplevel.close()
    }
  }

  private func returnToSentMemesIfNothingShown() {
    guard visibleWindow == nil, let sentMemesWindow else { return }
    sentMemesWindow.present()
  }

  /// The new window takes the old one's size and maximised state.
  private func carryGeometry(
    from source: UnsafeMutablePointer<GtkWidget>?, to target: UnsafeMutablePointer<GtkWidget>
  ) {
    guard let sourceWidget = source, sourceWidget.isVisible else { return }
    let (source, target) = (Window(wrapping: sourceWidget), Window(wrapping: target))
    if source.isMaximized {
      target.isMaximized = true
      return
    }
    // The default size, not the widget's: GTK 4 keeps it at the window's current size (the user's
    // resizes included) in the units `set_default_size` takes, while the widget's allocation leaves
    // out the client-side decorations' margins, so handing that on shrank the window at each turn.
    let size = source.defaultSize
    guard size.width > 0, size.height > 0 else { return }
    target.defaultSize = size
  }

  /// Closes this navigator's Sent Memes and detail windows: another navigator, on a rebuilt store,
  /// has taken over (and adopted the editor). Sent Memes first, so that the detail's closing does
  /// not bring it back.
  func closeWindows() {
    reading.stop()
    let detail = detailWindow
    if let sentMemesWindow {
      self.sentMemesWindow = nil
      sentMemesWindow.toplevel.destroy()
    }
    if let detail, !detail.isDestroyed { detail.toplevel.destroy() }
  }

  func showError(title: String, detail: String) {
    let parent = visibleWindow.flatMap { gtkkit_window($0) }
    MessageDialog.present(parent: parent, heading: title, body: detail)
  }
}
