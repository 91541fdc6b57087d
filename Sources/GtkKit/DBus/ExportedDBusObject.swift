// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport

/// An object exported on a D-Bus connection with one interface, described by its introspection XML;
/// its method calls go to a Swift handler on the main loop (GDBus dispatches them to the main
/// context that was the thread's default at export: export from the main thread). Exported until `unexport()` or deinit.
nonisolated public final class ExportedDBusObject {
  private let connection: DBusConnection
  private var registrationID: guint

  /// Exports the first interface of `interfaceXML` (a `<node>`) at `path`. GDBus answers calls to
  /// methods the XML does not declare, or with the wrong argument types, by itself; `handler` sees
  /// only well-formed calls and must answer each, at once or later (keeping the call, for work done
  /// on another thread); a call dropped unanswered is answered with an error.
  public init(
    interfaceXML: String, path: String, on connection: DBusConnection,
    handler: @escaping @MainActor (DBusMethodCall) -> Void
  ) throws(DBusExportError) {
    self.connection = connection
    var error: UnsafeMutablePointer<GError>?
    defer { if let error { g_error_free(error) } }
    guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else {
      throw DBusExportError(message: error.map { String(cString: $0.pointee.message) } ?? interfaceXML)
    }
    defer { g_dbus_node_info_unref(node) }
    guard let interface = node.pointee.interfaces?[0] else {
      throw DBusExportError(message: "no interface in the XML")
    }
    // GDBus copies the table (since GLib 2.38): a local one will do.
    var table = GDBusInterfaceVTable()
    table.method_call = { _, _, _, _, method, parameters, invocation, data in
      guard let method, let parameters, let invocation else { return }
      // The invocation is ours (transfer full) until answered; the parameters are borrowed.
      let call = DBusMethodCall(
        methodName: String(cString: method), parameters: Variant(adopting: g_variant_ref(parameters)),
        invocation: invocation)
      let handler = ClosureBox<@MainActor (DBusMethodCall) -> Void>.unretained(data).payload
      MainActor.assumeIsolated { handler(call) }
    }
    let box = ClosureBox(handler)
    registrationID = g_dbus_connection_register_object(
      connection.pointer, path, interface, &table, box.retainedPointer(), releaseDestroyNotify, &error)
    guard registrationID != 0 else {
      throw DBusExportError(message: error.map { String(cString: $0.pointee.message) } ?? path)
    }
  }

  deinit {
    unexport()
  }

  /// Takes the object off the bus (calls to it then fail); its handler is released.
  public func unexport() {
    guard registrationID != 0 else { return }
    g_dbus_connection_unregister_object(connection.pointer, registrationID)
    registrationID = 0
  }
}

/// Why an object could not be exported (bad XML, a path already taken).
nonisolated public struct DBusExportError: Error {
  public let message: String
}

/// A call to a method of an `ExportedDBusObject`, answered once with `reply` or `fail`.
nonisolated public final class DBusMethodCall: @unchecked Sendable {
  public let methodName: String
  /// The arguments, as a tuple of the types the interface declares.
  public let parameters: Variant
  /// `GDBusMethodInvocation *`, owned until answered (answering consumes it).
  private var invocation: OpaquePointer?

  init(methodName: String, parameters: Variant, invocation: OpaquePointer) {
    self.methodName = methodName
    self.parameters = parameters
    self.invocation = invocation
  }

  deinit {
    if invocation != nil { fail(message: "\(methodName) was not answered") }
  }

  /// The `index`th argument.
  public func argument(_ index: Int) -> Variant? {
    let arguments = parameters.children
    return arguments.indices.contains(index) ? arguments[index] : nil
  }

  /// Answers with `values` (the method's out arguments, in order).
  public func reply(_ values: [Variant] = []) {
    guard let invocation else { return }
    self.invocation = nil
    // Kept alive across the call: Swift may release a temporary right after reading its pointer.
    let reply = Variant(tuple: values)
    withExtendedLifetime(reply) { g_dbus_method_invocation_return_value(invocation, reply.pointer) }
  }

  /// Answers with an error (`org.freedesktop.DBus.Error.Failed` unless named).
  public func fail(name: String = "org.freedesktop.DBus.Error.Failed", message: String) {
    guard let invocation else { return }
    self.invocation = nil
    g_dbus_method_invocation_return_dbus_error(invocation, name, message)
  }
}
