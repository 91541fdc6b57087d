// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeEditing
import MemeStore

/// "New from Template": the templates as a grid of their pictures and names, most used first, with a
/// search entry that filters them by name as you type (case and accents ignored). Pressing one starts
/// a meme from it (`onChoose`); each can be renamed, or deleted with Undo in a toast. With no
/// templates a status page says how to make them, with a button to import a folder.
package final class TemplateGallery: AppWindow {
  package let window: UnsafeMutablePointer<GtkWidget>
  let library: TemplateLibrary
  let search = SearchEntry()
  private let grid = FlowBox()
  let stack = Stack()
  let toasts = ToastOverlay(dismissLabel: localized("Dismiss"))
  /// The templates shown now, in the grid's order, with their tiles.
  package private(set) var tiles: [(template: MemeTemplate, tile: TemplateTile)] = []
  /// Starts a meme from the template pressed.
  var onChoose: (MemeTemplate) -> Void = { _ in }
  /// Asks for the folder to import; tests replace it to answer without a dialog.
  package lazy var filePicker: FilePicker = NativeFilePicker.over(window, preferences: preferences)
  private let preferences: Preferences
  /// Deleted templates whose Undo is still offered, and the toast offering it.
  private(set) var pendingDeletions: [Int64] = []
  private var undoToast: Toast?
  private(set) var isDestroyed = false

  init(
    application: Application, library: TemplateLibrary, preferences: Preferences,
    over parent: UnsafeMutablePointer<GtkWidget>?
  ) {
    self.library = library
    self.preferences = preferences
    window = Self.makeWindow(of: application, title: localized("New from Template"), name: "template-gallery")
    toplevel.defaultSize = (640, 560)
    if let parent { toplevel.makeModal(over: parent) }
    buildContent()
    addActions()
    Signal.connect(window, "destroy") { [weak self] in self?.windowDestroyed() }
    show()
  }

  package func present() { toplevel.present() }

  // MARK: - Building the tree

  private func buildContent() {
    let header = HeaderBar()
    search.widget.name = "template-search"
    Accessible.setLabel(search.widget, localized("Search templates"))
    search.captureKeys(from: window)
    header.titleWidget = search.widget
    let importButton = Button(iconName: IconName.newMeme).widget
    importButton.name = "import-templates-button"
    importButton.actionName = TemplateAction.importTemplates.detailedName
    Accessible.setLabel(importButton, localized("Import Folder as Templates"))
    importButton.tooltip = localized("Import Folder as Templates")
    header.packStart(importButton)
    Signal.connect(search.widget, "search-changed") { [weak self] in self?.show() }

    let scrolled = ScrolledWindow(vertical: grid.widget)
    grid.widget.setMargins(top: 18, bottom: 18, start: 18, end: 18)
    grid.widget.verticalAlignment = GTK_ALIGN_START
    stack.add(scrolled.widget, named: "templates")
    stack.add(
      StatusPage(
        name: "no-templates", iconName: IconName.templates, title: localized("No Templates Yet"),
        description: localized(
          "Choose “Use as Template” on a meme in Sent Memes or on a picture in the editor, or import a folder of pictures."
        ),
        button: StatusPage.Button(
          label: localized("_Import Folder…"), actionName: TemplateAction.importTemplates.detailedName)
      ).makeWidget(), named: "empty")
    stack.add(
      StatusPage(
        name: "no-matching-templates", iconName: IconName.templates,
        title: localized("No Matching Templates"),
        description: localized("No template’s name has these words.")
      ).makeWidget(), named: "no-results")
    toasts.child = stack.widget
    AdwWindow.setContent(of: window, header: header, body: toasts.widget)
  }

  private func addActions() {
    actions.add(TemplateAction.importTemplates.name) { [weak self] in self?.importFolder() }
    actions.add("close") { [weak self] in self?.toplevel.close() }
    window.addShortcut(keyval: UInt32(GDK_KEY_Escape), action: "win.close")
  }

  // MARK: - Showing the templates

  /// Shows the library's templates that match the search, most used first.
  func show() {
    guard !isDestroyed else { return }
    let query = search.text
    let matching = library.templates.filter { TemplateName.matches($0.name, query: query) }
    grid.removeAll()
    tiles = matching.map { template in
      let tile = TemplateTile(template)
      connect(tile, to: template)
      grid.append(tile.widget)
      return (template, tile)
    }
    stack.visibleChildName =
      library.templates.isEmpty ? "empty" : matching.isEmpty ? "no-results" : "templates"
  }

  private func connect(_ tile: TemplateTile, to template: MemeTemplate) {
    let id = template.id
    Signal.connect(tile.button, "clicked") { [weak self] in self?.choose(id: id) }
    Signal.connect(tile.renameButton, "clicked") { [weak self] in self?.rename(id: id) }
    Signal.connect(tile.deleteButton, "clicked") { [weak self] in self?.delete(id: id) }
  }

  // MARK: - What the user does

  /// Starts a meme from the template (it counts as used).
  package func choose(id: Int64) {
    guard let template = library.templates.first(where: { $0.id == id }) else { return }
    library.markUsed(id: id)
    onChoose(template)
  }

  package func rename(id: Int64) {
    guard let template = library.templates.first(where: { $0.id == id }) else { return }
    TemplateRenameDialog.present(for: template, over: window) { [weak self] name in
      self?.library.rename(id: id, to: name)
    }
  }

  /// Hides the template and offers Undo; it goes for good once the toast does.
  package func delete(id: Int64) {
    guard let template = library.templates.first(where: { $0.id == id }), library.delete(id: id) else {
      return
    }
    pendingDeletions.append(id)
    let toast = Toast(String(format: localized("“%@” deleted"), template.name))
    toast.buttonLabel = localized("Undo")
    toast.onButtonClicked { [weak self] in self?.undoDeletions() }
    toast.onDismissed { [weak self, raw = toast.raw] in
      guard let self, undoToast?.raw == raw else { return }
      undoToast = nil
      purgePendingDeletions()
    }
    undoToast = toast
    toasts.show(toast, replacingOthers: true)
  }

  /// Brings back every template deleted while the Undo toast was shown.
  package func undoDeletions() {
    let ids = pendingDeletions
    pendingDeletions.removeAll()
    undoToast = nil
    for id in ids { library.undoDelete(id: id) }
  }

  private func purgePendingDeletions() {
    guard !pendingDeletions.isEmpty else { return }
    pendingDeletions.removeAll()
    library.purge()
  }

  /// Asks for a folder and makes a template of every picture in it; files that could not be read
  /// are named in one message.
  package func importFolder() {
    filePicker(.templateFolder) { [weak self] folder in
      guard let self, let folder else { return }
      library.importFolder(folder) { [weak self] kept, skipped in
        guard let self, !isDestroyed else { return }
        toasts.show(Toast(Self.importedMessage(kept)))
        guard !skipped.isEmpty else { return }
        MessageDialog.present(
          parent: window.asWindow, heading: localized("Some files were not imported"),
          body: skipped.joined(separator: "\n"))
      }
    }
  }

  static func importedMessage(_ count: Int) -> String {
    String(format: localizedPlural("%d template imported", "%d templates imported", count), count)
  }

  private func windowDestroyed() {
    isDestroyed = true
    undoToast = nil
    purgePendingDeletions()
  }
}
