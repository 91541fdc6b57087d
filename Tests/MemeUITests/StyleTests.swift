// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Caption style controls and the warnings they give.
@Suite(.serialized) struct StyleTests {
  private func labelText(_ name: String, in root: gpointer) throws -> String {
    let label = try #require(WidgetTree.descendant(of: root, named: name))
    return String(cString: gtk_label_get_text(gtkkit_label(label)))
  }

  @Test func stylePanelShowsTheFamilyReallyUsedAndChangesReachTheCanvas() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    Screenshot.save(editor.stylePanel.widget, named: "style-panel")

    let used = try #require(editor.canvas.layout?.fontFamilyUsed)
    #expect(try labelText("font-used", in: editor.stylePanel.widget) == "Drawn with \(used)")
    // Switching upper case off is a style change the canvas draws and undo can take back.
    let toggle = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "uppercase"))
    gtk_switch_set_active(OpaquePointer(toggle), 0)
    #expect(editor.document.captions.style.isUppercase == false)
    #expect(editor.canvas.layout?.captions.style.isUppercase == false)
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.captions.style.isUppercase)
    #expect(gtk_switch_get_active(OpaquePointer(toggle)) != 0)
    editor.stylePanel.isOpen = false
  }

  @Test func aMissingFontIsNamedAsSubstituted() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    var style = editor.document.captions.style
    style.fontFamily = "No Such Family Sans"
    editor.document.setStyle(style)
    // What the popover says is filled in when it opens, as the user opens it.
    editor.stylePanel.isOpen = true
    defer { editor.stylePanel.isOpen = false }
    let text = try labelText("font-used", in: editor.stylePanel.widget)
    #expect(text.contains("No Such Family Sans") && text.contains("not installed"))
  }

  @Test func aCaptionThatCannotFitIsReported() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 600, height: 500)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let revealer = editor.warningBar.revealer.widget
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(revealer)) == 0)
    let long = Array(repeating: "far too many words for one caption band", count: 80).joined(separator: " ")
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.bottomEntry.widget), long)
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(revealer)) != 0)
    #expect(try labelText("caption-overflow", in: editor.window).contains("bottom caption"))
    MainContext.iterate { gtk_revealer_get_child_revealed(OpaquePointer(revealer)) != 0 }
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-overflow-warning")
  }

  @Test func shareMenuOffersTheDesktopTargets() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    editor.actions.action(named: "share")?.activate()
    let popover = try #require(gtk_menu_button_get_popover(gtkkit_menu_button(editor.header.shareButton)))
    DisplayHarness.waitForFrames(popover)
    #expect(gtk_widget_get_visible(gtkkit_widget(popover)) != 0)
    Screenshot.save(popover, named: "share-menu")
    var labels: [String] = []
    _ = WidgetTree.first(in: gtkkit_widget(popover)) { widget in
      if gtkkit_is_label(widget) != 0 {
        labels.append(String(cString: gtk_label_get_text(gtkkit_label(widget))))
      }
      return false
    }
    #expect(labels.contains("Save As…") && labels.contains("Copy Image"))
    #expect(labels.contains("Open With…") && labels.contains("Send by E-mail"))
    gtk_popover_popdown(gtkkit_popover(popover))
  }

  @Test func theCapitalsSwitchSaysWhenTheFaceHasNoLowercase() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithStyleControlsOpen()
    defer {
      editor.stylePanel.isOpen = false
      EditorHarness.close(editor)
    }
    let note = try #require(WidgetTree.descendant(of: editor.stylePanel.widget, named: "capitals-note"))
    // Whether the default face has lowercase is seen in what the engine draws: lowercase with the
    // switch off has exactly the ink of capitals in a face without lowercase.
    let (top, bottom) = (editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry)
    for entry in [top, bottom] { entry.focus() }
    gtk_editable_set_text(gtkkit_editable(top.widget), "abcdefg")
    gtk_editable_set_text(gtkkit_editable(bottom.widget), "ABCDEFG")
    var style = editor.document.captions.style
    style.isUppercase = false
    editor.document.setStyle(style)
    EditorHarness.settle(editor)
    let font = try #require(editor.canvas.layout?.font)
    let lower = MemeLayout(
      captions: MemeCaptions(top: "abcdefg", bottom: "", style: style), imageWidth: 800, imageHeight: 600)
    let upper = MemeLayout(
      captions: MemeCaptions(top: "ABCDEFG", bottom: "", style: style), imageWidth: 800, imageHeight: 600)
    let capitalsOnly = lower.caption(at: .top).inkRect == upper.caption(at: .top).inkRect
    #expect((gtk_widget_get_visible(note) != 0) == capitalsOnly, "note shown for \(font.family)")
    if capitalsOnly {
      let text = try labelText("capitals-note", in: editor.stylePanel.widget)
      #expect(text.contains(font.family) && text.contains("capitals only"), "\(text)")
      Screenshot.save(editor.stylePanel.widget, named: "style-panel-capitals-note")
    }
    // A face with lowercase: no note.
    style.fontFamily = "DejaVu Sans"
    editor.document.setStyle(style)
    #expect(gtk_widget_get_visible(note) == 0)
  }

  /// An editor with a picture and its style controls open.
  private static func editorWithStyleControlsOpen() -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    gtk_toggle_button_set_active(gtkkit_toggle_button(editor.header.styleButton), 1)
    DisplayHarness.waitForFrames(editor.stylePanel.widget)
    return editor
  }

  /// Labels under `widget`, depth first.
  private func labels(under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if String(cString: gtk_widget_get_css_name(current)) == "label" { found.append(current) }
      found += labels(under: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  @Test func theFontListSearchesAnywhereInTheNameAndShowsEachNameInItsFace() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editorWithStyleControlsOpen()
    defer {
      editor.stylePanel.isOpen = false
      EditorHarness.close(editor)
    }
    let fontList = try #require(editor.stylePanel.fontList)
    gtk_menu_button_popup(gtkkit_menu_button(fontList.widget))
    let popover = try #require(gtk_menu_button_get_popover(gtkkit_menu_button(fontList.widget)))
    DisplayHarness.waitForFrames(gtkkit_widget(popover))
    // The search field has the keys from the first opening.
    let focus = try #require(gtk_root_get_focus(gtk_widget_get_root(fontList.searchEntry)))
    #expect(focus == fontList.searchEntry || gtk_widget_is_ancestor(focus, fontList.searchEntry) != 0)

    // Every name is drawn in its own face.
    let shown = labels(under: fontList.listView)
    #expect(!shown.isEmpty)
    for label in shown.prefix(8) {
      let name = String(cString: gtk_label_get_text(gtkkit_label(label)))
      let attributes = try #require(gtk_label_get_attributes(gtkkit_label(label)), "\(name)")
      let text = String(cString: pango_attr_list_to_string(attributes))
      let face = name == "Default meme face" ? FontResolver.resolve(nil).family : name
      #expect(text.contains("font-desc \"\(face)"), "\(name): \(text)")
    }
    Screenshot.save(gtkkit_widget(popover), named: "font-list")

    // "serif" matches anywhere: DejaVu Serif, not only names that start with it.
    gtk_editable_set_text(gtkkit_editable(fontList.searchEntry), "serif")
    // The search field waits a moment after the last key before it searches.
    #expect(
      MainContext.iterate(maxIterations: 300) {
        fontList.shownNames.allSatisfy { $0.lowercased().contains("serif") }
      }, "\(fontList.shownNames)")
    #expect(fontList.shownNames.contains("DejaVu Serif"))
    let position = try #require(fontList.shownNames.firstIndex(of: "DejaVu Serif"))
    fontList.choose(at: UInt32(position))
    #expect(editor.document.captions.style.fontFamily == "DejaVu Serif")
    #expect(editor.canvas.layout?.fontFamilyUsed == "DejaVu Serif")
  }
}
