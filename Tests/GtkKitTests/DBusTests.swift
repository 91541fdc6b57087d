// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// An object exported on the session bus, called from another connection as another process would.
@Suite(.serialized) struct DBusTests {
  private static let xml = """
    <node><interface name="org.example.Echo">
      <method name="Reverse"><arg type="as" direction="in"/><arg type="as" direction="out"/></method>
      <method name="Ignore"><arg type="s" direction="in"/></method>
    </interface></node>
    """

  private final class Witness {}

  private func call(
    _ method: String, _ arguments: [Variant], on object: String, at path: String
  ) throws -> Result<Variant, DBusCallError> {
    let client = try #require(DBusConnection.privateSession(), "a session bus (run under dbus-run-session)")
    var outcome: Result<Variant, DBusCallError>?
    client.call(
      busName: object, path: path, interface: "org.example.Echo", method: method,
      parameters: Variant(tuple: arguments)
    ) { outcome = $0 }
    try #require(MainContext.iterate { outcome != nil }, "\(method) answered")
    return try #require(outcome)
  }

  @Test func anExportedObjectAnswersAndReleasesItsHandlerWhenUnexported() throws {
    let connection = try #require(DBusConnection.session(), "a session bus (run under dbus-run-session)")
    let name = try #require(connection.uniqueName)
    let path = "/org/example/Echo\(getpid())"
    weak var weakWitness: Witness?
    var object: ExportedDBusObject?
    do {
      let witness = Witness()
      weakWitness = witness
      object = try ExportedDBusObject(interfaceXML: Self.xml, path: path, on: connection) { call in
        withExtendedLifetime(witness) {}
        if call.methodName == "Reverse" {
          call.reply([Variant(strings: (call.argument(0)?.strings ?? []).reversed())])
        }
        // "Ignore" is left unanswered: the caller must still get an answer (an error).
      }
    }
    let reply = try call("Reverse", [Variant(strings: ["a", "b", "ç"])], on: name, at: path).get()
    #expect(reply.children.first?.strings == ["ç", "b", "a"])
    #expect(reply.typeString == "(as)")
    guard case .failure(let unanswered) = try call("Ignore", [Variant("x")], on: name, at: path) else {
      Issue.record("an unanswered call must fail")
      return
    }
    #expect(unanswered.message.contains("not answered"), "\(unanswered.message)")

    object?.unexport()
    #expect(MainContext.iterate { weakWitness == nil }, "the handler is released once unexported")
    guard case .failure = try call("Reverse", [Variant(strings: [])], on: name, at: path) else {
      Issue.record("a call to an unexported object must fail")
      return
    }
    object = nil
  }

  @Test func variantsKeepTheirValues() throws {
    let dictionary = Variant(dictionary: [("id", Variant("7")), ("count", Variant(UInt32(3)))])
    #expect(dictionary.typeString == "a{sv}")
    #expect(dictionary.dictionary?["id"]?.string == "7")
    #expect(dictionary.dictionary?["count"]?.uint32 == 3)
    #expect(Variant(array: [], elementType: "a{sv}").typeString == "aa{sv}")
    #expect(Variant("x").strings == nil, "a string is not a list of strings")
    let picture = URL(fileURLWithPath: "/tmp/some picture.png")
    #expect(Variant.fileIcon(picture)?.iconFile == picture)
    #expect(Variant("not an icon").iconFile == nil)
  }
}
