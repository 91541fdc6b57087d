// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@Suite(.serialized) struct ActionTests {
  @Test func actionsRunTheirHandlersAndHonourEnabled() {
    let group = g_simple_action_group_new()!
    defer { g_object_unref(group) }
    let map = ActionMap(group)
    var opened = 0
    let open = map.add("open") { opened += 1 }
    #expect(open.name == "open")
    map.action(named: "open")?.activate()
    #expect(opened == 1)
    open.isEnabled = false
    open.activate()
    #expect(opened == 1, "a disabled action does nothing")
    #expect(map.action(named: "missing") == nil)
  }

  @Test func stringParameterReachesTheHandler() {
    let group = g_simple_action_group_new()!
    defer { g_object_unref(group) }
    var received: [String] = []
    let export = ActionMap(group).add("export", stringParameter: { received.append($0) })
    export.activate(g_variant_new_string("jpeg"))
    #expect(received == ["jpeg"])
  }

  @Test func togglesFlipTheirState() {
    let group = g_simple_action_group_new()!
    defer { g_object_unref(group) }
    var seen: [Bool] = []
    let toggle = ActionMap(group).addToggle("caps", isOn: true) { seen.append($0) }
    toggle.activate()
    toggle.activate()
    #expect(seen == [false, true])
    #expect(toggle.isOn)
  }

  @Test func acceleratorsAreBoundToActions() throws {
    try DisplayHarness.requireDisplay()
    let application = Application(id: "io.github.mememe.GtkKitTests", programName: "gtkkit-tests")
    application.setAccelerators(["<Control>o", "<Control><Shift>o"], for: "win.open")
    #expect(application.accelerators(for: "win.open") == ["<Control>o", "<Shift><Control>o"])
  }
}
