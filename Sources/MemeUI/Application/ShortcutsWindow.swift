// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The Keyboard Shortcuts window (Ctrl+?): every shortcut of every window, grouped by window.
///
/// Made from the typed action lists, so a shortcut added to an action appears here by itself. The
/// GtkShortcutsWindow is described as GtkBuilder XML (its groups and lines have no other public
/// constructor in GTK 4.8), generated here with the translated titles already filled in.
enum ShortcutsWindow {
  /// One line: what it does and its accelerators (GTK syntax: "<Control>o").
  struct Shortcut: Equatable {
    let title: String
    let accelerators: [String]
  }

  /// The window's title and accessible name.
  static var title: String { localized("Keyboard Shortcuts") }

  /// One group per window, in the order the user meets them.
  struct Group {
    let title: String
    let shortcuts: [Shortcut]
  }

  static var groups: [Group] {
    [
      Group(
        title: localized("Meme Editor"),
        shortcuts: EditorAction.allCases.filter { !$0.isAboutTextBoxes }.compactMap {
          shortcut($0.title, $0.accelerators)
        } + [Shortcut(title: localized("Finish a caption"), accelerators: ["Return"])]),
      Group(title: localized("Text Boxes"), shortcuts: textBoxShortcuts),
      Group(
        title: localized("Sent Memes"),
        shortcuts: [Shortcut(title: SentMemesAction.openMeme.title, accelerators: ["Return"])]
          + SentMemesAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }),
      Group(
        title: localized("Meme Detail"),
        shortcuts: DetailAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }),
      Group(
        title: localized("Camera"),
        shortcuts: [Shortcut(title: localized("Cancel"), accelerators: ["Escape"])]),
      Group(
        title: localized("General"),
        shortcuts: ApplicationAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }
          + [Shortcut(title: localized("Main Menu"), accelerators: ["F10"])]),
    ]
  }

  /// The text box actions, then the keys of a selected box (see `EditorWindow+TextBoxes.swift`).
  private static var textBoxShortcuts: [Shortcut] {
    EditorAction.allCases.filter(\.isAboutTextBoxes).compactMap { shortcut($0.title, $0.accelerators) } + [
      Shortcut(title: localized("Type in the selected text box"), accelerators: ["Return"]),
      Shortcut(title: localized("Stop typing; again: deselect the box"), accelerators: ["Escape"]),
      Shortcut(title: localized("Remove the selected text box"), accelerators: ["Delete"]),
      Shortcut(
        title: localized("Nudge the selected text box"), accelerators: ["Left", "Right", "Up", "Down"]),
      // One key rather than four Shift+arrow pairs: the window must fit a small screen's width.
      Shortcut(title: localized("Hold while nudging to move ten times as far"), accelerators: ["Shift_L"]),
      Shortcut(title: localized("Next or previous caption"), accelerators: ["Tab", "<Shift>Tab"]),
    ]
  }

  /// A line for an action's accelerators; nil when it has none.
  private static func shortcut(_ title: String, _ accelerators: [String]) -> Shortcut? {
    let shown = displayed(accelerators)
    return shown.isEmpty ? nil : Shortcut(title: title, accelerators: shown)
  }

  /// The accelerators worth showing: keypad twins ("KP_Delete" beside "Delete") are left out, and
  /// so are the symbols Shift types on a key beside that key with Shift ("<Control>braceleft" beside
  /// "<Control><Shift>bracketleft"): both are bound so the key press reaches its action, but they
  /// are one press, best read as Shift and the key printed on the keyboard.
  static func displayed(_ accelerators: [String]) -> [String] {
    let keys = accelerators.map(parsed)
    return accelerators.filter { accelerator in
      guard !accelerator.contains("KP_") else { return false }
      guard let unshifted = shiftedTwin(of: parsed(accelerator)) else { return true }
      return !keys.contains { $0 == unshifted }
    }
  }

  /// The symbols Shift types on the bracket keys of most layouts, and those keys.
  private static let shiftedSymbols = ["braceleft": "bracketleft", "braceright": "bracketright"]

  /// The key and modifiers of a GTK accelerator.
  private static func parsed(_ accelerator: String) -> (key: guint, modifiers: guint) {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    gtk_accelerator_parse(accelerator, &key, &modifiers)
    return (key, modifiers.rawValue)
  }

  /// `accelerator` spelled as Shift and the key that types its symbol, if it is such a symbol.
  private static func shiftedTwin(of accelerator: (key: guint, modifiers: guint)) -> (
    key: guint, modifiers: guint
  )? {
    guard let name = gdk_keyval_name(accelerator.key),
      let base = shiftedSymbols[String(cString: name)]
    else { return nil }
    return (gdk_keyval_from_name(base), accelerator.modifiers | GDK_SHIFT_MASK.rawValue)
  }
}
