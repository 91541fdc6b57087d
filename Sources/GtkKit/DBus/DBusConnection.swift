// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport

/// A connection to a D-Bus message bus.
nonisolated public final class DBusConnection: @unchecked Sendable {
  /// `GDBusConnection *`, one reference owned.
  public let pointer: OpaquePointer

  private init(adopting pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    g_object_unref(pointer.raw)
  }

  /// The process's shared connection to the session bus: the one GApplication owns its name on, so
  /// an object exported here before the application registers is there when the first call to that
  /// name arrives. Nil when there is no session bus.
  public static func session() -> DBusConnection? {
    var error: UnsafeMutablePointer<GError>?
    let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
    if let error { g_error_free(error) }
    return connection.map { DBusConnection(adopting: $0) }
  }

  /// A new connection of its own to the session bus (not the shared one): calls through it travel
  /// through the bus as another process's would. Nil when there is no session bus.
  public static func privateSession() -> DBusConnection? {
    var error: UnsafeMutablePointer<GError>?
    defer { if let error { g_error_free(error) } }
    guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else { return nil }
    defer { g_free(address) }
    let flags = GDBusConnectionFlags(
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    return g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error).map {
      DBusConnection(adopting: $0)
    }
  }

  /// The connection's own name on the bus (":1.42").
  public var uniqueName: String? {
    g_dbus_connection_get_unique_name(pointer).map { String(cString: $0) }
  }

  /// Calls `method` as `call` does and waits for the reply, at most `timeoutMilliseconds`, for a
  /// process with no main loop (the command line). A `busName` no process owns is not started (a
  /// D-Bus activatable app stays closed): the call fails.
  public func callWaiting(
    busName: String, path: String, interface: String, method: String, parameters: Variant?,
    timeoutMilliseconds: Int32 = 2_000
  ) -> Result<Variant, DBusCallError> {
    var error: UnsafeMutablePointer<GError>?
    defer { if let error { g_error_free(error) } }
    guard
      let reply = g_dbus_connection_call_sync(
        pointer, busName, path, interface, method, parameters?.pointer, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
        timeoutMilliseconds, nil, &error)
    else {
      return .failure(DBusCallError(message: error.map { String(cString: $0.pointee.message) } ?? "no reply"))
    }
    return .success(Variant(adopting: reply))
  }

  /// Calls `method` of `interface` on the object at `path` of `busName` with `parameters` (a tuple,
  /// or nil for none); `completion` gets the reply's tuple or the error's message, on the main loop.
  public func call(
    busName: String, path: String, interface: String, method: String, parameters: Variant?,
    timeoutMilliseconds: Int32 = 25_000,
    completion: @escaping @MainActor (Result<Variant, DBusCallError>) -> Void
  ) {
    let box = ClosureBox((connection: self, completion: completion))
    g_dbus_connection_call(
      pointer, busName, path, interface, method, parameters?.pointer, nil, G_DBUS_CALL_FLAGS_NONE,
      timeoutMilliseconds, nil,
      { _, result, data in
        typealias Payload = (
          connection: DBusConnection, completion: @MainActor (Result<Variant, DBusCallError>) -> Void
        )
        // One-shot callback: consume the +1 taken above.
        let payload = ClosureBox<Payload>.consume(data).payload
        var error: UnsafeMutablePointer<GError>?
        let outcome: Result<Variant, DBusCallError>
        if let reply = g_dbus_connection_call_finish(payload.connection.pointer, result, &error) {
          outcome = .success(Variant(adopting: reply))
        } else {
          outcome = .failure(
            DBusCallError(message: error.map { String(cString: $0.pointee.message) } ?? "no reply"))
        }
        if let error { g_error_free(error) }
        let completion = payload.completion
        MainActor.assumeIsolated { completion(outcome) }
      }, box.retainedPointer())
  }
}

/// Why a D-Bus call failed (GDBus's message: the remote error's name and text, or a timeout).
nonisolated public struct DBusCallError: Error, Equatable {
  public let message: String
}
