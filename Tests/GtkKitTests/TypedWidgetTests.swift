// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The typed wrappers (Label, ColorButton, ToggleButton, StringFilter, ...): what each sets, GTK's
/// own getters read back.
@Suite(.serialized) struct TypedWidgetTests {
  @Test func aColorButtonShowsAndReturnsStraightComponents() throws {
    try DisplayHarness.requireDisplay()
    let button = ColorButton(color: (1, 0.5, 0, 1), title: "Text Colour")
    let owner = ObjectOwner(taking: button.widget)
    defer { withExtendedLifetime(owner) {} }
    #expect(String(cString: gtk_color_button_get_title(gtkkit_color_button(button.widget))) == "Text Colour")
    var rgba = GdkRGBA()
    gtk_color_chooser_get_rgba(gtkkit_color_chooser(button.widget), &rgba)
    #expect(rgba.red == 1 && rgba.green == 0.5 && rgba.blue == 0 && rgba.alpha == 1)
    button.color = (0.25, 0.75, 1, 0.5)
    #expect(button.color == (0.25, 0.75, 1, 0.5))
  }

  @Test func toggleButtonsOfOneGroupLetGoOfEachOther() throws {
    try DisplayHarness.requireDisplay()
    let first = ToggleButton(iconName: "format-justify-left-symbolic")
    let second = ToggleButton(iconName: "format-justify-center-symbolic", group: first)
    let owners = [ObjectOwner(taking: first.widget), ObjectOwner(taking: second.widget)]
    defer { withExtendedLifetime(owners) {} }
    first.isActive = true
    second.isActive = true
    #expect(second.isActive && !first.isActive)
  }

  @Test func aLabelAndAStringFilterReadBack() throws {
    try DisplayHarness.requireDisplay()
    let label = Label("Font")
    let owner = ObjectOwner(taking: label.widget)
    defer { withExtendedLifetime(owner) {} }
    label.text = "Fonts"
    label.textAlignment = 0
    #expect(String(cString: gtk_label_get_text(gtkkit_label(label.widget))) == "Fonts")
    #expect(gtk_label_get_xalign(gtkkit_label(label.widget)) == 0)
    label.showInFace("Serif", scale: 1.25)
    #expect(gtk_label_get_attributes(gtkkit_label(label.widget)) != nil)

    let filter = StringFilter()
    let model = filter.filtering(["DejaVu Sans", "DejaVu Serif", "Noto Serif"])
    let selection = SingleSelection(over: model)
    filter.search = "SERIF"
    #expect((0..<selection.count).compactMap { selection.string(at: $0) } == ["DejaVu Serif", "Noto Serif"])
    filter.search = ""
    #expect(selection.count == 3)
  }
}
