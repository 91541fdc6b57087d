// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The primary menu of the main windows, the Keyboard Shortcuts window and About MemeMe.
@Suite(.serialized) struct PrimaryMenuTests {
  /// (label, detailed action) of every item of the window's primary menu, sections included.
  private func primaryMenuItems(of window: gpointer) throws -> [(label: String, action: String)] {
    let button = try #require(WidgetTree.descendant(of: window, named: "main-menu-button"))
    #expect(gtk_menu_button_get_primary(gtkkit_menu_button(button)) != 0, "F10 opens it")
    let model = try #require(gtkkit_widget(button)?.menuModel)
    return Self.items(of: model)
  }

  private static func items(of model: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String)] {
    var items: [(String, String)] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      if let section = g_menu_model_get_item_link(model, index, "section") {
        items += Self.items(of: section)
        g_object_unref(section)
        continue
      }
      func attribute(_ name: String) -> String {
        guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return "" }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
      }
      items.append((attribute("label"), attribute("action")))
    }
    return items
  }

  private func expectApplicationItems(_ items: [(label: String, action: String)], in what: String) {
    for (label, action) in [
      ("Keyboard Shortcuts", "app.shortcuts"), ("About MemeMe", "app.about"), ("Quit", "app.quit"),
    ] {
      #expect(items.contains { $0.label == label && $0.action == action }, "\(what): \(label)")
    }
  }

  @Test func editorAndSentMemesHaveThePrimaryMenu() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let editorItems = try primaryMenuItems(of: editor.window)
    expectApplicationItems(editorItems, in: "editor")
    #expect(editorItems.first?.action == EditorAction.paste.detailedName, "the window's own items first")

    let (folder, _) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let sentMemes = try #require(SentMemesHarness.sentMemes(of: app))
    let sentItems = try primaryMenuItems(of: sentMemes.window)
    expectApplicationItems(sentItems, in: "Sent Memes")
    #expect(sentItems.contains { $0.action == SentMemesAction.showGrid.detailedName })

    // Opened, as F10 or a click would, for a look at it.
    let button = try #require(WidgetTree.descendant(of: sentMemes.window, named: "main-menu-button"))
    DisplayHarness.popUp(button)
    SentMemesHarness.settle(app)
    let popover = try #require(gtk_menu_button_get_popover(gtkkit_menu_button(button)))
    #expect(gtk_widget_get_mapped(gtkkit_widget(popover)) != 0)
    DisplayHarness.waitForFrames(popover)
    Screenshot.save(popover, named: "primary-menu")
    gtk_menu_button_popdown(gtkkit_menu_button(button))
  }

  @Test func keyboardShortcutsListEveryShortcutByWindow() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let application = EditorHarness.application.application
    #expect(application.accelerators(for: "app.shortcuts") == ["<Control>question"])

    application.actions.action(named: ApplicationAction.shortcuts.rawValue)?.activate()
    MainContext.drain()
    let window = try #require(SentMemesHarness.toplevel(named: "shortcuts-window"))
    defer { gtk_window_destroy(gtkkit_window(window)) }
    #expect(gtk_window_get_transient_for(gtkkit_window(window)) == gtkkit_window(editor.window))

    var groups: [String] = []
    var shortcuts: [(title: String, accelerator: String)] = []
    func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
      if gtkkit_is_a(widget, gtk_shortcuts_group_get_type()) != 0 {
        groups.append(Self.string(widget, "title"))
      }
      if gtkkit_is_a(widget, gtk_shortcuts_shortcut_get_type()) != 0 {
        shortcuts.append((Self.string(widget, "title"), Self.string(widget, "accelerator")))
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        visit(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    visit(window)
    // One group per window, the editor's text boxes apart (the section lays groups out in columns,
    // in its own order).
    #expect(
      groups.sorted() == ["Camera", "General", "Meme Detail", "Meme Editor", "Sent Memes", "Text Boxes"])
    // Every accelerator the application binds appears, with its action's title.
    let bound: [(String, [String])] =
      EditorAction.allCases.map { ($0.title, $0.accelerators) }
      + SentMemesAction.allCases.map { ($0.title, $0.accelerators) }
      + DetailAction.allCases.map { ($0.title, $0.accelerators) }
      + ApplicationAction.allCases.map { ($0.title, $0.accelerators) }
    for (title, accelerators) in bound where !accelerators.isEmpty {
      let shown = ShortcutsWindow.displayed(accelerators).joined(separator: " ")
      #expect(shortcuts.contains { $0.title == title && $0.accelerator == shown }, "\(title): \(shown)")
      for accelerator in accelerators {
        let actions = application.actions(forAccelerator: accelerator)
        #expect(!actions.isEmpty, "\(accelerator) is bound in the application")
      }
    }
    #expect(shortcuts.contains { $0.accelerator == "Escape" && $0.title == "Cancel" }, "the camera's Escape")
    // One entry per key press: a line never lists the same keys twice in two spellings (Ctrl+{ is
    // Shift+Ctrl+[ on the keyboard), as the display's own keymap presses them.
    for shortcut in shortcuts {
      let presses = shortcut.accelerator.split(separator: " ").map { Self.keyPresses(String($0), window) }
      for (first, one) in presses.enumerated() {
        for other in presses[(first + 1)...] {
          #expect(one.isDisjoint(with: other), "\(shortcut.title): \(shortcut.accelerator)")
        }
      }
    }

    gtk_window_present(gtkkit_window(window))
    MainContext.iterate { gtk_widget_get_mapped(window) != 0 }
    DisplayHarness.waitForFrames(window)
    Screenshot.save(window, named: "keyboard-shortcuts")
  }

  @Test func aboutDialogNamesTheApp() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.application.application.actions.action(named: ApplicationAction.about.rawValue)?.activate()
    MainContext.drain()
    let about = try #require(SentMemesHarness.toplevel(named: "about-dialog"))
    defer { gtk_window_destroy(gtkkit_window(about)) }
    let dialog = OpaquePointer(about)
    #expect(String(cString: gtk_about_dialog_get_program_name(dialog)) == "MemeMe")
    #expect(String(cString: gtk_about_dialog_get_version(dialog)) == MemeMeApp.version)
    #expect(String(cString: gtk_about_dialog_get_logo_icon_name(dialog)) == MemeMeApp.applicationID)
    #expect(String(cString: gtk_about_dialog_get_website(dialog)) == AboutDialog.website)
    #expect(gtk_about_dialog_get_license_type(dialog) == GTK_LICENSE_GPL_3_0)
    #expect(gtk_about_dialog_get_comments(dialog) != nil)
    #expect(gtk_window_get_transient_for(gtkkit_window(about)) == gtkkit_window(editor.window))
    MainContext.iterate { gtk_widget_get_mapped(about) != 0 }
    DisplayHarness.waitForFrames(about)
    Screenshot.save(about, named: "about")
  }

  /// The key presses on the display's keyboard that give `accelerator`: keycode, layout group, shift
  /// level (a symbol typed with Shift and the unshifted key pressed with Shift are the same press)
  /// and the other modifiers.
  private static func keyPresses(_ accelerator: String, _ widget: UnsafeMutablePointer<GtkWidget>) -> Set<
    String
  > {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    gtk_accelerator_parse(accelerator, &key, &modifiers)
    var keys: UnsafeMutablePointer<GdkKeymapKey>?
    var count: Int32 = 0
    guard gdk_display_map_keyval(gtk_widget_get_display(widget), key, &keys, &count) != 0, let keys else {
      return []
    }
    defer { g_free(keys) }
    let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue
    let others = modifiers.rawValue & ~GDK_SHIFT_MASK.rawValue
    return Set(
      (0..<Int(count)).map {
        let level = keys[$0].level + (shift != 0 && keys[$0].level % 2 == 0 ? 1 : 0)
        return "\(keys[$0].keycode)/\(keys[$0].group)/\(level)/\(others)"
      })
  }

  private static func string(_ object: gpointer, _ property: String) -> String {
    guard let value = gtkkit_object_get_string(object, property) else { return "" }
    defer { g_free(value) }
    return String(cString: value)
  }

}
