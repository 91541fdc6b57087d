// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The Keyboard Shortcuts window (Ctrl+?): every shortcut of every window, grouped by window, on
/// two pages (the editor's; Sent Memes' and Meme Detail's), opening on the page of the window it
/// was asked from.
///
/// Made from the typed action lists, so a shortcut added to an action appears here by itself. The
/// window's widgets are built in `ShortcutsWindow+Widgets.swift`.
enum ShortcutsWindow {
  /// One line: what it does and its accelerators (GTK syntax: "<Control>o").
  struct Shortcut: Equatable {
    let title: String
    let accelerators: [String]
  }

  /// The window's title and accessible name.
  static var title: String { localized("Keyboard Shortcuts") }
  /// One group per window or mode.
  struct Group {
    let title: String
    let shortcuts: [Shortcut]
  }

  /// A page of the window, chosen from its title bar: the editor's, or Sent Memes' and Meme
  /// Detail's. Each repeats the general shortcuts, so that every page is whole.
  struct Section {
    /// The page's name in the window's view stack.
    let name: String
    let title: String
    let groups: [Group]
  }

  static var sections: [Section] {
    [
      Section(
        name: editorSection, title: localized("Meme Editor"),
        groups: [
          // Two groups: one of 19 lines is long to scroll through.
          Group(
            title: localized("Meme Editor"),
            shortcuts: editorShortcuts + [
              Shortcut(title: localized("Finish a caption"), accelerators: ["Return"])
            ]),
          Group(title: localized("View and Picture"), shortcuts: pictureShortcuts),
          Group(title: localized("Animation"), shortcuts: animationShortcuts),
          Group(title: localized("Crop"), shortcuts: cropShortcuts),
          Group(title: localized("Text Boxes"), shortcuts: textBoxShortcuts),
          Group(
            title: localized("Camera"),
            shortcuts: [Shortcut(title: localized("Cancel"), accelerators: ["Escape"])]),
          general,
        ]),
      Section(
        name: sentMemesSection, title: localized("Sent Memes"),
        groups: [
          Group(
            title: localized("Sent Memes"),
            shortcuts: [Shortcut(title: SentMemesAction.openMeme.title, accelerators: ["Return"])]
              + SentMemesAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }
              + TemplateAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }),
          Group(
            title: localized("Meme Detail"),
            shortcuts: (DetailAction.allCases.filter { $0 != .close }.map { ($0.title, $0.accelerators) }
              + shareShortcuts + [(DetailAction.close.title, DetailAction.close.accelerators)])
              .compactMap { shortcut($0.0, $0.1) }),
          general,
        ]),
    ]
  }

  /// The editor's own actions, the share targets' after Share, without those of the picture and the
  /// text boxes (groups of their own).
  private static var editorShortcuts: [Shortcut] {
    EditorAction.allCases.filter { !$0.isAboutTextBoxes && !$0.isAboutThePicture }
      .flatMap {
        $0 == .share ? [($0.title, $0.accelerators)] + shareShortcuts : [($0.title, $0.accelerators)]
      }
      .compactMap { shortcut($0.0, $0.1) }
  }

  /// The share targets' titles and shortcuts, the same in the editor and Meme Detail.
  private static var shareShortcuts: [(String, [String])] {
    ShareTarget.allCases.map { ($0.title, $0.accelerators) }
  }

  /// The editor's section: where the window opens over the editor.
  static let editorSection = "editor"
  static let sentMemesSection = "sent-memes"

  private static var general: Group {
    Group(
      title: localized("General"),
      shortcuts: ApplicationAction.allCases.compactMap { shortcut($0.title, $0.accelerators) }
        + [Shortcut(title: localized("Main Menu"), accelerators: ["F10"])])
  }

  /// What changes how the picture is seen, cut, turned and mirrored: the zoom, Crop…, then the turns.
  private static var pictureShortcuts: [Shortcut] {
    let zoom: [EditorAction] = [.zoomIn, .zoomOut, .zoomFit]
    let turns = EditorAction.allCases.filter { $0.isAboutThePicture && !zoom.contains($0) }
    return
      (zoom.map { ($0.title, $0.accelerators) } + [(CropAction.begin.title, CropAction.begin.accelerators)]
      + turns.map { ($0.title, $0.accelerators) }).compactMap { shortcut($0.0, $0.1) }
  }

  /// An animation's keys, which the window takes when the focused control does not type them (see
  /// `AnimationPlayback.attachKeys`, `TimingEditing.attachKeys`), and the trim handles' own.
  private static var animationShortcuts: [Shortcut] {
    [
      Shortcut(title: EditorAction.previousFrame.title, accelerators: ["comma"]),
      Shortcut(title: EditorAction.nextFrame.title, accelerators: ["period"]),
      Shortcut(title: EditorAction.trimStart.title, accelerators: ["i"]),
      Shortcut(title: EditorAction.trimEnd.title, accelerators: ["o"]),
      Shortcut(title: localized("Move a trim handle by a frame"), accelerators: ["Left", "Right"]),
      Shortcut(
        title: localized("Move a trim handle by a second"), accelerators: ["<Shift>Left", "<Shift>Right"]),
    ]
  }

  /// Crop mode's keys (see `CropOverlay+Keys.swift`). A modifier held with the arrows is shown as
  /// that key alone: four Alt+arrow pairs would not fit a small screen's width.
  private static var cropShortcuts: [Shortcut] {
    [
      Shortcut(title: localized("Move the crop"), accelerators: ["Left", "Right", "Up", "Down"]),
      Shortcut(
        title: localized("With the arrows: move an edge or corner"),
        accelerators: ["<Alt>"]),
      Shortcut(title: localized("Hold while moving to go ten times as far"), accelerators: ["<Shift>"]),
      Shortcut(title: CropAction.apply.title, accelerators: CropAction.apply.keys),
      Shortcut(title: CropAction.cancel.title, accelerators: CropAction.cancel.keys),
    ]
  }

  /// The text box actions, then the keys of a selected box (see `TextBoxEditing`).
  private static var textBoxShortcuts: [Shortcut] {
    (EditorAction.allCases.filter(\.isAboutTextBoxes).map { ($0.title, $0.accelerators) }
      + LayerAction.allCases.map { ($0.title, $0.accelerators) })
      .compactMap { shortcut($0.0, $0.1) } + [
        Shortcut(title: localized("Type in the selected text box"), accelerators: ["Return"]),
        Shortcut(title: localized("Stop typing; again: deselect the box"), accelerators: ["Escape"]),
        Shortcut(title: localized("Remove the selected text box"), accelerators: ["Delete"]),
        Shortcut(
          title: localized("Nudge the selected text box"), accelerators: ["Left", "Right", "Up", "Down"]),
        Shortcut(title: localized("With the arrows: resize the selected text box"), accelerators: ["<Alt>"]),
        Shortcut(
          title: localized("Turn the selected text box"), accelerators: ["<Control>Left", "<Control>Right"]),
        // A comic bubble's Move Tail (in its menu) gives the arrows to its tail's tip.
        Shortcut(
          title: localized("With Move Tail on: move a comic bubble’s tail"),
          accelerators: ["Left", "Right", "Up", "Down"]),
        // One key rather than Shift with every arrow: the window must fit a small screen's width.
        Shortcut(
          title: localized("Hold for larger steps: ten pixels, or 15 degrees"), accelerators: ["<Shift>"]),
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
