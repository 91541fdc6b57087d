// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Style & Layout: the layouts as pictures at the top, one per layout kind, and rows that say what
/// they style, whose colour and font buttons are named for screen readers (GTK 4.8 announced them
/// as "GtkButton" and "GtkMenuButton").
@Suite(.serialized) struct StyleAndLayoutPanelTests {
  /// Runs `body` with an editor showing a picture and Style & Layout open, then closes the editor.
  private static func withPanel(_ body: (EditorWindow) throws -> Void) throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(editor.stylePanel.widget)) != 0 }
    EditorHarness.settle(editor)
    try body(editor)
  }

  private static func expectLabel(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let mismatch = gtkkit_accessible_check_string(
      gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    defer { g_free(mismatch) }
    #expect(mismatch == nil, "\(mismatch.map { String(cString: $0) } ?? "")", sourceLocation: sourceLocation)
  }

  @Test func theColourAndFontButtonsAreNamedForWhatTheySet() throws {
    try Self.withPanel { editor in
      let panel = editor.stylePanel.widget
      for (name, label) in [("text-color", "Text colour"), ("outline-color", "Outline colour")] {
        let button = try #require(WidgetTree.descendant(of: panel, named: name))
        Self.expectLabel(button, label)
        // The plain button inside, which takes the focus and which screen readers announce.
        let inner = try #require(gtk_widget_get_first_child(button))
        #expect(gtkkit_is_a(inner, gtk_button_get_type()) != 0)
        Self.expectLabel(inner, label)
      }
      let font = try #require(editor.stylePanel.fontList?.widget)
      Self.expectLabel(font, "Font")
      // Band's outline colour is the band behind the text, and the button is named so.
      editor.document.setLayout(.band)
      EditorHarness.settle(editor)
      let outline = try #require(WidgetTree.descendant(of: panel, named: "outline-color"))
      Self.expectLabel(try #require(gtk_widget_get_first_child(outline)), "Background colour")
      #expect(AccessibilityAudit.unnamedControls(in: panel).isEmpty)
    }
  }

  @Test func theLayoutPicturesComeFromEveryLayoutKindAndChooseIt() throws {
    try Self.withPanel { editor in
      let picker = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "layout-picker"))
      var buttons: [String] = []
      var child = gtk_widget_get_first_child(picker)
      while let current = child {
        buttons.append(String(cString: gtk_widget_get_name(current)))
        child = gtk_widget_get_next_sibling(current)
      }
      #expect(buttons == MemeLayoutKind.allCases.map { "layout-\($0.rawValue)" })
      for kind in MemeLayoutKind.allCases {
        // Each picture is the engine's drawing of that layout, and is shown.
        let picture = try #require(
          WidgetTree.descendant(of: picker, named: "layout-picture-\(kind.rawValue)"))
        #expect(gtk_picture_get_paintable(gtkkit_picture(picture)) != nil)
        #expect(gtk_widget_get_width(picture) >= 40 && gtk_widget_get_height(picture) >= 30)
      }
      // Band's picture has its white band above the picture; Classic's top row is the sky.
      let band = try #require(LayoutPicker.preview(of: .band))
      let classic = try #require(LayoutPicker.preview(of: .classic))
      #expect(band.height > classic.height)
      #expect(band.color(atX: 2, y: 2) == .white)
      #expect(classic.color(atX: 2, y: 2) != .white)
      let poster = try #require(LayoutPicker.preview(of: .poster))
      #expect(poster.color(atX: 1, y: 1) == .black)

      let bandButton = try #require(WidgetTree.descendant(of: picker, named: "layout-band"))
      gtk_toggle_button_set_active(gtkkit_toggle_button(bandButton), 1)
      #expect(editor.document.layout == .band)
      EditorHarness.settle(editor)
      Screenshot.save(editor.window, named: "style-and-layout-band")
    }
  }

  /// The Font row's subtitle names the face Pango loaded for the text, not the one asked for.
  @Test func theFontRowNamesTheFaceThatIsDrawn() throws {
    try Self.withPanel { editor in
      var style = editor.document.captions.style
      style.fontFamily = "No Such Family 1234"
      editor.document.setStyle(style)
      EditorHarness.settle(editor)
      let loaded = FontResolver.resolve("No Such Family 1234")
      #expect(loaded.isSubstitute && loaded.family != "No Such Family 1234")
      let subtitle = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "font-used"))
      let text = Label(wrapping: subtitle).text
      #expect(text.contains(loaded.family) && text.contains("is not installed"), "\(text)")
      #expect(gtk_widget_is_ancestor(subtitle, editor.stylePanel.content) != 0)
    }
  }
}
