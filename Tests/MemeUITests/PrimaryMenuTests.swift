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

  static func items(of model: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String)] {
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
      ("Find Memes in Desktop Search", "app.search-provider"),
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
    // The app's own items only (HIG): what acts on the picture is in the canvas's context menu.
    let pictureItems =
      [EditorAction.paste, .undo, .redo].map(\.detailedName) + LayerAction.allCases.map(\.detailedName)
    #expect(
      !editorItems.contains { item in pictureItems.contains { $0 == item.action } },
      "\(editorItems)")

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
    // Named for screen readers, which GTK 4.8 would tell "GtkPopoverMenu".
    let mismatch = gtkkit_accessible_check_string(
      gtkkit_accessible(popover), GTK_ACCESSIBLE_PROPERTY_LABEL, "Main Menu")
    defer { g_free(mismatch) }
    #expect(mismatch == nil, "\(mismatch.map { String(cString: $0) } ?? "")")
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

    #expect(gtk_window_get_modal(gtkkit_window(window)) != 0)

    // One boxed list per group, titled as the group; in each row what the shortcut does and, in
    // its shortcut label, the keys.
    var groups: [String] = []
    var shortcuts: [(title: String, accelerator: String)] = []
    _ = WidgetTree.first(in: window) { widget in
      if gtkkit_is_a(widget, adw_preferences_group_get_type()) != 0 {
        groups.append(String(cString: adw_preferences_group_get_title(gtkkit_preferences_group(widget))))
      }
      if gtkkit_is_a(widget, adw_action_row_get_type()) != 0 {
        // Each accelerator has a key-cap label of its own, in order.
        var keys: [String] = []
        _ = WidgetTree.first(in: widget) {
          if ShortcutLabel(wrapping: $0) != nil { keys.append(Self.string($0, "accelerator")) }
          return false
        }
        shortcuts.append((ActionRow(wrapping: widget).title, keys.joined(separator: " ")))
      }
      return false
    }
    // One group per window, the editor's animation keys, crop mode and text boxes apart, the general
    // shortcuts on both pages.
    #expect(
      groups.sorted() == [
        "Animation", "Camera", "Crop", "General", "General", "Meme Detail", "Meme Editor", "Sent Memes",
        "Text Boxes", "View and Picture",
      ])
    // Opened over the editor, it starts on the editor's page.
    #expect(Self.pages(of: window)?.visibleChildName == ShortcutsWindow.editorSection)
    #expect(shortcuts.contains { $0.title == "Move the crop" && $0.accelerator == "Left Right Up Down" })
    #expect(shortcuts.contains { $0.title == "Turn the selected text box" })
    #expect(shortcuts.contains { $0.title == EditorAction.trimStart.title && $0.accelerator == "i" })
    #expect(shortcuts.contains { $0.title == EditorAction.trimEnd.title && $0.accelerator == "o" })
    #expect(
      shortcuts.contains {
        $0.title == "Next caption, text box or sticker" && $0.accelerator == "<Control>Tab"
      })
    #expect(!shortcuts.contains { $0.accelerator.contains("Tab") && !$0.accelerator.contains("<Control>") })
    // Key caps read as keys: "Shift", never "Shift L" (a left or right key's name).
    let caps = Self.keyCaps(in: window)
    #expect(caps.contains("Shift") && caps.contains("Alt") && caps.contains("Ctrl"), "\(caps)")
    #expect(!caps.contains { $0.contains("<small>") || $0.hasSuffix(" L") || $0.hasSuffix(" R") }, "\(caps)")
    // Every accelerator the application binds appears, with its action's title.
    let bound: [(String, [String])] =
      EditorAction.allCases.map { ($0.title, $0.accelerators) }
      + CropAction.allCases.map { ($0.title, $0.accelerators) }
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
    Self.saveLightAndDark(window, named: "keyboard-shortcuts")
    try Self.expectShortcutsFit360(window)
  }

  /// At 360×640 the Keyboard Shortcuts window stays 360 px wide (GTK's own shortcuts window was
  /// 1,065 px), its pages switched from a bar at the bottom, and every row of both pages lies
  /// inside it across.
  private static func expectShortcutsFit360(_ window: UnsafeMutablePointer<GtkWidget>) throws {
    let pages = try #require(Self.pages(of: window))
    let width = NarrowWindow.make360(window) {
      MainContext.iterate { gtk_widget_get_width(window) < 400 }
      DisplayHarness.waitForFrames(window)
    }
    var minimum: Int32 = 0
    gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    #expect(minimum <= 360, "the window needs \(minimum) px")
    #expect(
      MainContext.iterate { gtk_widget_get_width(window) == width }, "\(gtk_widget_get_width(window)) px")
    let bar = try #require(
      WidgetTree.first(in: window) { gtkkit_is_a($0, adw_view_switcher_bar_get_type()) != 0 })
    #expect(
      MainContext.iterate { gtk_widget_get_mapped(bar) != 0 }, "the pages' switcher moves to the bottom")
    DisplayHarness.waitForFrames(window, count: 30)  // the header's switcher fades into the title
    for name in [ShortcutsWindow.editorSection, ShortcutsWindow.sentMemesSection] {
      pages.visibleChildName = name
      let page = try #require(pages.child(named: name))
      MainContext.iterate { gtk_widget_get_mapped(page) != 0 }
      DisplayHarness.waitForFrames(window)
      var rows = 0
      ShownControls.visit(page) { row in
        guard gtkkit_is_a(row, adw_action_row_get_type()) != 0 else { return }
        rows += 1
        let bounds = WidgetTree.bounds(of: row, in: window)
        #expect(
          bounds.map { $0.width >= 1 && $0.x >= -0.5 && $0.x + $0.width <= Double(width) + 0.5 } == true,
          "\(name): \(ActionRow(wrapping: row).title) at \(String(describing: bounds))")
      }
      #expect(rows > 10, "\(name) shows its rows")
      Self.saveLightAndDark(window, named: "keyboard-shortcuts-360-\(name)")
    }
  }

  /// Screenshots of `window` in the light style and in the dark one, for a look at both.
  private static func saveLightAndDark(_ window: UnsafeMutablePointer<GtkWidget>, named name: String) {
    Screenshot.save(window, named: name)
    SystemStyle.setColorScheme(.preferDark)
    defer { SystemStyle.setColorScheme(.default) }
    DisplayHarness.waitForFrames(window, count: 5)
    Screenshot.save(window, named: "\(name)-dark")
  }

  /// The Keyboard Shortcuts window's pages.
  private static func pages(of window: UnsafeMutablePointer<GtkWidget>) -> ViewStack? {
    WidgetTree.first(in: window) { ViewStack(wrapping: $0) != nil }.flatMap { ViewStack(wrapping: $0) }
  }

  @Test func aboutWindowNamesTheAppAndItsRelease() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.application.application.actions.action(named: ApplicationAction.about.rawValue)?.activate()
    MainContext.drain()
    let window = try #require(SentMemesHarness.toplevel(named: "about-window"))
    defer { gtk_window_destroy(gtkkit_window(window)) }
    let about = try #require(AboutWindow(window), "an AdwAboutWindow")
    #expect(about.applicationName == "MemeMe")
    #expect(about.applicationIcon == AppIdentity.applicationID)
    #expect(about.version == AppIdentity.version)
    #expect(about.developerName == "The MemeMe developers")
    #expect(about.developers == ["The MemeMe developers"])
    #expect(about.website == "https://github.com/mememe/MemeMe")
    #expect(about.issueURL == "https://github.com/mememe/MemeMe/issues")
    #expect(about.licenseType == GTK_LICENSE_GPL_3_0)
    #expect(!about.comments.isEmpty && !about.copyright.isEmpty)
    #expect(about.releaseNotesVersion == AppIdentity.version)
    #expect(about.releaseNotes.hasPrefix("<p>") && about.releaseNotes.count > "<p></p>".count)
    #expect(about.releaseNotes == AboutMemeMe.releaseNotes)
    #expect(gtk_window_get_transient_for(gtkkit_window(window)) == gtkkit_window(editor.window))
    #expect(gtk_window_get_modal(gtkkit_window(window)) != 0)
    MainContext.iterate { gtk_widget_get_mapped(window) != 0 }
    DisplayHarness.waitForFrames(window)
    Screenshot.save(window, named: "about")

    // What's New shows the release notes, rendered from their markup.
    // The row on the main page (the subpage's title says What's New too).
    let whatsNew = try #require(
      WidgetTree.first(in: window) {
        gtkkit_is_label($0) != 0 && String(cString: gtk_label_get_text(gtkkit_label($0))) == "What’s New"
          && gtk_widget_get_ancestor($0, gtk_list_box_row_get_type()) != nil
      })
    gtk_widget_activate(gtk_widget_get_ancestor(whatsNew, gtk_list_box_row_get_type()))
    let notes = try #require(
      MainContext.iterate { Self.releaseNotesView(in: window) != nil }
        ? Self.releaseNotesView(in: window) : nil,
      "the release notes are shown")
    #expect(
      Self.text(of: notes).contains("looks and behaves like a GNOME application"), "\(Self.text(of: notes))")
    DisplayHarness.waitForFrames(window, count: 30)  // the page slides in
    Screenshot.save(window, named: "about-whats-new")
  }

  /// The text view showing the release notes, once it is on screen.
  private static func releaseNotesView(in window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
    GtkWidget
  >? {
    WidgetTree.first(in: window) {
      gtkkit_is_a($0, gtk_text_view_get_type()) != 0 && gtk_widget_get_mapped($0) != 0
        && !text(of: $0).isEmpty
    }
  }

  private static func text(of textView: UnsafeMutablePointer<GtkWidget>) -> String {
    let buffer = gtk_text_view_get_buffer(gtkkit_text_view(textView))
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// The About window's links, developer and release notes are the metainfo's: its homepage and
  /// bugtracker, its developer's name, and the description of its newest release, which is this version.
  @Test func theAboutWindowSaysWhatTheMetainfoSays() throws {
    let metainfo = try String(
      contentsOf: TestEnvironment.packageRoot.appendingPathComponent(
        "data/io.github.mememe.MemeMe.metainfo.xml.in.in"), encoding: .utf8)
    func element(_ name: String, _ attributes: String = "", in text: String) -> String? {
      guard let start = text.range(of: "<\(name)\(attributes)>"),
        let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex)
      else { return nil }
      return String(text[start.upperBound..<end.lowerBound])
    }
    /// Markup with its line breaks and indentation as one space, none next to a tag.
    func flattened(_ markup: String) -> String {
      markup.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        .replacingOccurrences(of: "> ", with: ">").replacingOccurrences(of: " <", with: "<")
    }
    #expect(element("url", #" type="homepage""#, in: metainfo) == AboutMemeMe.website)
    #expect(element("url", #" type="bugtracker""#, in: metainfo) == AboutMemeMe.issueURL)
    let developer = try #require(element("developer", #" id="io.github.mememe""#, in: metainfo))
    #expect(element("name", in: developer) == AboutMemeMe.developerName)
    let releases = try #require(element("releases", in: metainfo))
    let newest = try #require(releases.range(of: "<release ").map { String(releases[$0.lowerBound...]) })
    #expect(
      newest.hasPrefix(#"<release version="\#(AppIdentity.version)""#), "the newest release is this version")
    let notes = try #require(element("description", in: newest))
    #expect(flattened(notes) == flattened(AboutMemeMe.releaseNotes))
  }

  /// The key presses on the display's keyboard that give `accelerator`: keycode, layout group, shift
  /// level (a symbol typed with Shift and the unshifted key pressed with Shift are the same press)
  /// and the other modifiers; for a modifier alone, that modifier.
  private static func keyPresses(_ accelerator: String, _ widget: UnsafeMutablePointer<GtkWidget>) -> Set<
    String
  > {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    gtk_accelerator_parse(accelerator, &key, &modifiers)
    // A modifier held alone ("<Shift>") has no key to look up: GDK would report a CRITICAL.
    guard key != 0 else { return ["modifiers/\(modifiers.rawValue)"] }
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

  /// The text of every key cap the window's shortcut labels show.
  private static func keyCaps(in widget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
    var caps: Set<String> = []
    if gtkkit_is_a(widget, gtk_label_get_type()) != 0, gtk_widget_has_css_class(widget, "keycap") != 0 {
      caps.insert(String(cString: gtk_label_get_label(gtkkit_label(widget))))
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      caps.formUnion(keyCaps(in: current))
      child = gtk_widget_get_next_sibling(current)
    }
    return caps
  }

  private static func string(_ object: gpointer, _ property: String) -> String {
    guard let value = gtkkit_object_get_string(object, property) else { return "" }
    defer { g_free(value) }
    return String(cString: value)
  }

}
