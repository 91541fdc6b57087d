// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// What the editor, Sent Memes and Meme Detail windows share: one AdwApplicationWindow whose
/// `win.` actions are the window's behaviour, its content a header bar above the window's body.
protocol AppWindow: AnyObject {
  var window: UnsafeMutablePointer<GtkWidget> { get }
}

extension AppWindow {
  /// The window's `win.` actions (buttons, menus, shortcuts and tests all go through them).
  var actions: ActionMap { ActionMap(window) }

  /// The window as a GtkWindow: what is done with a toplevel (present, close, its size and focus).
  var toplevel: Window { Window(wrapping: window) }

  /// A new window of `application` with its title and widget name (tests and styles find it by name).
  static func makeWindow(
    of application: Application, title: String, name: String
  ) -> UnsafeMutablePointer<GtkWidget> {
    let window = AdwWindow.make(of: application.pointer)
    Window(wrapping: window).title = title
    window.name = name
    return window
  }
}
