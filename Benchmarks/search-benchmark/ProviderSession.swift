// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeEditing
import MemeUI

/// The desktop's search as GNOME Shell does it, against the app's search provider: the app
/// registered on the session bus with no window (as D-Bus activation starts it), and a connection
/// of its own sending GetInitialResultSet, then GetResultMetas for the results the overview shows.
/// Both travel through the bus daemon; the app answers on its main loop, as it does for the Shell.
final class ProviderSession {
  private let app: MemeMeApplication
  private let client: DBusConnection
  /// Results whose metas the overview asks for (it shows a row of a few per provider).
  static let shownResults = 5

  init(directory: URL) {
    let opening = SentMemesLibrary.startOpening(directory: directory)
    guard Gtk.initialize(), let client = DBusConnection.privateSession() else {
      print("no display or no session bus: run under xvfb-run and dbus-run-session")
      exit(1)
    }
    self.client = client
    app = MemeMeApplication(
      id: "io.github.mememe.ProviderBenchmark.p\(getpid()).n\(Self.sessions)", sink: InMemorySentMemes(),
      preferences: .inMemory())
    Self.sessions += 1
    app.openStore = { SentMemesLibrary.open(opening) }
    app.exportSearchProvider()
    app.application.register()
  }

  private static var sessions = 0

  /// The milliseconds from sending GetInitialResultSet for `terms` until the metas of the first
  /// results have arrived, and how many results there were; nil when a call failed.
  func search(_ terms: [String]) -> (milliseconds: Double, results: Int)? {
    let start = Date()
    guard let ids = call("GetInitialResultSet", [Variant(strings: terms)])?.first?.strings,
      let metas = call("GetResultMetas", [Variant(strings: Array(ids.prefix(Self.shownResults)))])?.first
    else { return nil }
    guard metas.children.count == min(ids.count, Self.shownResults) else {
      print("GetResultMetas gave \(metas.children.count) metas for \(min(ids.count, Self.shownResults)) ids")
      exit(1)
    }
    return (Date().timeIntervalSince(start) * 1000, ids.count)
  }

  private func call(_ method: String, _ arguments: [Variant]) -> [Variant]? {
    var outcome: Result<Variant, DBusCallError>?
    client.call(
      busName: app.application.id,
      path: "/" + app.application.id.replacingOccurrences(of: ".", with: "/")
        + "/SearchProvider",
      interface: "org.gnome.Shell.SearchProvider2", method: method, parameters: Variant(tuple: arguments)
    ) { outcome = $0 }
    while outcome == nil { g_main_context_iteration(nil, 1) }
    switch outcome {
    case .success(let reply): return reply.children
    case .failure(let error):
      print("\(method) failed: \(error.message)")
      return nil
    case nil: return nil
    }
  }
}
