// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// The app's templates: the store's (`SentMemeStore`'s templates), and the list the gallery shows,
/// most used first. Making a template decodes and encodes a picture, so it runs on a background
/// thread and the list changes when it is done; renaming, deleting and counting a use are single row
/// writes and run at once. Deleting is undoable until `purge` (the store hides a deleted template and
/// keeps its files until then).
package final class TemplateLibrary {
  let store: SentMemeStore
  /// The templates, as the gallery shows them (most used first).
  package private(set) var templates: [MemeTemplate] = []
  /// Called whenever `templates` changes (the gallery shows them again).
  var onChange: () -> Void = {}
  /// Called with a message for the user when the store fails.
  var onError: (_ title: String, _ message: String) -> Void = { _, _ in }
  /// Work started and not finished yet (tests wait for it).
  package private(set) var pendingWork = 0

  init(store: SentMemeStore) {
    self.store = store
  }

  /// Reads the templates again, off the main thread.
  package func reload(then completion: @escaping () -> Void = {}) {
    let store = store
    run(
      { Result { try store.templates() } },
      then: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let templates): show(templates)
        case .failure(let error): onError(localized("Could not read the templates"), Self.message(error))
        }
        completion()
      })
  }

  /// Makes a template with `makeDraft` and keeps it, off the main thread; `completion` gets it, or
  /// nil after the user was told why not.
  func add(
    _ makeDraft: @escaping @Sendable () throws -> MemeTemplateDraft,
    then completion: @escaping (MemeTemplate?) -> Void
  ) {
    let store = store
    run(
      { Result { try store.saveTemplate(try makeDraft()) } },
      then: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let template):
          // Read again: the list's order is the store's.
          reload { completion(template) }
        case .failure(let error):
          onError(localized("Could not make the template"), Self.message(error))
          completion(nil)
        }
      })
  }

  /// Every picture in `folder` becomes a template (`TemplateFolderImport`), off the main thread.
  /// `completion` gets how many were kept and what was skipped (each reason names its file).
  func importFolder(_ folder: URL, then completion: @escaping (_ kept: Int, _ skipped: [String]) -> Void) {
    let store = store
    run(
      {
        Result { () throws -> (Int, [String]) in
          // One template at a time, each committed as it is made.
          let outcome = try TemplateFolderImport.read(folder: folder) { try store.saveTemplate($0) }
          return (outcome.kept, outcome.skipped)
        }
      },
      then: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success(let (kept, skipped)):
          reload { completion(kept, skipped) }
        case .failure(let error):
          onError(localized("Could not import the folder"), Self.message(error))
          completion(0, [])
        }
      })
  }

  /// Gives a template a new name; false (the user was told) when the store refused.
  @discardableResult
  func rename(id: Int64, to name: String) -> Bool {
    perform(failure: localized("Could not rename the template")) {
      try store.renameTemplate(id: id, to: name)
      return try store.templates()
    }
  }

  /// Hides a template (undoable until `purge`).
  @discardableResult
  func delete(id: Int64) -> Bool {
    perform(failure: localized("Could not delete the template")) {
      try store.deleteTemplate(id: id)
      return try store.templates()
    }
  }

  /// Brings back a deleted template.
  @discardableResult
  func undoDelete(id: Int64) -> Bool {
    perform(failure: localized("Could not restore the template")) {
      try store.undoDeleteTemplate(id: id)
      return try store.templates()
    }
  }

  /// Counts a meme started from the template (the gallery then shows it higher).
  func markUsed(id: Int64) {
    perform(failure: localized("Could not update the template")) {
      try store.markTemplateUsed(id: id)
      return try store.templates()
    }
  }

  /// Removes deleted templates and their files for good, off the main thread.
  func purge() {
    let store = store
    run({ _ = try? store.purgeDeletedTemplates() }, then: { _ in })
  }

  // MARK: - Helpers

  private func show(_ templates: [MemeTemplate]) {
    self.templates = templates
    onChange()
  }

  /// A row write and a read of the list, at once; the user is told when it fails.
  @discardableResult
  private func perform(failure title: String, _ body: () throws -> [MemeTemplate]) -> Bool {
    do {
      show(try body())
      return true
    } catch {
      onError(title, Self.message(error))
      return false
    }
  }

  private func run<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, then completion: @escaping (Result) -> Void
  ) {
    pendingWork += 1
    MainLoop.runInBackground(work) { [weak self] result in
      self?.pendingWork -= 1
      completion(result)
    }
  }

  static func message(_ error: Error) -> String {
    (error as? StoreError)?.message ?? (error as? ImageError)?.description ?? error.localizedDescription
  }
}
