// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeStore

/// The application's side of GNOME Shell's search provider: the object exported on the session bus,
/// and what each call of `org.gnome.Shell.SearchProvider2` does. Queries read the store and open no
/// window; activating a result opens its Detail, and "more results" opens Sent Memes searching.
enum SearchProviderService {
  /// How long an instance the desktop's search started (`--gapplication-service`) waits for the next
  /// call before it quits, in milliseconds: the overview asks again at each keystroke.
  static let inactivityTimeout: UInt32 = 20_000
}

extension MemeMeApplication {
  /// Exports the search provider on the session bus connection the application takes its name on,
  /// before it takes it: a call that started the app (D-Bus activation) is queued by the bus until
  /// then, and must find the object there. Does nothing without a session bus.
  package func exportSearchProvider() {
    guard searchProvider == nil, let connection = DBusConnection.session() else { return }
    do {
      searchProvider = try ExportedDBusObject(
        interfaceXML: SearchProviderInterface.xml,
        path: SearchProviderInterface.objectPath(applicationID: application.id), on: connection
      ) { [weak self] call in
        guard let self else { return call.fail(message: "MemeMe is quitting") }
        answer(call)
      }
    } catch {
      FileHandle.standardError.write(Data("mememe: no desktop search: \(error.message)\n".utf8))
    }
  }

  private func answer(_ call: DBusMethodCall) {
    // A call keeps the app running: in service mode, the inactivity timeout runs from its end.
    application.hold()
    defer { application.release() }
    guard let method = SearchProviderInterface.Method(name: call.methodName) else {
      return call.fail(name: "org.freedesktop.DBus.Error.UnknownMethod", message: call.methodName)
    }
    do {
      switch method {
      case .getInitialResultSet:
        call.reply([Variant(strings: try resultIDs(matching: call.argument(0)?.strings ?? []))])
      case .getSubsearchResultSet:
        // A new search, not a filter of the previous results: those were cut at the limit, and a
        // narrower search may find memes beyond it.
        call.reply([Variant(strings: try resultIDs(matching: call.argument(1)?.strings ?? []))])
      case .getResultMetas:
        call.reply([try resultMetas(of: call.argument(0)?.strings ?? [])])
      case .activateResult:
        if let id = call.argument(0)?.string.flatMap({ Int64($0) }) {
          showSearchResult(id: id, requestedAt: call.argument(2)?.uint32 ?? 0)
        }
        call.reply()
      case .launchSearch:
        showSearch(for: call.argument(0)?.strings ?? [], requestedAt: call.argument(1)?.uint32 ?? 0)
        call.reply()
      }
    } catch {
      call.fail(message: SentMemesLibrary.message(error))
    }
  }

  private var searchResults: SentMemesSearchResults? {
    sentMemes.map { SentMemesSearchResults(store: $0.memes.store) }
  }

  /// No results while the user has turned the desktop's search off, or without a store.
  private func resultIDs(matching terms: [String]) throws -> [String] {
    guard preferences.searchProviderEnabled, let searchResults else { return [] }
    return try searchResults.ids(matching: terms)
  }

  /// `aa{sv}`: id, name, description and the thumbnail as a serialised file icon.
  private func resultMetas(of ids: [String]) throws -> Variant {
    let formatter = SentTimeFormatter()
    let metas = try searchResults?.metas(of: ids) { formatter.string(for: $0) } ?? []
    return Variant(
      array: metas.map { meta in
        var entries: [(key: String, value: Variant)] = [
          ("id", Variant(meta.id)), ("name", Variant(meta.name)), ("description", Variant(meta.description)),
        ]
        if let icon = Variant.fileIcon(meta.thumbnail) { entries.append(("icon", icon)) }
        return Variant(dictionary: entries)
      }, elementType: "a{sv}")
  }

  /// The meme's Detail, in place of whatever window was shown (the app's first window when it was
  /// started by the search). `time` is when the user chose the result in the overview.
  private func showSearchResult(id: Int64, requestedAt time: UInt32) {
    guard let sentMemes else { return presentFirstWindow() }
    let tab = sentMemes.sentMemesWindow?.currentTab ?? .list
    sentMemes.presenting(requestedAt: time) {
      if sentMemes.showDetail(id: id, from: tab) == nil { sentMemes.presentAtLaunch() }
    }
    finishShowingFirstWindow()
  }

  /// Sent Memes with the search bar open on the terms.
  private func showSearch(for terms: [String], requestedAt time: UInt32) {
    guard let sentMemes else { return presentFirstWindow() }
    sentMemes.presenting(requestedAt: time) {
      sentMemes.showSentMemes().showSearch(for: terms.joined(separator: " "))
    }
    finishShowingFirstWindow()
  }
}
