// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkEmojiChooser: GTK's own popover of every emoji, with its search, categories and skin tones.
/// It is a popover: give it to a `MenuButton` to open it.
public struct EmojiChooser {
  public let widget: Widget

  public init() {
    widget = gtk_emoji_chooser_new()
  }

  /// Runs `handler` with each emoji picked (its text, which may be several scalars: 👍🏽).
  public func onPicked(_ handler: @escaping (String) -> Void) {
    Signal.connectString(widget, "emoji-picked", handler)
  }
}
