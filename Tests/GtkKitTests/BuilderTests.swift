// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The typed Builder: an object of the kind asked for comes back wrapped; a missing id, an object
/// of another kind and a file GTK cannot read each fail with a message that names what to fix.
@Suite(.serialized) struct BuilderTests {
  private static let xml = """
    <interface>
      <object class="GtkBox" id="row">
        <property name="spacing">6</property>
        <child><object class="GtkToggleButton" id="choice"><property name="label">Left</property></object></child>
      </object>
    </interface>
    """

  private func build(_ text: String) throws(BuilderError) -> Builder {
    var bytes = Array(text.utf8CString)
    bytes.removeLast()  // the XML's length is given: no terminator needed
    return try bytes.withUnsafeBufferPointer { xml throws(BuilderError) in
      try Builder(xml: xml, named: "test.ui", translationDomain: "mememe")
    }
  }

  @Test func anObjectOfTheKindAskedForComesBackWrapped() throws {
    try DisplayHarness.requireDisplay()
    let builder = try build(Self.xml)
    let row = try builder.object("row", as: Box.self)
    #expect(gtk_box_get_spacing(gtkkit_box(row.widget)) == 6)
    // A subtype is one: a toggle button is a button.
    let choice = try builder.object("choice", as: Button.self)
    #expect(gtk_widget_get_parent(choice.widget) == row.widget)
  }

  @Test func aMissingIdIsNamedWithTheTypeExpected() throws {
    try DisplayHarness.requireDisplay()
    let builder = try build(Self.xml)
    let error = #expect(throws: BuilderError.self) { try builder.object("colum", as: Box.self) }
    #expect(error?.description == "test.ui has no object “colum” (the code expects a GtkBox)")
  }

  @Test func anObjectOfAnotherKindIsNamedWithBothTypes() throws {
    try DisplayHarness.requireDisplay()
    let builder = try build(Self.xml)
    let error = #expect(throws: BuilderError.self) { try builder.object("row", as: Label.self) }
    #expect(error?.description == "test.ui: object “row” is a GtkBox, where the code expects a GtkLabel")
  }

  /// A type whose name starts with a vowel (libadwaita's) takes "an".
  @Test func anAdwaitaTypeIsNamedWithItsArticle() throws {
    try DisplayHarness.requireDisplay()
    let builder = try build(Self.xml)
    let error = #expect(throws: BuilderError.self) { try builder.object("row", as: ActionRow.self) }
    #expect(error?.description == "test.ui: object “row” is a GtkBox, where the code expects an AdwActionRow")
  }

  @Test func aFileGTKCannotReadFailsWithGTKsReason() throws {
    try DisplayHarness.requireDisplay()
    let error = #expect(throws: BuilderError.self) {
      try build(#"<interface><object class="GtkNoSuchWidget" id="x"/></interface>"#)
    }
    #expect(error?.description.hasPrefix("test.ui could not be built: ") == true)
    #expect(error?.description.contains("GtkNoSuchWidget") == true)
  }
}
