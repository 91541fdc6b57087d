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

  /// Answers `call`. The searches and the metas read the store on a worker and answer from the main
  /// loop once it is done (GDBus lets a call be answered later), so that whatever a caller sends
  /// (anyone on the session bus may), the windows keep drawing; what a search reads is bounded
  /// (see `SentMemesSearchResults.readTerms(_:)` and the store's `SearchQuery`).
  private func answer(_ call: DBusMethodCall) {
    guard let method = SearchProviderInterface.Method(name: call.methodName) else {
      return call.fail(name: "org.freedesktop.DBus.Error.UnknownMethod", message: call.methodName)
    }
    switch method {
    case .getInitialResultSet:
      search(call, terms: call.argument(0))
    case .getSubsearchResultSet:
      // A new search, not a filter of the previous results: those were cut at the limit, and a
      // narrower search may find memes beyond it.
      search(call, terms: call.argument(1))
    case .getResultMetas:
      answerMetas(call, ids: call.argument(0))
    case .activateResult:
      if let id = call.argument(0)?.string.flatMap({ Int64($0) }) {
        showSearchResult(id: id, requestedAt: call.argument(2)?.uint32 ?? 0)
      }
      call.reply()
      restartInactivityTimeout()
    case .launchSearch:
      // The search bar gets what a search reads, each term cut as the search cuts it.
      let terms = SentMemesSearchResults.readTerms(call.argument(0)).map {
        String($0.prefix(SentMemeStore.searchedWordLength))
      }
      showSearch(for: terms, requestedAt: call.argument(1)?.uint32 ?? 0)
      call.reply()
      restartInactivityTimeout()
    }
  }

  /// In service mode the app quits when no call has come for a while (`inactivityTimeout`): that
  /// time runs from the end of the last call, as it does when a call answered later is released.
  private func restartInactivityTimeout() {
    application.hold()
    application.release()
  }

  private var searchResults: SentMemesSearchResults? {
    sentMemes.map { SentMemesSearchResults(store: $0.memes.store) }
  }

  /// Answers with the ids of the memes matching `terms` (an `as`, read on the worker). No results
  /// while the user has turned the desktop's search off, or without a store.
  private func search(_ call: DBusMethodCall, terms: Variant?) {
    guard preferences.searchProviderEnabled, let searchResults else {
      return call.reply([Variant(strings: [])])
    }
    let willQuery = searchProviderWillQuery
    answerInBackground(call) {
      let words = SentMemesSearchResults.readTerms(terms)
      willQuery?(words)
      return try searchResults.ids(matching: words)
    } then: { ids in
      [Variant(strings: ids)]
    }
  }

  /// Answers with the metas (`aa{sv}`) of the memes among `ids` (an `as`): id, name, description and
  /// the thumbnail as a serialised file icon. The memes are read on the worker; their texts are
  /// formatted here, where the formatter lives.
  private func answerMetas(_ call: DBusMethodCall, ids: Variant?) {
    guard let searchResults else { return call.reply([Self.metasVariant([])]) }
    answerInBackground(call) {
      try searchResults.memes(ids: SentMemesSearchResults.readIDs(ids))
    } then: { found in
      let formatter = SentTimeFormatter()
      let metas = found.map { id, meme in
        SentMemesSearchResults.meta(id: id, of: meme) { formatter.string(for: $0) }
      }
      return [Self.metasVariant(metas)]
    }
  }

  /// Runs `work` on a worker, then answers `call` with what `reply` makes of its result on the main
  /// loop, or with the error's message. The app is held until then: in service mode its inactivity
  /// timeout runs from the answer.
  private func answerInBackground<Found: Sendable>(
    _ call: DBusMethodCall, _ work: @escaping @Sendable () throws -> Found,
    then reply: @escaping @Sendable @MainActor (Found) -> [Variant]
  ) {
    let application = application
    application.hold()
    MainLoop.runInBackground(
      { Result { try work() } },
      then: { result in
        switch result {
        case .success(let found): call.reply(reply(found))
        case .failure(let error): call.fail(message: SentMemesLibrary.message(error))
        }
        application.release()
      })
  }

  private static func metasVariant(_ metas: [SentMemesSearchResults.Meta]) -> Variant {
    Variant(
      array: metas.map { meta in
        var entries: [(key: String, value: Variant)] = [
          ("id", Variant(meta.id)), ("name", Variant(meta.name)), ("description", Variant(meta.description)),
        ]
        if let thumbnail = meta.thumbnail, let icon = Variant.fileIcon(thumbnail) {
          entries.append(("icon", icon))
        }
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
      sentMemes.showSentMemes().searching.show(for: terms.joined(separator: " "))
    }
    finishShowingFirstWindow()
  }
}
