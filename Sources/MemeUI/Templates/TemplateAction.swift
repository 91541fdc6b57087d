// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// The template actions, each a `win.` action of every window that offers it: the editor (its
/// picture), Sent Memes (the selected meme) and Meme Detail (its meme) keep a template with
/// `use-as-template`; the editor and Sent Memes open the gallery and import a folder. A window
/// has them only while the store is open (templates live in it), so their menu items are
/// insensitive otherwise.
enum TemplateAction: String, NamedAction {
  case useAsTemplate = "use-as-template"
  case newFromTemplate = "new-from-template"
  case importTemplates = "import-templates"

  var accelerators: [String] {
    switch self {
    // Beside Ctrl+N's New Meme.
    case .newFromTemplate: ["<Control><Shift>n"]
    case .useAsTemplate, .importTemplates: []
    }
  }

  var title: String {
    switch self {
    case .useAsTemplate: localized("Use as Template")
    case .newFromTemplate: localized("New from Template…")
    case .importTemplates: localized("Import Folder as Templates…")
    }
  }

  /// As a menu item.
  var menuItem: (label: String, action: String) { (title, detailedName) }
}
